import Foundation
import GRDB
import RealityCore

/// One entry of a pulled page, as the store applies it.
public struct PulledChange: Hashable, Sendable {
    /// The kind of record.
    public var recordType: RecordType
    /// Which record.
    public var recordID: String
    /// The server's change tag (empty for deletions).
    public var changeTag: String
    /// The record; nil for a deletion.
    public var record: SyncRecord?
    /// The record's JSON as the server sent it, kept as its base version; nil to encode `record`.
    public var recordJSON: Data?

    /// A change with the given parts.
    public init(
        recordType: RecordType, recordID: String, changeTag: String, record: SyncRecord?, recordJSON: Data? = nil
    ) {
        self.recordType = recordType
        self.recordID = recordID
        self.changeTag = changeTag
        self.record = record
        self.recordJSON = recordJSON
    }
}

/// What applying one pulled page did.
public struct PullReport: Hashable, Sendable {
    /// Records stored as the server has them.
    public var applied = 0
    /// Records merged with pending edits (to be pushed).
    public var merged = 0
    /// Records kept as open conflicts.
    public var conflicts = 0
    /// Records removed.
    public var removed = 0
    /// Of ``applied``, the records of published kinds (the Out of Box catalog).
    public var published = 0

    /// An empty report.
    public init() {}
}

extension DeviceStore {
    /// The saved feed token of `scope`, or nil to pull it from the start.
    public func syncToken(for scope: SyncScope) async throws -> String? {
        try await read { db in
            try db.value(String.self, sql: "SELECT token FROM sync_scopes WHERE scope = ?", arguments: [scope.rawValue])
        }
    }

    /// Applies one pulled page of `scope` and saves `token`, all in one transaction and without
    /// outbox entries; records with pending edits are settled with `strategy`. When `complete`
    /// (the last page), the records a resync of the scope did not bring down again are removed.
    @discardableResult
    public func applyPulledPage(
        _ changes: [PulledChange], scope: SyncScope, token: String, complete: Bool,
        strategy: ConflictResolutionStrategy, at date: Date = Timestamp.now()
    ) async throws -> PullReport {
        try await writeTransaction { db in
            let owner = try Self.deviceAccount(in: db)?.userID
            let reconciler = SyncReconciler(strategy: strategy, owner: owner, now: date)
            var report = PullReport()
            // Annotations the device has no pending edit or open conflict on are simply stored;
            // consecutive ones go in together (all of a first sync's pages).
            let unsettled = try SyncMetadataRecord.unsettled(
                .annotation, changes.compactMap { $0.record?.annotationID }, in: db)
            var run = PulledAnnotationRun(scope: scope)
            for change in changes {
                if case .annotation(let annotation)? = change.record, !unsettled.contains(annotation.id.uuidString) {
                    if run.contains(annotation.id.uuidString) { report.applied += try run.store(at: date, in: db) }
                    try run.append(annotation, change: change)
                    continue
                }
                // Whatever else comes down is applied in the page's order.
                report.applied += try run.store(at: date, in: db)
                if let record = change.record {
                    switch try reconciler.reconcile(
                        record, json: change.recordJSON, changeTag: change.changeTag, scope: scope, in: db)
                    {
                    case .applied:
                        report.applied += 1
                        if case .published = record { report.published += 1 }
                    case .merged: report.merged += 1
                    case .conflict: report.conflicts += 1
                    case .kept: break
                    }
                } else if try Self.applyDeletion(change, in: scope, owner: owner, in: db) {
                    report.removed += 1
                }
            }
            report.applied += try run.store(at: date, in: db)
            if complete {
                report.removed += try Self.removeRecordsLeftByResync(of: scope, owner: owner, in: db)
            }
            try db.execute(
                sql: """
                    INSERT INTO sync_scopes (scope, token, lastSyncedAt) VALUES (?, ?, ?)
                    ON CONFLICT(scope) DO UPDATE SET token = excluded.token, lastSyncedAt = excluded.lastSyncedAt
                    """,
                arguments: [scope.rawValue, token, date.storeValue])
            return report
        }
    }

    /// Starts a full resync of `scope` (after a 410): drops its token and marks its records, so
    /// that those the resync does not bring down again are removed at its end.
    public func beginResync(of scope: SyncScope) async throws {
        try await writeTransaction { db in
            try db.execute(sql: "UPDATE sync_scopes SET token = NULL WHERE scope = ?", arguments: [scope.rawValue])
            try db.execute(
                sql: "UPDATE sync_metadata SET awaitingResync = 1 WHERE scope = ?", arguments: [scope.rawValue])
        }
    }

    /// Removes a record whose deletion came down in `scope`, unless it last came down in another
    /// scope (it moved there). Returns whether it removed anything.
    private static func applyDeletion(
        _ change: PulledChange, in scope: SyncScope, owner: UserID?, in db: Database
    ) throws -> Bool {
        let meta = try SyncMetadataRecord.fetch(change.recordType, change.recordID, in: db)
        if let kept = meta?.scope, kept != scope.rawValue { return false }
        try LocalSyncRecords.remove(change.recordType, change.recordID, owner: owner, in: db)
        try SyncMetadataRecord.delete(change.recordType, change.recordID, in: db)
        try db.execute(
            sql: "DELETE FROM outbox WHERE recordType = ? AND recordID = ?",
            arguments: [change.recordType.rawValue, change.recordID])
        return true
    }

    private static func removeRecordsLeftByResync(of scope: SyncScope, owner: UserID?, in db: Database) throws -> Int {
        let rows = try db.rows(
            sql: "SELECT recordType, recordID FROM sync_metadata WHERE scope = ? AND awaitingResync = 1",
            arguments: [scope.rawValue])
        for row in rows {
            guard let type = RecordType(rawValue: row["recordType"]) else { continue }
            let id: String = row["recordID"]
            try LocalSyncRecords.remove(type, id, owner: owner, in: db)
            try SyncMetadataRecord.delete(type, id, in: db)
        }
        return rows.count
    }
}

extension SyncRecord {
    /// The ID of the annotation this record is, if it is one.
    fileprivate var annotationID: String? {
        if case .annotation(let annotation) = self { annotation.id.uuidString } else { nil }
    }
}
