import Foundation

/// A record as the change feed and conflict results carry it; its shape follows its
/// ``RecordType`` (docs/sync-protocol.md, "Records").
public enum SyncRecord: Hashable, Sendable {
    case annotation(Annotation)
    case layer(Layer)
    case comment(Comment)
    case user(User)
    case star(StarRecord)
    case notification(AppNotification)
    case worldMap(WorldMap)
    /// A record of an owned kind (``OwnedRecord``).
    case owned(AnyOwnedRecord)
    /// A record of a published kind (``PublishedRecord``).
    case published(PublishedRecord)

    /// The record's type.
    public var recordType: RecordType {
        switch self {
        case .annotation: .annotation
        case .layer: .layer
        case .comment: .comment
        case .user: .user
        case .star: .star
        case .notification: .notification
        case .worldMap: .worldMap
        case .owned(let record): record.recordType
        case .published(let record): record.recordType
        }
    }

    /// The record's ID as the feed names it.
    public var recordID: String {
        switch self {
        case .annotation(let annotation): annotation.id.uuidString
        case .layer(let layer): layer.id.uuidString
        case .comment(let comment): comment.id.uuidString
        case .user(let user): user.id.uuidString
        case .star(let star): star.annotationID.uuidString
        case .notification(let notification): notification.id.lowercasedString
        case .worldMap(let map): map.id.uuidString
        case .owned(let record): record.recordID
        case .published(let record): record.recordID
        }
    }

    /// Decodes the record of type `type` from `decoder`.
    public init(type: RecordType, from decoder: any Decoder) throws {
        if let owned = type.owned {
            self = .owned(try AnyOwnedRecord(owned, from: decoder))
            return
        }
        if type.published != nil {
            // Decoded without knowing its shape, and kept as the JSON it is.
            self = .published(try PublishedRecord(type, json: RealityJSON.encode(JSONValue(from: decoder))))
            return
        }
        switch type {
        case .annotation: self = .annotation(try Annotation(from: decoder))
        case .layer: self = .layer(try Layer(from: decoder))
        case .comment: self = .comment(try Comment(from: decoder))
        case .user: self = .user(try User(from: decoder))
        case .star: self = .star(try StarRecord(from: decoder))
        case .notification: self = .notification(try AppNotification(from: decoder))
        case .worldMap: self = .worldMap(try WorldMap(from: decoder))
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(type.rawValue) is not a feed record"))
        }
    }

    /// Encodes the record itself (without its type).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .annotation(let record): try record.encode(to: encoder)
        case .layer(let record): try record.encode(to: encoder)
        case .comment(let record): try record.encode(to: encoder)
        case .user(let record): try record.encode(to: encoder)
        case .star(let record): try record.encode(to: encoder)
        case .notification(let record): try record.encode(to: encoder)
        case .worldMap(let record): try record.encode(to: encoder)
        case .owned(let record): try record.encode(to: encoder)
        case .published(let record): try RealityJSON.decode(JSONValue.self, from: record.json).encode(to: encoder)
        }
    }
}
