import Foundation
import GRDB
import RealityCore

/// The `comments` table.
enum CommentRecord {
    /// Inserts `comment` or updates its fields (the change log's columns of an existing row stay)
    /// and refreshes the annotation's full-text entry.
    static func save(_ comment: Comment, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT INTO comments (
                id, annotationID, parentCommentID, text, authorID, authorName, createdAt, updatedAt,
                isDeleted, isEdited
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET
                annotationID = excluded.annotationID, parentCommentID = excluded.parentCommentID,
                text = excluded.text, authorID = excluded.authorID, authorName = excluded.authorName,
                createdAt = excluded.createdAt, updatedAt = excluded.updatedAt, isDeleted = excluded.isDeleted,
                isEdited = excluded.isEdited
            """).execute(arguments: [
                comment.id.uuidString, comment.annotationID.uuidString, comment.parentCommentID?.uuidString,
                comment.text, comment.authorID.uuidString, comment.authorName, comment.createdAt.storeValue,
                comment.updatedAt.storeValue, comment.isDeleted, comment.isEdited,
            ])
        try AnnotationWrites.refreshCommentText(of: comment.annotationID, in: db)
    }

    /// Removes a comment for good.
    static func purge(_ id: CommentID, in db: Database) throws {
        let annotationID = try db.value(String.self, sql: "SELECT annotationID FROM comments WHERE id = ?", arguments: [id.uuidString])
        try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id.uuidString])
        if let annotationID, let annotation = AnnotationID(uuidString: annotationID) {
            try AnnotationWrites.refreshCommentText(of: annotation, in: db)
        }
    }

    /// A comment from a `comments` row.
    static func comment(from row: Row) throws -> Comment {
        Comment(
            id: try row.identifier("id"),
            text: row["text"],
            authorID: try row.identifier("authorID"),
            authorName: row["authorName"],
            annotationID: try row.identifier("annotationID"),
            parentCommentID: try row.optionalIdentifier("parentCommentID"),
            createdAt: row.date("createdAt"),
            updatedAt: row.date("updatedAt"),
            isDeleted: row["isDeleted"],
            isEdited: row["isEdited"])
    }
}

/// The `users` table.
enum UserRecord {
    /// Inserts or replaces `user`. The counts are not stored: they are counted when read.
    static func save(_ user: User, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO users (
                id, displayName, email, avatarURL, preferences, subscriptionTier, subscriptionExpiresAt,
                createdAt, lastActiveAt
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                user.id.uuidString, user.displayName, user.email, user.avatarURL?.absoluteString,
                String(decoding: try ColumnJSON.encode(user.preferences), as: UTF8.self),
                user.subscriptionTier.rawValue, user.subscriptionExpiresAt?.storeValue,
                user.createdAt.storeValue, user.lastActiveAt.storeValue,
            ])
    }

    /// A user from a `users` row joined with its two counts.
    static func user(from row: Row) throws -> User {
        let preferencesText: String = row["preferences"]
        let preferences: UserPreferences
        do {
            preferences = try RealityJSON.decoder().decode(UserPreferences.self, from: Data(preferencesText.utf8))
        } catch {
            throw StoreError.unavailable(detail: "users.preferences holds unreadable JSON: \(error)")
        }
        let avatar: String? = row["avatarURL"]
        return User(
            id: try row.identifier("id"),
            displayName: row["displayName"],
            email: row["email"],
            avatarURL: avatar.flatMap(URL.init(string:)),
            preferences: preferences,
            subscriptionTier: try row.enumValue("subscriptionTier"),
            subscriptionExpiresAt: row.optionalDate("subscriptionExpiresAt"),
            annotationCount: row["annotationCount"] ?? 0,
            layerCount: row["layerCount"] ?? 0,
            createdAt: row.date("createdAt"),
            lastActiveAt: row.date("lastActiveAt"))
    }

    /// Selects users with their live counts.
    static let selectWithCounts = """
        SELECT u.*,
            (SELECT count(*) FROM annotations WHERE ownerID = u.id AND isDeleted = 0) AS annotationCount,
            (SELECT count(*) FROM layers WHERE ownerID = u.id AND isDeleted = 0) AS layerCount
        FROM users u
        """
}
