import Foundation
import GRDB
import RealityCore

/// The per-user tables: `reactions`, `views` and `stars`.
enum EngagementRecords {
    /// Adds a reaction unless the user already reacted with that emoji.
    static func add(_ reaction: Reaction, to annotationID: AnnotationID, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT OR IGNORE INTO reactions (annotationID, userID, emoji, id, createdAt) VALUES (?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            annotationID.uuidString, reaction.userID.uuidString, reaction.emoji,
            reaction.id.lowercasedString, reaction.createdAt.storeValue,
        ])
    }

    /// Removes a user's reaction with `emoji`.
    static func removeReaction(annotationID: AnnotationID, userID: UserID, emoji: String, in db: Database) throws {
        try db.execute(
            sql: "DELETE FROM reactions WHERE annotationID = ? AND userID = ? AND emoji = ?",
            arguments: [annotationID.uuidString, userID.uuidString, emoji])
    }

    /// Marks read, and counts a view when `countsAsView`.
    static func read(
        annotationID: AnnotationID, userID: UserID, at date: Date, countsAsView: Bool, in db: Database
    ) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO views (annotationID, userID, count, firstReadAt, lastReadAt) VALUES (?1, ?2, ?3, ?4, ?4)
                ON CONFLICT(annotationID, userID) DO UPDATE SET count = count + ?3, lastReadAt = ?4
                """
        ).execute(arguments: [
            annotationID.uuidString, userID.uuidString, countsAsView ? 1 : 0, date.storeValue,
        ])
    }

    /// Stars or unstars an annotation for a user.
    static func setStarred(
        annotationID: AnnotationID, userID: UserID, starred: Bool, at date: Date, in db: Database
    ) throws {
        if starred {
            try db.execute(
                sql: "INSERT OR IGNORE INTO stars (userID, annotationID, createdAt) VALUES (?, ?, ?)",
                arguments: [userID.uuidString, annotationID.uuidString, date.storeValue])
        } else {
            try db.execute(
                sql: "DELETE FROM stars WHERE userID = ? AND annotationID = ?",
                arguments: [userID.uuidString, annotationID.uuidString])
        }
    }
}
