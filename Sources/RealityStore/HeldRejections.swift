import Foundation
import GRDB
import RealityCore

/// The changes the server rejected, kept on the device until the user acts (issue 16): each
/// rejection is a row of `sync_rejections`, and the outbox entries of the rejected mutation stay
/// in the outbox, held by it (`outbox.rejectionID`), so that the push skips them and the record
/// keeps the user's version. Retrying releases them; discarding drops them and undoes the change;
/// a new local edit of the record releases them too.
enum HeldRejections {
    /// Records the rejection of `mutation` and holds its outbox entries; returns the rejection.
    @discardableResult
    static func hold(
        _ mutation: OutgoingMutation, code: String, message: String, field: String?, at date: Date, in db: Database
    ) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO sync_rejections (mutationID, recordType, recordID, operation, code, message, field, rejectedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                mutation.mutationID, mutation.recordType.rawValue, mutation.recordID, mutation.operation, code,
                message, field, date.storeValue,
            ])
        let id = db.lastInsertedRowID
        for sequence in mutation.sequences {
            try db.execute(sql: "UPDATE outbox SET rejectionID = ? WHERE sequence = ?", arguments: [id, sequence])
        }
        return id
    }

    /// The open rejection holding entries of the record, if any.
    static func holding(_ type: RecordType, _ id: String, in db: Database) throws -> Int64? {
        try db.value(
            Int64.self,
            sql:
                "SELECT rejectionID FROM outbox WHERE recordType = ? AND recordID = ? AND rejectionID IS NOT NULL LIMIT 1",
            arguments: [type.rawValue, id])
    }

    /// Puts the held entries of the records of `entries` back in the queue, closing their
    /// rejections. One indexed look-up when nothing is held, as is usual.
    static func release(recordsOf entries: [Outbox.Entry], in db: Database) throws {
        guard !entries.isEmpty,
            try db.value(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE rejectionID IS NOT NULL)") == true
        else { return }
        var seen: Set<[String]> = []
        var released: Set<Int64> = []
        for entry in entries where seen.insert([entry.recordType, entry.recordID]).inserted {
            released.formUnion(
                try db.values(
                    Int64.self,
                    sql:
                        "SELECT DISTINCT rejectionID FROM outbox WHERE recordType = ? AND recordID = ? AND rejectionID IS NOT NULL",
                    arguments: [entry.recordType, entry.recordID]))
        }
        try release(Array(released), in: db)
    }

    /// Puts the entries held by `ids` back in the queue, in their original order, and closes
    /// those rejections. Each entry gets a new mutation ID: the server answers a mutation ID it
    /// has seen with its first result, so the old one would only bring the rejection back.
    static func release(_ ids: [Int64], in db: Database) throws {
        var random = SplitMix64.seededBySystem()
        for chunk in ids.chunked(into: 500) {
            let arguments = StatementArguments(chunk)
            let sequences = try db.values(
                Int64.self, sql: "SELECT sequence FROM outbox WHERE rejectionID IN (\(placeholders(chunk.count)))",
                arguments: arguments)
            for sequence in sequences {
                try db.execute(
                    sql: "UPDATE outbox SET rejectionID = NULL, mutationID = ? WHERE sequence = ?",
                    arguments: [UUID.timeOrdered(using: &random).lowercasedString, sequence])
            }
            try db.execute(
                sql: "DELETE FROM sync_rejections WHERE id IN (\(placeholders(chunk.count)))", arguments: arguments)
        }
    }

    /// Settles the rejected changes hanging off an annotation the server deleted: comments on it,
    /// reactions, views and stars. The deletion wins (docs/sync-protocol.md): they are dropped,
    /// and a comment the server never had is removed with them.
    static func settle(onDeleted annotationID: AnnotationID, owner: UserID?, in db: Database) throws {
        guard try db.value(Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM outbox WHERE rejectionID IS NOT NULL)") == true
        else { return }
        let id = annotationID.uuidString
        let comments = try db.values(
            String.self,
            sql: """
                SELECT DISTINCT o.recordID FROM outbox o JOIN comments c ON c.id = o.recordID
                WHERE o.recordType = 'comment' AND o.rejectionID IS NOT NULL AND c.annotationID = ?
                """,
            arguments: [id])
        for comment in comments {
            try db.execute(
                sql: "DELETE FROM outbox WHERE recordType = 'comment' AND recordID = ? AND rejectionID IS NOT NULL",
                arguments: [comment])
            if let base = try SyncMetadataRecord.fetch(.comment, comment, in: db)?.baseVersion {
                try LocalSyncRecords.write(try SyncRecord(type: .comment, json: base), owner: owner, in: db)
            } else {
                try LocalSyncRecords.remove(.comment, comment, owner: owner, in: db)
                try SyncMetadataRecord.delete(.comment, comment, in: db)
            }
        }
        try db.execute(
            sql: """
                DELETE FROM outbox WHERE rejectionID IS NOT NULL AND (
                    (recordType IN ('reaction', 'view') AND substr(recordID, 1, ?1) = ?2)
                    OR (recordType = 'star' AND substr(recordID, -?1) = ?3))
                """,
            arguments: [id.count + 1, id + ":", ":" + id])
        try prune(in: db)
    }

    /// Closes the rejections no outbox entry is held by any more (a pulled deletion or a merge
    /// settled the record).
    static func prune(in db: Database) throws {
        try db.execute(
            sql: """
                DELETE FROM sync_rejections
                WHERE NOT EXISTS (SELECT 1 FROM outbox o WHERE o.rejectionID = sync_rejections.id)
                """)
    }

    /// The open rejections (those still holding entries), oldest first.
    static func open(in db: Database) throws -> [OpenRejection] {
        try db.rows(
            sql: """
                SELECT r.* FROM sync_rejections r
                WHERE EXISTS (SELECT 1 FROM outbox o WHERE o.rejectionID = r.id) ORDER BY r.id
                """
        ).map {
            OpenRejection(
                id: $0["id"], mutationID: $0["mutationID"], recordType: $0["recordType"], recordID: $0["recordID"],
                operation: $0["operation"], code: $0["code"], message: $0["message"], field: $0["field"],
                rejectedAt: $0.date("rejectedAt"))
        }
    }

    /// The number of open rejections.
    static func count(in db: Database) throws -> Int {
        try db.value(Int.self, sql: "SELECT count(DISTINCT rejectionID) FROM outbox WHERE rejectionID IS NOT NULL") ?? 0
    }

    /// One open rejection as stored.
    struct OpenRejection: Hashable, Sendable {
        var id: Int64
        var mutationID: String
        var recordType: String
        var recordID: String
        var operation: String
        var code: String
        var message: String
        var field: String?
        var rejectedAt: Date

        /// The record as the feed names it, when it is one of the records the device stores.
        var key: RecordKey { RecordKey(type: recordType, id: recordID) }
    }

    /// A record by type and ID.
    struct RecordKey: Hashable, Sendable {
        var type: String
        var id: String
    }
}
