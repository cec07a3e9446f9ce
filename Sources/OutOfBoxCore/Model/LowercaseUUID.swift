import Foundation

/// A UUID written in the platform's JSON dialect: lowercase, as the platform's identifiers are
/// (`Identifier`), so that a person's ID reads the same in every answer. Reads either case.
@propertyWrapper
public struct LowercaseUUID: Codable, Sendable, Hashable {
    public var wrappedValue: UUID

    public init(wrappedValue: UUID) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(UUID.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.uuidString.lowercased())
    }
}
