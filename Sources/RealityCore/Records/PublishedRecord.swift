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
    /// The record as its type encodes it in the platform's JSON dialect: a JSON object, carried
    /// as it is (the feed writes these bytes, a device decodes its type from them).
    public let json: Data

    /// The record of kind `recordType` that `json` holds; refused unless the kind is published and
    /// `json` is an object with a non-empty string `id` (the field at fault named from `record`).
    public init(_ recordType: RecordType, json: Data) throws(JSONInputError) {
        guard recordType.published != nil else {
            throw JSONInputError(
                field: "recordType", reason: .invalidValue, detail: "\(recordType.rawValue) is not a published kind")
        }
        let head = try Self.head(of: json)
        guard !head.id.isEmpty else {
            throw JSONInputError(field: "record.id", reason: .invalidValue, detail: "a published record's id is empty")
        }
        self.recordType = recordType
        self.recordID = head.id
        self.json = json
    }

    /// `record` as a published record of kind `recordType`.
    public init(_ recordType: RecordType, encoding record: some Encodable) throws {
        try self.init(recordType, json: RealityJSON.encode(record))
    }

    /// The record decoded as `type` (the kind's own type, in its app's module).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try RealityJSON.decode(type, from: json)
    }

    /// The one field the platform reads of a published record.
    private struct Head: Decodable {
        let id: String
    }

    /// The head of `json`; a refusal names its field from `record`.
    private static func head(of json: Data) throws(JSONInputError) -> Head {
        do {
            return try RealityJSON.decode(Head.self, from: json)
        } catch {
            throw JSONInputError(
                field: error.field.map { "record.\($0)" } ?? "record", reason: error.reason, detail: error.detail)
        }
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
