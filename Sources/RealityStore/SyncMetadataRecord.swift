import Foundation
import GRDB
import RealityCore

/// The device's `sync_metadata` rows: per record, the last server version seen (tag and JSON),
/// the scope it came down in and where it stands.
enum SyncMetadataRecord {
    /// One row.
    struct Entry {
        var changeTag: String?
        var scope: String?
        var baseVersion: Data?
        var syncStatus: SyncStatus
        var conflictVersion: Data?
    }

    static func fetch(_ type: RecordType, _ id: String, in db: Database) throws -> Entry? {
        try db.row(
            sql: "SELECT changeTag, scope, baseVersion, syncStatus, conflictVersion FROM sync_metadata WHERE recordType = ? AND recordID = ?",
            arguments: [type.rawValue, id]
        ).map {
            Entry(
                changeTag: $0["changeTag"], scope: $0["scope"], baseVersion: $0["baseVersion"],
                syncStatus: SyncStatus(rawValue: $0["syncStatus"]) ?? .error, conflictVersion: $0["conflictVersion"])
        }
    }

    /// Inserts or replaces the row; a nil `scope` keeps the scope the row had.
    static func save(_ type: RecordType, _ id: String, _ entry: Entry, at date: Date, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO sync_metadata (recordType, recordID, changeTag, lastSyncedAt, syncStatus, conflictVersion,
                    scope, baseVersion, awaitingResync)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)
                ON CONFLICT(recordType, recordID) DO UPDATE SET changeTag = excluded.changeTag,
                    lastSyncedAt = excluded.lastSyncedAt, syncStatus = excluded.syncStatus,
                    conflictVersion = excluded.conflictVersion, scope = coalesce(excluded.scope, scope),
                    baseVersion = excluded.baseVersion, awaitingResync = 0
                """
        ).execute(
            arguments: [
                type.rawValue, id, entry.changeTag, date.storeValue, entry.syncStatus.rawValue, entry.conflictVersion,
                entry.scope, entry.baseVersion,
            ])
    }

    static func delete(_ type: RecordType, _ id: String, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM sync_metadata WHERE recordType = ? AND recordID = ?", arguments: [type.rawValue, id])
    }

    /// True when the outbox holds a save or delete of the record itself.
    static func hasPendingEdit(_ type: RecordType, _ id: String, in db: Database) throws -> Bool {
        try db.value(
            Bool.self,
            sql: "SELECT 1 FROM outbox WHERE recordType = ? AND recordID = ? AND operation IN ('save', 'delete') LIMIT 1",
            arguments: [type.rawValue, id]) ?? false
    }

    /// Drops the record's own saves and deletes from the outbox.
    static func dropPendingEdits(_ type: RecordType, _ id: String, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM outbox WHERE recordType = ? AND recordID = ? AND operation IN ('save', 'delete')",
            arguments: [type.rawValue, id])
    }

    /// Replaces the record's pending saves with one new entry (a new mutation ID), as a merged
    /// record is sent after a conflict.
    static func requeueSave(_ type: RecordType, _ id: String, at date: Date, in db: Database) throws {
        try dropPendingEdits(type, id, in: db)
        try Outbox.append(
            [Outbox.Entry(recordType: type.rawValue, recordID: id, operation: "save", payload: Data("{}".utf8))],
            at: date, in: db)
    }
}
