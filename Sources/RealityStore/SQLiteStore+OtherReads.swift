import Foundation
import GRDB
import RealityCore

extension SQLiteStore: CommentRepository {
    public func comment(id: CommentID) async throws -> Comment? {
        try await read { db in
            try db.row(sql: "SELECT * FROM comments WHERE id = ?", arguments: [id.uuidString])
                .map(CommentRecord.comment(from:))
        }
    }

    public func comments(on annotationID: AnnotationID) async throws -> [Comment] {
        try await read { db in try Self.comments(on: annotationID, in: db) }
    }

    /// The live comments on an annotation, oldest first, read on `db`.
    static func comments(on annotationID: AnnotationID, in db: Database) throws -> [Comment] {
        try db.rows(sql: "SELECT * FROM comments WHERE annotationID = ? AND isDeleted = 0 ORDER BY createdAt, id",
            arguments: [annotationID.uuidString]
        ).map(CommentRecord.comment(from:))
    }

    public func comments(authoredBy author: UserID) async throws -> [Comment] {
        try await read { db in
            try db.rows(sql: "SELECT * FROM comments WHERE authorID = ? AND isDeleted = 0 ORDER BY createdAt, id",
                arguments: [author.uuidString]
            ).map(CommentRecord.comment(from:))
        }
    }

    public func commentAuthors(on annotationID: AnnotationID) async throws -> [UserID] {
        try await read { db in
            try db.values(String.self, sql: "SELECT DISTINCT authorID FROM comments WHERE annotationID = ? AND isDeleted = 0",
                arguments: [annotationID.uuidString]
            ).compactMap(UserID.init(uuidString:))
        }
    }
}

extension SQLiteStore: UserRepository {
    public func user(id: UserID) async throws -> User? {
        try await read { db in
            try db.row(sql: UserRecord.selectWithCounts + " WHERE u.id = ?", arguments: [id.uuidString])
                .map(UserRecord.user(from:))
        }
    }

    public func users(matchingHandle handle: String) async throws -> [User] {
        try await read { db in
            try db.rows(sql: UserRecord.selectWithCounts
                    + " WHERE u.displayName = ?1 COLLATE NOCASE OR u.email = ?1 COLLATE NOCASE LIMIT 10",
                arguments: [handle]
            ).map(UserRecord.user(from:))
        }
    }

    public func storageUsed(by owner: UserID) async throws -> Int64 {
        try await read { db in
            try db.value(Int64.self, sql: "SELECT coalesce(sum(byteCount), 0) FROM asset_refs WHERE ownerID = ?",
                arguments: [owner.uuidString]) ?? 0
        }
    }
}

extension SQLiteStore: InboxRepository {
    public func notification(id: UUID) async throws -> AppNotification? {
        try await read { db in
            try db.row(sql: "SELECT * FROM notifications WHERE id = ?", arguments: [id.lowercasedString])
                .map(NotificationRecord.notification(from:))
        }
    }

    public func notifications(for recipient: UserID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification] {
        try await read { db in
            try db.rows(sql: """
                    SELECT * FROM notifications WHERE recipientID = ? \(unreadOnly ? "AND isRead = 0" : "")
                    ORDER BY createdAt DESC, id DESC LIMIT ?
                    """,
                // SQLite reads a negative LIMIT as "no limit"; a negative page size asks for nothing.
                arguments: [recipient.uuidString, max(limit, 0)]
            ).map(NotificationRecord.notification(from:))
        }
    }

    public func activities(visibleTo viewer: UserID, at date: Date, limit: Int) async throws -> [Activity] {
        // A move names the layer it went to: seeing the annotation is not enough to see that
        // name, the layer itself must be visible (issue 17).
        try await read { db in
            try db.rows(sql: """
                    WITH RECURSIVE \(AccessSQL.visibleLayersCTE)
                    SELECT act.* FROM activities act
                    LEFT JOIN annotations a ON a.id = act.annotationID
                    WHERE act.actorID = :viewer
                       OR act.layerID IN visible_layers
                       OR (a.id IS NOT NULL AND \(AccessSQL.annotationPredicate)
                           AND act.kind <> 'annotationMoved')
                    ORDER BY act.createdAt DESC, act.id DESC LIMIT :limit
                    """,
                arguments: ["viewer": viewer.uuidString, "now": date.storeValue, "limit": max(limit, 0)]
            ).map(ActivityRecord.activity(from:))
        }
    }
}

extension SQLiteStore: WorldMapRepository {
    public func worldMap(id: WorldMapID) async throws -> WorldMap? {
        try await read { db in
            let rows = try db.rows(sql: "SELECT * FROM world_maps WHERE id = ?", arguments: [id.uuidString])
            return try WorldMapRecord.worldMaps(from: rows, in: db).first
        }
    }

    public func worldMaps(visibleTo viewer: UserID) async throws -> [WorldMap] {
        try await read { db in
            let rows = try db.rows(sql: """
                    SELECT w.* FROM world_maps w
                    WHERE w.ownerID = ?1
                       OR (w.isShared = 1 AND EXISTS (SELECT 1 FROM json_each(w.sharedWith) WHERE value = ?1))
                    ORDER BY w.lastUsedAt DESC, w.id
                    """,
                arguments: [viewer.uuidString])
            return try WorldMapRecord.worldMaps(from: rows, in: db)
        }
    }
}
