import Foundation
import PostgresNIO
import RealityCore

/// The statements that apply each ``Change`` inside a commit's transaction, with the SQLite
/// store's semantics (`INSERT OR REPLACE` becomes an upsert of every column, `INSERT OR IGNORE`
/// `ON CONFLICT DO NOTHING`).
struct PostgresWrites {
    let connection: PostgresConnection
    let logger: Logger

    private func run(_ query: PostgresQuery) async throws {
        try await connection.query(query, logger: logger)
    }

    /// Applies one change.
    func apply(_ change: Change) async throws {
        switch change {
        case .saveAnnotation(let annotation): try await saveAnnotations([annotation])
        case .saveLayer(let layer): try await save(layer)
        case .saveComment(let comment): try await save(comment)
        case .saveUser(let user): try await save(user)
        case .saveWorldMap(let map): try await save(map)
        case .deleteWorldMap(let id):
            try await run(
                """
                WITH anchor_rows AS (DELETE FROM anchors WHERE worldMapID = \(id.rawValue))
                DELETE FROM world_maps WHERE id = \(id.rawValue)
                """)
        case .saveOwned(let record):
            try await run(try PostgresOwnedTables.table(record.recordType).upsert(record))
        case .deleteOwned(let type, let id, _):
            try await run("DELETE FROM \(unescaped: try PostgresOwnedTables.table(type).name) WHERE id = \(id)")
        case .grant(let permission, let target):
            let (type, id) = GrantColumns.target(target)
            try await run(
                """
                INSERT INTO grants (targetType, targetID, userID, id, level, grantedAt, grantedBy, expiresAt)
                VALUES (\(type), \(id), \(permission.userID.rawValue), \(permission.id), \(permission.level.rawValue),
                        \(permission.grantedAt.storeValue), \(permission.grantedBy.rawValue), \(permission.expiresAt?.storeValue))
                ON CONFLICT (targetType, targetID, userID) DO UPDATE SET
                    id = EXCLUDED.id, level = EXCLUDED.level, grantedAt = EXCLUDED.grantedAt,
                    grantedBy = EXCLUDED.grantedBy, expiresAt = EXCLUDED.expiresAt
                """)
        case .revoke(let userID, let target):
            let (type, id) = GrantColumns.target(target)
            try await run(
                """
                DELETE FROM grants WHERE targetType = \(type) AND targetID = \(id) AND userID = \(userID.rawValue)
                """)
        case .addReaction(let reaction, let annotationID):
            try await run(
                """
                INSERT INTO reactions (annotationID, userID, emoji, id, createdAt)
                VALUES (\(annotationID.rawValue), \(reaction.userID.rawValue), \(reaction.emoji), \(reaction.id),
                        \(reaction.createdAt.storeValue))
                ON CONFLICT DO NOTHING
                """)
        case .removeReaction(let annotationID, let userID, let emoji):
            try await run(
                """
                DELETE FROM reactions
                WHERE annotationID = \(annotationID.rawValue) AND userID = \(userID.rawValue) AND emoji = \(emoji)
                """)
        case .recordView(let annotationID, let userID, let date):
            try await read(annotationID, by: userID, at: date, views: 1)
        case .markRead(let annotationID, let userID, let date):
            try await read(annotationID, by: userID, at: date, views: 0)
        case .setStarred(let annotationID, let userID, let starred, let date):
            if starred {
                try await run(
                    """
                    INSERT INTO stars (userID, annotationID, createdAt)
                    VALUES (\(userID.rawValue), \(annotationID.rawValue), \(date.storeValue))
                    ON CONFLICT DO NOTHING
                    """)
            } else {
                try await run(
                    """
                    DELETE FROM stars WHERE userID = \(userID.rawValue) AND annotationID = \(annotationID.rawValue)
                    """)
            }
        case .addNotification(let notification): try await save(notification)
        case .markNotificationRead(let id, let recipientID):
            try await run(
                "UPDATE notifications SET isRead = true WHERE id = \(id) AND recipientID = \(recipientID.rawValue)")
        case .addActivity(let activity): try await save(activity)
        case .purgeAnnotation(let id):
            let key = id.rawValue
            try await releaseAssets(ofPurged: key)
            // One statement: every data-modifying CTE runs, on the same snapshot.
            try await run(
                """
                WITH annotation AS (DELETE FROM annotations WHERE id = \(key)),
                    grant_rows AS (DELETE FROM grants WHERE targetType = 'annotation' AND targetID = \(key)),
                    reaction_rows AS (DELETE FROM reactions WHERE annotationID = \(key)),
                    view_rows AS (DELETE FROM views WHERE annotationID = \(key)),
                    star_rows AS (DELETE FROM stars WHERE annotationID = \(key)),
                    comment_rows AS (DELETE FROM comments WHERE annotationID = \(key)),
                    attachment_rows AS (DELETE FROM attachments WHERE annotationID = \(key))
                UPDATE anchors SET annotationID = NULL WHERE annotationID = \(key)
                """)
        case .purgeLayer(let id):
            try await run(
                """
                WITH layer AS (DELETE FROM layers WHERE id = \(id.rawValue))
                DELETE FROM grants WHERE targetType = 'layer' AND targetID = \(id.rawValue)
                """)
        case .purgeComment(let id):
            let annotations = try await connection.rows(
                "DELETE FROM comments WHERE id = \(id.rawValue) RETURNING annotationID", logger: logger
            ) { try $0.decode(UUID.self) }
            for annotationID in annotations { try await refreshCommentText(of: annotationID) }
        case .recordSyncMutation:
            break  // the change log records it, with the commit's number (PostgresSyncLog)
        case .publishPlanSharing(let userID, let sharing, _):
            try await run(
                """
                INSERT INTO plan_sharing (userID, sharing) VALUES (\(userID.rawValue), \(sharing))
                ON CONFLICT (userID) DO UPDATE SET sharing = EXCLUDED.sharing
                """)
        }
    }

