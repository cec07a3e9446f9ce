import Foundation
import GRDB
import RealityCore

extension DeviceStore: LocalDataSource {
    public func fetchPendingSync(limit: Int) async throws -> [PendingMutation] {
        try await read { db in
            try db.rows(sql: "SELECT * FROM outbox ORDER BY sequence LIMIT ?", arguments: [max(limit, 0)]).map {
                PendingMutation(
                    sequence: $0["sequence"], mutationID: $0["mutationID"], recordType: $0["recordType"],
                    recordID: $0["recordID"], operation: $0["operation"], payload: $0["payload"],
                    createdAt: $0.date("createdAt"))
            }
        }
    }

    /// Outbox entries waiting to be pushed; rejected ones wait for the user instead.
    public func pendingSyncCount() async throws -> Int {
        try await read { db in try db.value(Int.self, sql: "SELECT count(*) FROM outbox WHERE rejectionID IS NULL") ?? 0
        }
    }

    public func markSynced(_ mutations: [PendingMutation], at date: Date) async throws {
        guard !mutations.isEmpty else { return }
        try await writeTransaction { db in
            for mutation in mutations {
                try db.execute(sql: "DELETE FROM outbox WHERE sequence = ?", arguments: [mutation.sequence])
                try db.execute(
                    sql: """
                        INSERT INTO sync_metadata (recordType, recordID, lastSyncedAt, syncStatus) VALUES (?, ?, ?, 'synced')
                        ON CONFLICT(recordType, recordID) DO UPDATE SET lastSyncedAt = excluded.lastSyncedAt,
                            syncStatus = CASE WHEN EXISTS (
                                SELECT 1 FROM outbox WHERE recordType = excluded.recordType AND recordID = excluded.recordID
                            ) THEN 'pendingUpload' ELSE 'synced' END
                        """,
                    arguments: [mutation.recordType, mutation.recordID, date.storeValue])
            }
        }
    }
}
