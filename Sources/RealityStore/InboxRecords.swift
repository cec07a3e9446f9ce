import Foundation
import GRDB
import RealityCore

/// The `notifications` table.
enum NotificationRecord {
    /// Inserts a notification (replacing one with the same ID).
    static func save(_ notification: AppNotification, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO notifications (
                    id, recipientID, type, title, body, actorID, annotationID, layerID, commentID, createdAt, isRead
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            notification.id.lowercasedString, notification.recipientID.uuidString,
            notification.type.rawValue, notification.title, notification.body,
            notification.actorID?.uuidString, notification.annotationID?.uuidString,
            notification.layerID?.uuidString, notification.commentID?.uuidString,
            notification.createdAt.storeValue, notification.isRead,
        ])
    }

    /// A notification from a row.
    static func notification(from row: Row) throws -> AppNotification {
        AppNotification(
            id: UUID(uuidString: row["id"]) ?? UUID(),
            recipientID: try row.identifier("recipientID"),
            type: try row.enumValue("type"),
            title: row["title"],
            body: row["body"],
            actorID: try row.optionalIdentifier("actorID"),
            annotationID: try row.optionalIdentifier("annotationID"),
            layerID: try row.optionalIdentifier("layerID"),
            commentID: try row.optionalIdentifier("commentID"),
            createdAt: row.date("createdAt"),
            isRead: row["isRead"])
    }
}

/// The `activities` table.
enum ActivityRecord {
    /// Inserts an activity entry.
    static func save(_ activity: Activity, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO activities (id, kind, actorID, annotationID, layerID, commentID, summary, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            activity.id.lowercasedString, activity.kind.rawValue, activity.actorID.uuidString,
            activity.annotationID?.uuidString, activity.layerID?.uuidString, activity.commentID?.uuidString,
            activity.summary, activity.createdAt.storeValue,
        ])
    }

    /// An activity entry from a row.
    static func activity(from row: Row) throws -> Activity {
        Activity(
            id: UUID(uuidString: row["id"]) ?? UUID(),
            kind: try row.enumValue("kind"),
            actorID: try row.identifier("actorID"),
            annotationID: try row.optionalIdentifier("annotationID"),
            layerID: try row.optionalIdentifier("layerID"),
            commentID: try row.optionalIdentifier("commentID"),
            summary: row["summary"],
            createdAt: row.date("createdAt"))
    }
}
