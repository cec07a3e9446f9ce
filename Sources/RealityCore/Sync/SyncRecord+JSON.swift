import Foundation

extension SyncRecord {
    /// The record alone as JSON, in the platform's dialect (how a device keeps base versions):
    /// `RealityJSON.encode`'s bytes, written by its ``JSONWritable`` conformance.
    public func jsonData() throws -> Data {
        Data(try JSONWriter.bytes(of: self))
    }

    /// The record of type `type` that `data` holds (as ``jsonData()`` wrote it).
    public init(type: RecordType, json data: Data) throws {
        if let owned = type.owned {
            self = .owned(try AnyOwnedRecord(owned, json: data))
            return
        }
        if type.published != nil {
            self = .published(try PublishedRecord(type, json: data))
            return
        }
        switch type {
        case .annotation: self = .annotation(try RealityJSON.decode(Annotation.self, from: data))
        case .layer: self = .layer(try RealityJSON.decode(Layer.self, from: data))
        case .comment: self = .comment(try RealityJSON.decode(Comment.self, from: data))
        case .user: self = .user(try RealityJSON.decode(User.self, from: data))
        case .star: self = .star(try RealityJSON.decode(StarRecord.self, from: data))
        case .notification: self = .notification(try RealityJSON.decode(AppNotification.self, from: data))
        case .worldMap: self = .worldMap(try RealityJSON.decode(WorldMap.self, from: data))
        default:
            throw JSONInputError(
                field: "recordType", reason: .invalidValue, detail: "\(type.rawValue) is not a feed record")
        }
    }
}
