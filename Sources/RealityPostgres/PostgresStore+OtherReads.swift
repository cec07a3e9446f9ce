import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: CommentRepository {
    public func comment(id: CommentID) async throws -> Comment? {
        try await comments("SELECT \(unescaped: CommentColumns.selection) FROM comments WHERE id = \(id.rawValue)").first
    }

    public func comments(on annotationID: AnnotationID) async throws -> [Comment] {
        try await comments(Self.commentsQuery(on: annotationID))
    }

    /// The live comments on an annotation, oldest first.
    static func commentsQuery(on annotationID: AnnotationID) -> PostgresQuery {
        """
        SELECT \(unescaped: CommentColumns.selection) FROM comments
        WHERE annotationID = \(annotationID.rawValue) AND NOT isDeleted ORDER BY createdAt, id
        """
    }

    public func comments(authoredBy author: UserID) async throws -> [Comment] {
        try await comments("""
            SELECT \(unescaped: CommentColumns.selection) FROM comments
            WHERE authorID = \(author.rawValue) AND NOT isDeleted ORDER BY createdAt, id
            """)
    }

    public func commentAuthors(on annotationID: AnnotationID) async throws -> [UserID] {
        try await read { connection in
            try await connection.rows(
                "SELECT DISTINCT authorID FROM comments WHERE annotationID = \(annotationID.rawValue) AND NOT isDeleted",
                logger: logger
            ) { UserID(try $0.decode(UUID.self)) }
        }
    }

    private func comments(_ query: PostgresQuery) async throws -> [Comment] {
        try await read { connection in try await connection.rows(query, logger: logger, CommentColumns.comment(from:)) }
    }
}

extension PostgresStore: UserRepository {
    public func user(id: UserID) async throws -> User? {
        try await users("\(unescaped: UserColumns.selectWithCounts) WHERE u.id = \(id.rawValue)").first
    }

    public func users(matchingHandle handle: String) async throws -> [User] {
        // SQLite's NOCASE folds ASCII letters only; so does lower() under the "C" collation.
        try await users("""
            \(unescaped: UserColumns.selectWithCounts)
            WHERE lower(u.displayName COLLATE "C") = lower(\(handle)::text COLLATE "C")
               OR lower(u.email COLLATE "C") = lower(\(handle)::text COLLATE "C")
            LIMIT 10
            """)
    }

    public func storageUsed(by owner: UserID) async throws -> Int64 {
        try await read { connection in
            try await connection.rows(
                "SELECT coalesce(sum(byteCount), 0)::bigint FROM asset_refs WHERE ownerID = \(owner.rawValue)", logger: logger
            ) { try $0.decode(Int64.self) }.first ?? 0
        }
    }

    private func users(_ query: PostgresQuery) async throws -> [User] {
        try await read { connection in try await connection.rows(query, logger: logger, UserColumns.user(from:)) }
    }
}

extension PostgresStore: InboxRepository {
    public func notification(id: UUID) async throws -> AppNotification? {
        try await notifications("""
            SELECT \(unescaped: NotificationColumns.selection) FROM notifications WHERE id = \(id)
            """).first
    }

    public func notifications(for recipient: UserID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification] {
        try await notifications("""
            SELECT \(unescaped: NotificationColumns.selection) FROM notifications
            WHERE recipientID = \(recipient.rawValue) \(unescaped: unreadOnly ? "AND NOT isRead" : "")
            ORDER BY createdAt DESC, id DESC LIMIT \(max(limit, 0))
            """)
    }

    public func activities(visibleTo viewer: UserID, at date: Date, limit: Int) async throws -> [Activity] {
        // A move names the layer it went to: seeing the annotation is not enough to see that
        // name, the layer itself must be visible (issue 17).
        var query = PostgresQuery(unsafeSQL: """
            WITH RECURSIVE \(PostgresAccessSQL.visibleLayersCTE(viewer: "$1", now: "$2"))
            SELECT \(ActivityColumns.selection) FROM activities act
            LEFT JOIN annotations a ON a.id = act.annotationID
            WHERE act.actorID = $1
               OR act.layerID IN (SELECT id FROM visible_layers)
               OR (a.id IS NOT NULL AND \(PostgresAccessSQL.annotationPredicate(viewer: "$1", now: "$2"))
                   AND act.kind <> 'annotationMoved')
            ORDER BY act.createdAt DESC, act.id DESC LIMIT $3
            """)
        query.binds.append(viewer.rawValue)
        query.binds.append(date.storeValue)
        query.binds.append(max(limit, 0))
        return try await read { connection in
            try await connection.rows(query, logger: logger, ActivityColumns.activity(from:))
        }
    }

    private func notifications(_ query: PostgresQuery) async throws -> [AppNotification] {
        try await read { connection in
            try await connection.rows(query, logger: logger, NotificationColumns.notification(from:))
        }
    }
}

extension PostgresStore: WorldMapRepository {
    public func worldMap(id: WorldMapID) async throws -> WorldMap? {
        try await worldMaps("SELECT \(unescaped: WorldMapColumns.selection) FROM world_maps w WHERE w.id = \(id.rawValue)")
            .first
    }

    public func worldMaps(visibleTo viewer: UserID) async throws -> [WorldMap] {
        try await worldMaps("""
            SELECT \(unescaped: WorldMapColumns.selection) FROM world_maps w
            WHERE w.ownerID = \(viewer.rawValue) OR (w.isShared AND w.sharedWith ? \(viewer.uuidString))
            ORDER BY w.lastUsedAt DESC, w.id
            """)
    }

    /// The maps `query` selects, each with its anchors (one query for all of them).
    private func worldMaps(_ query: PostgresQuery) async throws -> [WorldMap] {
        try await read { connection in
            let maps = try await connection.rows(query, logger: logger, WorldMapColumns.worldMap(from:))
            return try await Self.withAnchors(maps, on: connection, logger: logger)
        }
    }

    /// `maps` with their anchors attached (one query for all of them).
    static func withAnchors(_ maps: [WorldMap], on connection: PostgresConnection, logger: Logger) async throws
        -> [WorldMap]
    {
        guard !maps.isEmpty else { return [] }
        var anchors: [UUID: [WorldAnchor]] = [:]
        for (mapID, anchor) in try await connection.rows("""
            SELECT \(unescaped: WorldMapColumns.anchorSelection) FROM anchors
            WHERE worldMapID = ANY(\(maps.map(\.id.rawValue))) ORDER BY worldMapID, position
            """, logger: logger, WorldMapColumns.anchor(from:))
        {
            anchors[mapID, default: []].append(anchor)
        }
        var maps = maps
        for index in maps.indices { maps[index].anchors = anchors[maps[index].id.rawValue] ?? [] }
        return maps
    }
}
