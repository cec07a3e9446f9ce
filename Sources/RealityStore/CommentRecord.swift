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
