import Foundation

/// A record of a published kind (``RecordType/published``): one an administrator publishes for
/// everyone, such as Out of Box's catalog of challenges. Every user's public scope carries every
/// record of the kind, which no device pushes. The platform carries it without knowing its shape:
/// the kind's type lives in the module of the app that publishes it (Out of Box's `Challenge`), which
/// turns its records into this and back; here it is the JSON object the kind encodes to.
public struct PublishedRecord: Hashable, Sendable {
    /// The kind.
    public let recordType: RecordType
    /// The record's ID, its `id` field.
    public let recordID: String
    /// The record as its type encodes it in the platform's JSON dialect.
    public let body: JSONValue

    /// The record of kind `recordType` that `body` holds; refused unless the kind is published and
    /// `body` is an object with a non-empty string `id`.
    public init(_ recordType: RecordType, body: JSONValue) throws(JSONInputError) {
        guard recordType.published != nil else {
            throw JSONInputError(
                field: "recordType", reason: .invalidValue, detail: "\(recordType.rawValue) is not a published kind")
        }
        guard case .object = body else {
            throw JSONInputError(field: "record", reason: .wrongType, detail: "a published record is a JSON object")
        }
        guard case .string(let id)? = body["id"], !id.isEmpty else {
            throw JSONInputError(
                field: "record.id", reason: .missingField, detail: "a published record has a string id")
        }
        self.recordType = recordType
        self.recordID = id
        self.body = body
    }

    /// `record` as a published record of kind `recordType`.
    public init(_ recordType: RecordType, encoding record: some Encodable) throws {
        let body = try RealityJSON.decode(JSONValue.self, from: RealityJSON.encode(record))
        try self.init(recordType, body: body)
    }

    /// The record decoded as `type` (the kind's own type, in its app's module).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try RealityJSON.decode(type, from: RealityJSON.encode(body))
    }
}

extension RecordType {
    /// What the feed needs to know of a published kind (``PublishedRecord``), stated once per kind
    /// (``RecordType/published``); nil for every other kind.
    public struct PublishedTraits: Sendable {
        /// The kind's position within one commit of the feed.
        public let feedPosition: Int
        /// The table both stores keep the kind in; its key is `id`, its change tag `changeSeq`.
        public let tableName: String
        /// The name of the kind's schema in the OpenAPI document (its app describes it).
        public let schemaName: String
    }

    /// The kind's traits when it is published, nil otherwise: the one place that makes a kind
    /// published. A new published kind adds its case here and its own table, written by its app.
    public var published: PublishedTraits? {
        switch self {
        case .challenge: PublishedTraits(feedPosition: 9, tableName: "challenges", schemaName: "Challenge")
        case .annotation, .layer, .comment, .user, .worldMap, .notification, .grant, .reaction, .view, .star,
            .savedSearch:
            nil
        }
    }

    /// Every published kind, in ``RecordType`` order.
    public static let publishedKinds: [RecordType] = allCases.filter { $0.published != nil }
}
