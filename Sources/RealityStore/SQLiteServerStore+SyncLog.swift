import Foundation
import GRDB
import RealityCore

extension SQLiteServerStore: SyncLogReading {
    public func syncFeed(for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date)
        async throws -> SyncFeedPage
    {
        let limit = max(1, limit)
        return try await read { db in
            let (rows, head) = try Self.feedRows(
                for: viewer, scope: scope, after: cursor, limit: limit, now: now, in: db)
            let page = SyncFeedRow.page(of: rows, limit: limit, head: head)
            let records = try SyncRecordLoader.load(page.rows.filter(\.inScope), starsOf: viewer, in: db)
            return SyncFeedPage(
                entries: page.rows.map { $0.entry(records) }, cursor: page.cursor, moreComing: page.moreComing,
                head: head)
        }
    }

    /// The rows of `viewer`'s feed of `scope` after `cursor` (up to `limit + 1` per query) and the
    /// commit the read stands at, before any record is loaded.
    static func feedRows(
        for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date, in db: Database
    ) throws -> (rows: [SyncFeedRow], head: Int64) {
        let head = try Int64.fetchOne(db, sql: "SELECT seq FROM sync_clock WHERE id = 1") ?? 0
        var base: [String: any DatabaseValueConvertible] = [
            "u": viewer.uuidString, "now": now.storeValue, "scope": scope.rawValue, "limit": limit + 1,
        ]
        var rows: [SyncFeedRow] = []
        for type in RecordType.allCases {
            guard let order = SyncFeedOrder.position(of: type), let sql = SyncFeedSQL.changed(type),
                type.published == nil || scope == .public
            else { continue }
            let bound = SyncFeedRow.bound(for: order, after: cursor)
            base["s"] = bound.sequence
            base["i"] = bound.recordID
            for row in try Row.fetchAll(
                db.cachedStatement(sql: "WITH RECURSIVE \(SyncFeedSQL.reachCTE) \(sql)"),
                arguments: StatementArguments(base))
            {
                rows.append(SyncFeedRow(sequence: row["seq"], typeOrder: order, recordID: row["id"], inScope: true))
            }
        }
        base["s"] = nil
        base["i"] = nil
        base["cs"] = cursor.sequence
        base["ct"] = cursor.typeOrder
        base["cid"] = cursor.recordID
        for row in try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    WITH RECURSIVE \(SyncFeedSQL.reachCTE), \(SyncFeedSQL.expanded) \(SyncFeedSQL.feedRows)
                    """),
            arguments: StatementArguments(base))
        {
            rows.append(
                SyncFeedRow(sequence: row["seq"], typeOrder: row["t"], recordID: row["id"], inScope: row["inScope"]))
        }
        return (rows, head)
    }

    public func syncEpoch() async throws -> Int64 {
        try await read { db in try Int64.fetchOne(db, sql: "SELECT epoch FROM sync_clock WHERE id = 1") ?? 0 }
    }

    public func syncSecret() async throws -> Data {
        if let existing = try await metadata("sync.secret"), let data = Data(base64Encoded: existing) {
            return data
        }
        var generator = SystemRandomNumberGenerator()
        let fresh = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return try await writeTransaction { db in
            try db.execute(
                sql: "INSERT INTO meta(key, value) VALUES ('sync.secret', ?) ON CONFLICT(key) DO NOTHING",
                arguments: [fresh.base64EncodedString()])
            let stored = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'sync.secret'")
            return stored.flatMap { Data(base64Encoded: $0) } ?? fresh
        }
    }

    public func expiredGrants(of user: UserID, at now: Date) async throws -> [GrantTarget] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT targetType, targetID FROM grants WHERE userID = ? AND expiresAt <= ?",
                arguments: [user.uuidString, now.storeValue]
            ).compactMap { row in
                let id: String = row["targetID"]
                switch row["targetType"] as String {
                case "layer": return LayerID(uuidString: id).map(GrantTarget.layer)
                case "annotation": return AnnotationID(uuidString: id).map(GrantTarget.annotation)
                default: return nil
                }
            }
        }
    }

    public func changeTag(of recordType: RecordType, id: String) async throws -> String? {
        guard let table = SyncRecordTable.of(recordType) else { return nil }
        return try await read { db in
            try Int64.fetchOne(db, sql: "SELECT changeSeq FROM \(table.name) WHERE \(table.key) = ?", arguments: [id])
                .map(String.init)
        }
    }

    public func recordedSyncMutations(userID: UserID, mutationIDs: [String]) async throws
        -> [String: RecordedSyncMutation]
    {
        guard !mutationIDs.isEmpty else { return [:] }
        return try await read { db in
            var found: [String: RecordedSyncMutation] = [:]
            for chunk in mutationIDs.chunked(into: 500) {
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT mutationID, status, seq, error FROM sync_mutations
                        WHERE userID = ? AND mutationID IN (\(placeholders(chunk.count)))
                        """,
                    arguments: StatementArguments([userID.uuidString] + Array(chunk)))
                {
                    found[row["mutationID"]] = RecordedSyncMutation(
                        saved: (row["status"] as String) == "saved", sequence: row["seq"],
                        error: (row["error"] as String?).map { Data($0.utf8) })
                }
            }
            return found
        }
    }

    public func recordSyncRejection(userID: UserID, mutationID: String, error: Data, at date: Date) async throws {
        try await writeTransaction { db in
            try db.execute(
                sql: """
                    INSERT INTO sync_mutations (userID, mutationID, status, error, createdAt) VALUES (?, ?, 'rejected', ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [userID.uuidString, mutationID, String(decoding: error, as: UTF8.self), date.storeValue])
        }
    }
}