    // MARK: - Records

    /// Upserts a layer's own fields (its grants are changes of their own).
    private func save(_ layer: Layer) async throws {
        try await run(LayerColumns.table.upsert(layer))
    }

    /// Upserts a comment with its own search vector, then rebuilds its annotation's.
    private func save(_ comment: Comment) async throws {
        try await run(
            CommentColumns.table.upsert(
                comment,
                extra: [
                    ("search", { $0.bind(SearchText.vectorLiteral(comment.text)) + "::tsvector" })
                ]))
        try await refreshCommentText(of: comment.annotationID.rawValue)
    }

    /// Rebuilds the comment part of a live annotation's search vector: its own words (weight A)
    /// stay, the live comments' vectors follow.
    private func refreshCommentText(of annotationID: UUID) async throws {
        try await run(
            """
            UPDATE annotations SET search = ts_filter(search, '{a}') || coalesce(
                (SELECT reality_tsvector_agg(c.search ORDER BY c.createdAt, c.id) FROM comments c
                 WHERE c.annotationID = \(annotationID) AND NOT c.isDeleted), ''::tsvector)
            WHERE id = \(annotationID) AND NOT isDeleted
            """)
    }

    /// Upserts a user's own fields (the counts are counted when read).
    private func save(_ user: User) async throws {
        try await run(UserColumns.table.upsert(user))
    }

    /// Upserts a world map and replaces its anchors.
    private func save(_ map: WorldMap) async throws {
        let key = map.id.rawValue
        // Anchor IDs are unique across maps and not secret (annotations name them): an anchor of
        // another map must not be replaced, and so taken out of that map, by this one.
        if !map.anchors.isEmpty,
            let taken = try await connection.rows(
                """
                SELECT id FROM anchors WHERE worldMapID <> \(key) AND id = ANY(\(map.anchors.map(\.id.rawValue))) LIMIT 1
                """, logger: logger, { try $0.decode(UUID.self) }
            ).first
        {
            throw StoreError.conflict(recordType: .worldMap, id: AnchorID(taken).uuidString)
        }
        try await run("DELETE FROM anchors WHERE worldMapID = \(key)")
        try await run(WorldMapColumns.table.upsert(map))
        for (index, anchor) in map.anchors.enumerated() {
            let p = anchor.position
            let transform = try ColumnJSON.encode(anchor.transform)
            try await run(
                """
                INSERT INTO anchors (id, worldMapID, position, transform, x, y, z, annotationID)
                VALUES (
                    \(anchor.id.rawValue), \(key), \(index), \(transform)::jsonb,
                    \(Double(p.x)), \(Double(p.y)), \(Double(p.z)), \(anchor.annotationID?.rawValue)
                )
                ON CONFLICT (id) DO UPDATE SET
                    worldMapID = EXCLUDED.worldMapID, position = EXCLUDED.position, transform = EXCLUDED.transform,
                    x = EXCLUDED.x, y = EXCLUDED.y, z = EXCLUDED.z, annotationID = EXCLUDED.annotationID
                """)
        }
    }

    private func save(_ notification: AppNotification) async throws {
        try await run(
            """
            INSERT INTO notifications (
                id, recipientID, type, title, body, actorID, annotationID, layerID, commentID, createdAt, isRead
            ) VALUES (
                \(notification.id), \(notification.recipientID.rawValue), \(notification.type.rawValue),
                \(notification.title), \(notification.body), \(notification.actorID?.rawValue),
                \(notification.annotationID?.rawValue), \(notification.layerID?.rawValue),
                \(notification.commentID?.rawValue), \(notification.createdAt.storeValue), \(notification.isRead)
            )
            ON CONFLICT (id) DO UPDATE SET
                recipientID = EXCLUDED.recipientID, type = EXCLUDED.type, title = EXCLUDED.title, body = EXCLUDED.body,
                actorID = EXCLUDED.actorID, annotationID = EXCLUDED.annotationID, layerID = EXCLUDED.layerID,
                commentID = EXCLUDED.commentID, createdAt = EXCLUDED.createdAt, isRead = EXCLUDED.isRead
            """)
    }

    private func save(_ activity: Activity) async throws {
        try await run(
            """
            INSERT INTO activities (id, kind, actorID, annotationID, layerID, commentID, summary, createdAt)
            VALUES (
                \(activity.id), \(activity.kind.rawValue), \(activity.actorID.rawValue), \(activity.annotationID?.rawValue),
                \(activity.layerID?.rawValue), \(activity.commentID?.rawValue), \(activity.summary),
                \(activity.createdAt.storeValue)
            )
            ON CONFLICT (id) DO UPDATE SET
                kind = EXCLUDED.kind, actorID = EXCLUDED.actorID, annotationID = EXCLUDED.annotationID,
                layerID = EXCLUDED.layerID, commentID = EXCLUDED.commentID, summary = EXCLUDED.summary,
                createdAt = EXCLUDED.createdAt
            """)
    }

    /// Marks read, and counts `views` more views.
    private func read(_ annotationID: AnnotationID, by userID: UserID, at date: Date, views: Int) async throws {
        try await run(
            """
            INSERT INTO views (annotationID, userID, count, firstReadAt, lastReadAt)
            VALUES (\(annotationID.rawValue), \(userID.rawValue), \(views), \(date.storeValue), \(date.storeValue))
            ON CONFLICT (annotationID, userID) DO UPDATE SET
                count = views.count + EXCLUDED.count, lastReadAt = EXCLUDED.lastReadAt
            """)
    }
}
