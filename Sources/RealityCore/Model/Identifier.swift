import Foundation

/// A UUID tagged with the kind of entity it names, so that a layer's ID cannot be passed where an
/// annotation's is expected. It encodes as a plain UUID string.
public struct Identifier<Entity>: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The underlying UUID.
    public var rawValue: UUID

    /// Wraps an existing UUID.
    public init(_ rawValue: UUID) {
        self.rawValue = rawValue
    }

    /// A fresh identifier, time-ordered (UUID version 7) so that newer records sort after older ones.
    public init() {
        self.rawValue = UUID.timeOrdered()
    }

    /// Parses a UUID string in any letter case; nil when the string is not a UUID.
    public init?(uuidString: String) {
        guard let uuid = UUID.parse(uuidString) else { return nil }
        self.rawValue = uuid
    }

    /// The canonical lowercase UUID string used in JSON, SQL and URLs.
    public var uuidString: String { rawValue.lowercasedString }

    public var description: String { uuidString }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let uuid = UUID.parse(string) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a UUID string, found \"\(string.prefix(64))\".")
        }
        self.rawValue = uuid
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(uuidString)
    }
}

/// Identifies a user account (the seed's CloudKit user record name).
public typealias UserID = Identifier<User>
/// Identifies an annotation.
public typealias AnnotationID = Identifier<Annotation>
/// Identifies a layer.
public typealias LayerID = Identifier<Layer>
/// Identifies a comment.
public typealias CommentID = Identifier<Comment>
/// Identifies a world map.
public typealias WorldMapID = Identifier<WorldMap>
/// Identifies an anchor inside a world map.
public typealias AnchorID = Identifier<WorldAnchor>

extension UUID {
    /// The UUID as a lowercase string, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    ///
    /// Written by hand because Foundation's `uuidString` formats each byte with `printf` and is
    /// then lowercased: that was a tenth of the cost of storing an annotation.
    public var lowercasedString: String {
        withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { buffer in
                let digits: StaticString = "0123456789abcdef"
                var index = 0
                for (position, byte) in bytes.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        buffer[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    digits.withUTF8Buffer { hex in
                        buffer[index] = hex[Int(byte >> 4)]
                        buffer[index + 1] = hex[Int(byte & 0x0F)]
                    }
                    index += 2
                }
                return index
            }
        }
    }
}
