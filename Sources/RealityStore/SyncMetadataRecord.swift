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
            sql:
                "SELECT changeTag, scope, baseVersion, syncStatus, conflictVersion FROM sync_metadata WHERE recordType = ? AND recordID = ?",
            arguments: [type.rawValue, id]
        ).map {
            Entry(
                changeTag: $0["changeTag"], scope: $0["scope"], baseVersion: $0["baseVersion"],
                syncStatus: SyncStatus(rawValue: $0["syncStatus"]) ?? .error, conflictVersion: $0["conflictVersion"])
        }
    }

    /// Inserts or replaces the row; a nil `scope` keeps the scope the row had.
    static func save(_ type: RecordType, _ id: String, _ entry: Entry, at date: Date, in db: Database) throws {
        try save([(type, id, entry)], at: date, in: db)
    }

    /// Saves the rows of many records as ``save(_:_:_:at:in:)`` saves each, several to a statement,
    /// their values bound directly (``DirectBindings``: a first sync saves a thousand a page).
    static func save(_ rows: [(type: RecordType, id: String, entry: Entry)], at date: Date, in db: Database) throws {
        let synced = date.storeValue
        for range in rows.statementRanges(maxRows: rowsPerStatement) {
            let sql = range.count == rowsPerStatement ? fullUpsertSQL : upsertSQL(rows: range.count)
            try db.cachedStatement(sql: sql).execute { bindings in
                for row in rows[range] {
                    bindings.bind(row.type.rawValue)
                    bindings.bind(row.id)
                    bindings.bind(row.entry.changeTag)
                    bindings.bind(synced)
                    bindings.bind(row.entry.syncStatus.rawValue)
                    bindings.bind(row.entry.conflictVersion)
                    bindings.bind(row.entry.scope)
                    bindings.bind(row.entry.baseVersion)
                }
            }
        }
    }

    /// Rows per multi-row upsert, well under SQLite's limit on parameters.
    private static let rowsPerStatement = 64

    private static let fullUpsertSQL = upsertSQL(rows: rowsPerStatement)

    private static func upsertSQL(rows: Int) -> String {
        let tuples = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, 0)", count: rows).joined(separator: ", ")
        return """
            INSERT INTO sync_metadata (recordType, recordID, changeTag, lastSyncedAt, syncStatus, conflictVersion,
                scope, baseVersion, awaitingResync)
            VALUES \(tuples)
            ON CONFLICT(recordType, recordID) DO UPDATE SET changeTag = excluded.changeTag,
                lastSyncedAt = excluded.lastSyncedAt, syncStatus = excluded.syncStatus,
                conflictVersion = excluded.conflictVersion, scope = coalesce(excluded.scope, scope),
                baseVersion = excluded.baseVersion, awaitingResync = 0
            """
    }

    /// Of the records `ids` of type `type`, those with an open conflict or a pending save or
    /// delete: what a pulled version must be reconciled with rather than simply stored.
    static func unsettled(_ type: RecordType, _ ids: [String], in db: Database) throws -> Set<String> {
        var found: Set<String> = []
        for chunk in ids.chunked(into: 500) {
            found.formUnion(
                try db.values(
                    String.self,
                    sql: """
                        SELECT recordID FROM sync_metadata WHERE recordType = ? AND syncStatus = ?
                        AND recordID IN (\(placeholders(chunk.count)))
                        """,
                    arguments: StatementArguments([type.rawValue, SyncStatus.conflict.rawValue] + chunk)))
            found.formUnion(
                try db.values(
                    String.self,
                    sql: """
                        SELECT recordID FROM outbox WHERE recordType = ? AND operation IN ('save', 'delete')
                        AND recordID IN (\(placeholders(chunk.count)))
                        """,
                    arguments: StatementArguments([type.rawValue] + chunk)))
        }
        return found
    }

    static func delete(_ type: RecordType, _ id: String, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM sync_metadata WHERE recordType = ? AND recordID = ?", arguments: [type.rawValue, id])
    }

    /// True when the outbox holds a save or delete of the record itself.
    static func hasPendingEdit(_ type: RecordType, _ id: String, in db: Database) throws -> Bool {
        try db.value(
            Bool.self,
            sql:
                "SELECT 1 FROM outbox WHERE recordType = ? AND recordID = ? AND operation IN ('save', 'delete') LIMIT 1",
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
