import Foundation

/// A kind of record that one user owns and that syncs to that user's devices alone, in the private
/// scope (docs/architecture.md, "Recipe: add a synced record type"). Its declaration, its
/// ``RecordType`` case and the few facts here are all a new kind states: both stores write, read,
/// log and delete it through its declaration's table, the sync feed and push carry it, and
/// ``OwnedRecordController`` serves it over REST, with no line naming the kind elsewhere.
public protocol OwnedRecord: DeclaredRecord, Codable, Hashable, Sendable {
    /// The kind's name in the feed, the outbox, push mutations and errors.
    static var recordType: RecordType { get }
    /// Where the kind comes in one commit of the feed: a number no other kind uses, after the
    /// platform's own (``RecordType/SyncTraits/feedPosition``).
    static var feedPosition: Int { get }
    /// The last part of the kind's REST paths: `/api/v1/{path}` and `/api/v1/{path}/{id}`.
    static var routePath: String { get }
    /// The kind for people, singular and plural ("saved search", "saved searches").
    static var displayName: (one: String, many: String) { get }
    /// The most records of the kind one user may keep.
    static var limitPerOwner: Int { get }

    /// Stable identity across devices.
    var id: Identifier<Self> { get set }
    /// The user who owns it, and alone sees and changes it.
    var ownerID: UserID { get set }
    /// When it was made.
    var createdAt: Date { get set }
    /// When it last changed.
    var updatedAt: Date { get set }

    /// A few words that identify the record for people (a name, a title).
    var summary: String { get }

    /// Checks the record's own fields, first failure wins.
    func validate() throws(ValidationError)
}

extension OwnedRecord {
    /// The kind's table in both stores (its declaration's).
    public static var tableName: String { declaration.table }

    /// The kind's schema name in the OpenAPI document (its declaration's).
    public static var schemaName: String { declaration.schemaName }

    /// The record's ID as the feed and push name it.
    public var recordID: String { id.uuidString }

    /// The record's ID as a UUID.
    public var uuid: UUID { id.rawValue }
}

/// An owned record of any kind, as the sync feed, changes and push mutations carry it.
public struct AnyOwnedRecord: Hashable, Sendable, Encodable {
    /// The record.
    public let base: any OwnedRecord

    /// Wraps `record`.
    public init(_ record: some OwnedRecord) {
        base = record
    }

    /// The record's kind.
    public var recordType: RecordType { type(of: base).recordType }
    /// The record's ID.
    public var id: UUID { base.uuid }
    /// The record's ID as the feed names it.
    public var recordID: String { base.recordID }
    /// Its owner.
    public var ownerID: UserID { base.ownerID }

    /// The record as `Record`, when it is one.
    public func typed<Record: OwnedRecord>(_: Record.Type) -> Record? { base as? Record }

    public static func == (lhs: AnyOwnedRecord, rhs: AnyOwnedRecord) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    public func hash(into hasher: inout Hasher) {
        AnyHashable(base).hash(into: &hasher)
    }

    /// Encodes the record itself.
    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
    }

    /// The record of kind `kind` that `decoder` holds.
    public init(_ kind: any OwnedRecord.Type, from decoder: any Decoder) throws {
        base = try kind.init(from: decoder)
    }

    /// The record of kind `kind` that `data` holds, in the platform's JSON dialect.
    public init(_ kind: any OwnedRecord.Type, json data: Data) throws {
        base = try Self.decode(kind, data)
    }

    private static func decode<Record: OwnedRecord>(_ kind: Record.Type, _ data: Data) throws -> Record {
        try RealityJSON.decode(kind, from: data)
    }
}

/// The error a store raises when ``Precondition/ownedCountBelow(_:owner:limit:)`` fails.
public enum OwnedRecordLimit {
    /// "You keep at most 200 saved searches." as ``ServiceError/invalidOperation(reason:)``.
    public static func reached(_ type: RecordType, limit: Int) -> ServiceError {
        .invalidOperation(reason: "You keep at most \(limit) \(type.owned?.displayName.many ?? type.rawValue).")
    }
}
