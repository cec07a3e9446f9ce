import Foundation
import GRDB
import RealityCore

/// A mutation ready to push: an outbox entry (or several saves of one record, coalesced) with
/// the record as it is now and the base tag it was edited from.
public struct OutgoingMutation: Hashable, Sendable {
    /// The mutation ID (the newest of the coalesced entries', so that a replay after new edits
    /// is not mistaken for the old push).
    public var mutationID: String
    /// The kind of record.
    public var recordType: RecordType
    /// Which record (for grants, reactions, views and stars, the outbox's composite key).
    public var recordID: String
    /// `save`, `delete`, `view` or `read`.
    public var operation: String
    /// The outbox payload (grants, reactions).
    public var payload: Data
    /// The device's current version, for record saves.
    public var record: SyncRecord?
    /// The change tag of the last server version the device saw.
    public var baseChangeTag: String?
    /// The outbox entries this mutation stands for.
    public var sequences: [Int64]
}

/// What the server did with a pushed mutation, as the store records it.
public enum PushOutcome: Hashable, Sendable {
    /// Applied; the record's new tag, and the record as the server holds it when the server's
    /// version is not what the device sent (nothing needed writing, or it changed again since).
    case saved(changeTag: String?, record: SyncRecord? = nil)
    /// The record changed on the server; its version (nil when it has none left).
    case conflict(changeTag: String?, record: SyncRecord?)
    /// Refused by a rule.
    case rejected(code: String, message: String, field: String?)
}

/// How the conflicts a push met were settled.
public struct PushSettlement: Hashable, Sendable {
    /// Conflicts settled on the device by the strategy (merged, or one side taken).
    public var merged = 0
    /// Conflicts kept for the user (`manual`).
    public var leftForUser = 0

    /// Nothing settled.
    public init() {}
}

extension DeviceStore {
    static var wholeRecordTypes: Set<String> { outboxWholeRecordTypes }

    /// The oldest outbox entries (at most `limit`), skipping records in an open conflict and
    /// entries held by a rejection, with several saves of one record sent once, at the place of
    /// the first.
    public func outgoingMutations(limit: Int) async throws -> [OutgoingMutation] {
        try await read { db in
            let owner = try Self.deviceAccount(in: db)?.userID
            let rows = try db.rows(
                sql: """
                    SELECT o.* FROM outbox o WHERE o.rejectionID IS NULL AND NOT EXISTS (
                        SELECT 1 FROM sync_metadata m WHERE m.recordType = o.recordType AND m.recordID = o.recordID
                            AND m.syncStatus = 'conflict')
                    ORDER BY o.sequence LIMIT ?
                    """,
                arguments: [max(limit, 1)])
            var result: [OutgoingMutation] = []
            var saveIndex: [String: Int] = [:]
            for row in rows {
                let typeName: String = row["recordType"]
                let recordID: String = row["recordID"]
                let operation: String = row["operation"]
                guard let type = RecordType(rawValue: typeName) else { continue }
                let isRecordSave = Self.wholeRecordTypes.contains(typeName) && operation == "save"
                let key = typeName + "/" + recordID
                if isRecordSave, let index = saveIndex[key] {
                    result[index].sequences.append(row["sequence"])
                    result[index].mutationID = row["mutationID"]
                    continue
                }
                var mutation = OutgoingMutation(
                    mutationID: row["mutationID"], recordType: type, recordID: recordID, operation: operation,
                    payload: row["payload"], record: nil, baseChangeTag: nil, sequences: [row["sequence"]])
                if Self.wholeRecordTypes.contains(typeName) {
                    mutation.baseChangeTag = try SyncMetadataRecord.fetch(type, recordID, in: db)?.changeTag
                }
                if isRecordSave {
                    mutation.record = try LocalSyncRecords.read(type, recordID, owner: owner, in: db)
                    saveIndex[key] = result.count
                }
                result.append(mutation)
            }
            return result
        }
    }

