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

    public func plan(of id: UserID) async throws -> UserPlan? {
        try await read { db in
            // The declared columns alone: the counts of selectWithCounts are what this spares.
            let table = UserRecord.table
            return try db.row(
                sql: "SELECT \(table.selection(alias: "u")) FROM \(table.declaration.table) u WHERE u.id = ?",
                arguments: [id.uuidString]
            ).map { try table.record(from: $0, at: 0).plan }
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

    public func engagement(of user: UserID) async throws -> UserEngagement {
        try await read { db in
            let id = user.uuidString
            var engagement = UserEngagement()
            engagement.stars = try Row.fetchAll(
                db, sql: "SELECT annotationID, createdAt FROM stars WHERE userID = ? ORDER BY createdAt, annotationID",
                arguments: [id]
            ).map { StarRecord(annotationID: try $0.identifier("annotationID"), createdAt: $0.date("createdAt")) }
            engagement.reads = try Row.fetchAll(
                db,
                sql: """
                    SELECT annotationID, count, firstReadAt, lastReadAt FROM views WHERE userID = ?
                    ORDER BY firstReadAt, annotationID
                    """,
                arguments: [id]
            ).map {
                ReadReceipt(
                    annotationID: try $0.identifier("annotationID"), views: $0["count"],
                    firstReadAt: $0.date("firstReadAt"), lastReadAt: $0.date("lastReadAt"))
            }
            engagement.reactions = try Row.fetchAll(
                db,
                sql: "SELECT annotationID, emoji, id, createdAt FROM reactions WHERE userID = ? ORDER BY createdAt, id",
                arguments: [id]
            ).map {
                GivenReaction(
                    annotationID: try $0.identifier("annotationID"),
                    reaction: Reaction(
                        id: UUID(uuidString: $0["id"]) ?? UUID(), emoji: $0["emoji"], userID: user,
                        createdAt: $0.date("createdAt")))
            }
            engagement.grants = try Row.fetchAll(
                db, sql: "SELECT * FROM grants WHERE grantedBy = ? ORDER BY grantedAt, targetID, userID",
                arguments: [id]
            ).compactMap { row in
                guard let targetID = UUID(uuidString: row["targetID"]) else { return nil }
                let target: GrantTarget =
                    row["targetType"] == "layer" ? .layer(LayerID(targetID)) : .annotation(AnnotationID(targetID))
                return GivenGrant(
                    on: target,
                    permission: Permission(
                        id: UUID(uuidString: row["id"]) ?? UUID(), userID: try row.identifier("userID"),
                        level: try row.enumValue("level"), grantedBy: user, grantedAt: row.date("grantedAt"),
                        expiresAt: row.optionalDate("expiresAt")))
            }
            return engagement
        }
    }

}
