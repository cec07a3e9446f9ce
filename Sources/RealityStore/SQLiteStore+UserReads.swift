import Foundation
import GRDB
import RealityCore

extension SQLiteStore: UserRepository {
    public func user(id: UserID) async throws -> User? {
        try await read { db in
            try db.row(sql: UserRecord.selectWithCounts + " WHERE u.id = ?", arguments: [id.uuidString])
                .map(UserRecord.user(from:))
        }
    }

    public func users(matchingHandle handle: String) async throws -> [User] {
        try await read { db in
            try db.rows(
                sql: UserRecord.selectWithCounts
                    + " WHERE u.displayName = ?1 COLLATE NOCASE OR u.email = ?1 COLLATE NOCASE LIMIT 10",
                arguments: [handle]
            ).map(UserRecord.user(from:))
        }
    }

    public func storageUsed(by owner: UserID) async throws -> Int64 {
        try await read { db in
            try db.value(
                Int64.self, sql: "SELECT coalesce(sum(byteCount), 0) FROM asset_refs WHERE ownerID = ?",
                arguments: [owner.uuidString]) ?? 0
        }
    }
}