    /// Records what the server did with each pushed mutation, in one transaction: saved entries
    /// leave the outbox and their record's base becomes what was sent (or the server's version,
    /// when it answers with one); conflicts are settled with `strategy`; a rejected change stays
    /// in the outbox, held by its rejection until the user retries or discards it, and its
    /// record stays as the user made it.
    /// Returns how the conflicts among them were settled.
    @discardableResult
    public func applyPushOutcomes(
        _ outcomes: [(OutgoingMutation, PushOutcome)], strategy: ConflictResolutionStrategy,
        at date: Date = Timestamp.now()
    ) async throws -> PushSettlement {
        try await writeTransaction { db in
            let owner = try Self.deviceAccount(in: db)?.userID
            let reconciler = SyncReconciler(strategy: strategy, owner: owner, now: date)
            var settlement = PushSettlement()
            for (mutation, outcome) in outcomes {
                switch outcome {
                case .saved(let tag, nil):
                    try Self.dropEntries(mutation.sequences, in: db)
                    try Self.recordSaved(mutation, tag: tag, at: date, in: db)
                case .saved(let tag, let record?):
                    // The server's version, settled like a pulled one against edits made since.
                    try Self.dropEntries(mutation.sequences, in: db)
                    _ = try reconciler.reconcile(record, changeTag: tag ?? "", scope: nil, in: db)
                case .conflict(let tag, let record?):
                    switch try reconciler.reconcile(record, changeTag: tag ?? "", scope: nil, in: db) {
                    case .conflict: settlement.leftForUser += 1
                    case .applied, .merged, .kept: settlement.merged += 1
                    }
                case .conflict(_, nil):
                    try HeldRejections.hold(
                        mutation, code: "record_gone", message: "The server no longer has this record.", field: nil,
                        at: date, in: db)
                case .rejected(let code, let message, let field):
                    try HeldRejections.hold(mutation, code: code, message: message, field: field, at: date, in: db)
                }
            }
            try HeldRejections.prune(in: db)
            return settlement
        }
    }

    private static func dropEntries(_ sequences: [Int64], in db: Database) throws {
        for sequence in sequences {
            try db.execute(sql: "DELETE FROM outbox WHERE sequence = ?", arguments: [sequence])
        }
    }

    private static func recordSaved(_ mutation: OutgoingMutation, tag: String?, at date: Date, in db: Database) throws {
        guard wholeRecordTypes.contains(mutation.recordType.rawValue) else { return }
        if mutation.operation == "delete" {
            try SyncMetadataRecord.delete(mutation.recordType, mutation.recordID, in: db)
            return
        }
        let stillPending = try SyncMetadataRecord.hasPendingEdit(mutation.recordType, mutation.recordID, in: db)
        let previous = try SyncMetadataRecord.fetch(mutation.recordType, mutation.recordID, in: db)
        let entry = SyncMetadataRecord.Entry(
            changeTag: tag, scope: previous?.scope == nil ? ownScope(of: mutation.record) : nil,
            baseVersion: try mutation.record?.jsonData() ?? previous?.baseVersion,
            syncStatus: stillPending ? .pendingUpload : .synced, conflictVersion: nil)
        try SyncMetadataRecord.save(mutation.recordType, mutation.recordID, entry, at: date, in: db)
    }

    /// The scope a record the device pushed first comes down in, when it knows it: its owner's
    /// records are private. Others' (an editor's comment on a shared annotation) wait for a pull.
    private static func ownScope(of record: SyncRecord?) -> String? {
        switch record {
        case .user, .worldMap, .owned: SyncScope.private.rawValue
        default: nil
        }
    }
}

/// The record types whose outbox entries carry the whole record (a stored constant: a generic type
/// cannot hold one).
let outboxWholeRecordTypes: Set<String> = Set(RecordType.savedWhole.map(\.rawValue))
