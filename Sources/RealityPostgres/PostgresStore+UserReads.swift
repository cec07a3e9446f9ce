import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: UserRepository {
    public func user(id: UserID) async throws -> User? {
        try await users("\(unescaped: UserColumns.selectWithCounts) WHERE u.id = \(id.rawValue)").first
    }

    public func plan(of id: UserID) async throws -> UserPlan? {
        // The declared columns alone: the counts of selectWithCounts are what this spares.
        try await read { connection in
            try await connection.rows(
                """
                SELECT \(unescaped: UserColumns.table.selection(alias: "u"))
                FROM \(unescaped: UserColumns.table.declaration.table) u WHERE u.id = \(id.rawValue)
                """,
                logger: logger
            ) { try UserColumns.table.record(from: $0).plan }.first
        }
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

    public func engagement(of user: UserID) async throws -> UserEngagement {
        let id = user.rawValue
        return try await read { connection in
            var engagement = UserEngagement()
            engagement.stars = try await connection.rows(
                "SELECT annotationID, createdAt FROM stars WHERE userID = \(id) ORDER BY createdAt, annotationID",
                logger: logger
            ) { row in
                let (annotationID, createdAt) = try row.decode((UUID, Int64).self)
                return StarRecord(
                    annotationID: AnnotationID(annotationID), createdAt: Timestamp.date(milliseconds: createdAt))
            }
            engagement.reads = try await connection.rows(
                """
                SELECT annotationID, count, firstReadAt, lastReadAt FROM views WHERE userID = \(id)
                ORDER BY firstReadAt, annotationID
                """, logger: logger
            ) { row in
                let (annotationID, count, first, last) = try row.decode((UUID, Int64, Int64, Int64).self)
                return ReadReceipt(
                    annotationID: AnnotationID(annotationID), views: Int(count),
                    firstReadAt: Timestamp.date(milliseconds: first), lastReadAt: Timestamp.date(milliseconds: last))
            }
            engagement.reactions = try await connection.rows(
                "SELECT annotationID, emoji, id, createdAt FROM reactions WHERE userID = \(id) ORDER BY createdAt, id",
                logger: logger
            ) { row in
                let (annotationID, emoji, reactionID, createdAt) = try row.decode((UUID, String, UUID, Int64).self)
                return GivenReaction(
                    annotationID: AnnotationID(annotationID),
                    reaction: Reaction(
                        id: reactionID, emoji: emoji, userID: user, createdAt: Timestamp.date(milliseconds: createdAt)))
            }
            engagement.grants = try await connection.rows(
                """
                SELECT targetType, targetID, userID, id, level, grantedAt, expiresAt FROM grants
                WHERE grantedBy = \(id) ORDER BY grantedAt, targetID, userID
                """, logger: logger
            ) { row in
                let (type, targetID, grantee, grantID, level, grantedAt, expiresAt) = try row.decode(
                    (String, UUID, UUID, UUID, String, Int64, Int64?).self)
                let target: GrantTarget =
                    type == "layer" ? .layer(LayerID(targetID)) : .annotation(AnnotationID(targetID))
                return GivenGrant(
                    on: target,
                    permission: Permission(
                        id: grantID, userID: UserID(grantee), level: PermissionLevel(rawValue: level) ?? .viewer,
                        grantedBy: user, grantedAt: Timestamp.date(milliseconds: grantedAt),
                        expiresAt: expiresAt.map { Timestamp.date(milliseconds: $0) }))
            }
            return engagement
        }
    }

    private func users(_ query: PostgresQuery) async throws -> [User] {
        try await read { connection in try await connection.rows(query, logger: logger, UserColumns.user(from:)) }
    }
}
