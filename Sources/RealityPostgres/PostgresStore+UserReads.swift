import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: UserRepository {
    public func user(id: UserID) async throws -> User? {
        try await users("\(unescaped: UserColumns.selectWithCounts) WHERE u.id = \(id.rawValue)").first
    }

    public func users(matchingHandle handle: String) async throws -> [User] {
        // SQLite's NOCASE folds ASCII letters only; so does lower() under the "C" collation.
        try await users(
            """
            \(unescaped: UserColumns.selectWithCounts)
            WHERE lower(u.displayName COLLATE "C") = lower(\(handle)::text COLLATE "C")
               OR lower(u.email COLLATE "C") = lower(\(handle)::text COLLATE "C")
            LIMIT 10
            """)
    }

    public func storageUsed(by owner: UserID) async throws -> Int64 {
        try await read { connection in
            try await connection.rows(
                "SELECT coalesce(sum(byteCount), 0)::bigint FROM asset_refs WHERE ownerID = \(owner.rawValue)",
                logger: logger
            ) { try $0.decode(Int64.self) }.first ?? 0
        }
    }

    private func users(_ query: PostgresQuery) async throws -> [User] {
        try await read { connection in try await connection.rows(query, logger: logger, UserColumns.user(from:)) }
    }
}
