import Foundation
import GRDB
import RealityCore

/// The `grants` table: one row per user per annotation or layer.
enum GrantRecord {
    static func targetColumns(_ target: GrantTarget) -> (type: String, id: String) {
        switch target {
        case .annotation(let id): ("annotation", id.uuidString)
        case .layer(let id): ("layer", id.uuidString)
        }
    }

    /// Inserts or replaces the grant of `permission.userID` on `target`.
    static func save(_ permission: Permission, on target: GrantTarget, in db: Database) throws {
        let (type, id) = targetColumns(target)
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO grants (targetType, targetID, userID, id, level, grantedAt, grantedBy, expiresAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            type, id, permission.userID.uuidString, permission.id.lowercasedString,
            permission.level.rawValue, permission.grantedAt.storeValue, permission.grantedBy.uuidString,
            permission.expiresAt?.storeValue,
        ])
    }

    /// Removes the grant of `userID` on `target`.
    static func delete(userID: UserID, on target: GrantTarget, in db: Database) throws {
        let (type, id) = targetColumns(target)
        try db.execute(
            sql: "DELETE FROM grants WHERE targetType = ? AND targetID = ? AND userID = ?",
            arguments: [type, id, userID.uuidString])
    }

    /// The grants on each of `ids` (of `targetType`), keyed by target ID.
    static func grants(targetType: String, ids: [String], in db: Database) throws -> [String: [Permission]] {
        var result: [String: [Permission]] = [:]
        for chunk in ids.chunked(into: 500) where !chunk.isEmpty {
            let rows = try db.rows(
                sql: """
                    SELECT * FROM grants WHERE targetType = ? AND targetID IN (\(placeholders(chunk.count)))
                    ORDER BY grantedAt, userID
                    """,
                arguments: StatementArguments([targetType] + chunk))
            for row in rows {
                let permission = Permission(
                    id: UUID(uuidString: row["id"]) ?? UUID(),
                    userID: try row.identifier("userID"),
                    level: try row.enumValue("level"),
                    grantedBy: try row.identifier("grantedBy"),
                    grantedAt: row.date("grantedAt"),
                    expiresAt: row.optionalDate("expiresAt"))
                result[row["targetID"], default: []].append(permission)
            }
        }
        return result
    }
}
