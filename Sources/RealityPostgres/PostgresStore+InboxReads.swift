import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: InboxRepository {
    public func notification(id: UUID) async throws -> AppNotification? {
        try await notifications(
            """
            SELECT \(unescaped: NotificationColumns.selection) FROM notifications WHERE id = \(id)
            """
        ).first
    }

    public func notifications(for recipient: UserID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification] {
        try await notifications(
            """
            SELECT \(unescaped: NotificationColumns.selection) FROM notifications
            WHERE recipientID = \(recipient.rawValue) \(unescaped: unreadOnly ? "AND NOT isRead" : "")
            ORDER BY createdAt DESC, id DESC LIMIT \(max(limit, 0))
            """)
    }

    public func activities(visibleTo viewer: UserID, at date: Date, limit: Int) async throws -> [Activity] {
        // A move names the layer it went to: seeing the annotation is not enough to see that
        // name, the layer itself must be visible (issue 17).
        var query = PostgresQuery(
            unsafeSQL: """
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
