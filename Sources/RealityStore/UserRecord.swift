import Foundation
import GRDB
import RealityCore

/// The `users` table, as ``User/declaration`` lists its columns.
enum UserRecord {
    /// The table, from the declaration.
    static let table = DeclaredTable(User.declaration)

    /// Inserts `user` or updates its fields (the change log's columns of an existing row stay).
    /// The counts are not stored: they are counted when read.
    static func save(_ user: User, in db: Database) throws {
        try db.cachedStatement(sql: table.upsertSQL).execute { bindings in try table.bind(user, to: &bindings) }
    }

    /// Users from rows of ``selectWithCounts`` (columns found by name once, then read by position).
    static func users(from rows: [Row]) throws -> [User] {
        guard let first = rows.first else { return [] }
        let positions = try table.positions(in: first)
        return try rows.map { row in
            var user = try table.record(from: row, positions: positions)
            user.annotationCount = row["annotationCount"] ?? 0
            user.layerCount = row["layerCount"] ?? 0
            return user
        }
    }

    /// A user from a row of ``selectWithCounts``.
    static func user(from row: Row) throws -> User {
        try users(from: [row])[0]
    }

    /// Selects users with their live counts.
    static let selectWithCounts = """
        SELECT u.*,
            (SELECT count(*) FROM annotations WHERE ownerID = u.id AND isDeleted = 0) AS annotationCount,
            (SELECT count(*) FROM layers WHERE ownerID = u.id AND isDeleted = 0) AS layerCount
        FROM users u
        """
}
