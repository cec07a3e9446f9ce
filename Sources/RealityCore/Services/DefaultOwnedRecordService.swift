import Foundation

/// Lists, reads, saves and deletes one user's records of an owned kind (``OwnedRecord``), on the
/// device and on the server alike: the REST API, the sync API's push and the command line all
/// come here, so the rules are written once. A record is its owner's alone: anyone else asking
/// for it is told there is none.
public struct DefaultOwnedRecordService<Record: OwnedRecord, Store: DataStore>: StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { Record.routePath }

    /// The caller's records, oldest first.
    public func list() async throws -> [Record] {
        try await store.ownedRecords(Record.recordType, ownerID: context.userID).compactMap { $0.typed(Record.self) }
    }

    /// The caller's record with `id`; nil when there is none or it is someone else's.
    public func fetch(id: Identifier<Record>) async throws -> Record? {
        guard let record = try await store.ownedRecord(Record.recordType, id: id.rawValue)?.typed(Record.self),
            record.ownerID == context.userID
        else { return nil }
        return record
    }

    /// Saves `record` as the caller's, creating it or replacing their version: the owner is the
    /// caller (a record naming someone else is refused), `createdAt` stays the first save's, and
    /// `updatedAt` is never before it. A new record counts against ``OwnedRecord/limitPerOwner``
    /// inside the write. Answers the record as saved.
    @discardableResult
    public func save(_ record: Record) async throws -> Record {
        guard record.ownerID == context.userID else { throw PermissionError.notOwner }
        let stored = try await store.ownedRecord(Record.recordType, id: record.id.rawValue)?.typed(Record.self)
        if let stored, stored.ownerID != context.userID {
            throw ServiceError.notFound(Record.recordType, id: record.recordID)
        }
        var saved = record
        if let stored { saved.createdAt = stored.createdAt }
        saved.updatedAt = max(saved.updatedAt, saved.createdAt)
        try saved.validate()
        var changes = ChangeSet(changes: [.saveOwned(AnyOwnedRecord(saved))])
        if stored == nil {
            // Inside the write: racing creates cannot pass the limit, nor take one ID twice.
            changes.require(.ownedCountBelow(Record.recordType, owner: context.userID, limit: Record.limitPerOwner))
            changes.require(.recordAbsent(Record.recordType, id: record.recordID))
        }
        try await store.commit(changes, applying: context.pushing)
        return saved
    }

    /// Deletes the caller's record with `id`; someone else's, or none, is `notFound`.
    public func delete(id: Identifier<Record>) async throws {
        guard try await fetch(id: id) != nil else { throw ServiceError.notFound(Record.recordType, id: id.uuidString) }
        try await store.commit(
            ChangeSet(changes: [.deleteOwned(Record.recordType, id: id.rawValue, ownerID: context.userID)]),
            applying: context.pushing)
    }
}
