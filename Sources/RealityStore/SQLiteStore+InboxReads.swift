import Foundation
import GRDB
import RealityCore

extension SQLiteStore: InboxRepository {
    public func notification(id: UUID) async throws -> AppNotification? {
        try await read { db in
            try db.row(sql: "SELECT * FROM notifications WHERE id = ?", arguments: [id.lowercasedString])
                .map(NotificationRecord.notification(from:))
        }
    }

    public func notifications(for recipient: UserID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification] {
        try await read { db in
            try db.rows(
                sql: """
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
            try db.rows(
                sql: """
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
