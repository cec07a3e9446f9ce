import Foundation
import GRDB
import RealityCore

/// The `comments` table, as ``Comment/declaration`` lists its columns.
enum CommentRecord {
    /// The table, from the declaration.
    static let table = DeclaredTable(Comment.declaration)

    /// Inserts `comment` or updates its fields (the change log's columns of an existing row stay)
    /// and refreshes the annotation's full-text entry.
    static func save(_ comment: Comment, in db: Database) throws {
        try db.cachedStatement(sql: table.upsertSQL).execute { bindings in try table.bind(comment, to: &bindings) }
        try AnnotationWrites.refreshCommentText(of: comment.annotationID, in: db)
    }

    /// Removes a comment for good.
    static func purge(_ id: CommentID, in db: Database) throws {
        let annotationID = try db.value(
            String.self, sql: "SELECT annotationID FROM comments WHERE id = ?", arguments: [id.uuidString])
        try db.execute(sql: "DELETE FROM comments WHERE id = ?", arguments: [id.uuidString])
        if let annotationID, let annotation = AnnotationID(uuidString: annotationID) {
            try AnnotationWrites.refreshCommentText(of: annotation, in: db)
        }
    }

    /// Comments from rows that hold the table's columns (found by name once, then read by position).
    static func comments(from rows: [Row]) throws -> [Comment] {
        guard let first = rows.first else { return [] }
        let positions = try table.positions(in: first)
        return try rows.map { try table.record(from: $0, positions: positions) }
    }

    /// A comment from a row that holds the table's columns.
    static func comment(from row: Row) throws -> Comment {
        try table.record(from: row, positions: try table.positions(in: row))
    }
}
