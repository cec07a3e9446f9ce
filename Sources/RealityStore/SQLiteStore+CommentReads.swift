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
        try CommentRecord.comments(
            from: db.rows(
                sql: "SELECT * FROM comments WHERE annotationID = ? AND isDeleted = 0 ORDER BY createdAt, id",
                arguments: [annotationID.uuidString]))
    }

    public func comments(authoredBy author: UserID) async throws -> [Comment] {
        try await read { db in
            try CommentRecord.comments(
                from: db.rows(
                    sql: "SELECT * FROM comments WHERE authorID = ? AND isDeleted = 0 ORDER BY createdAt, id",
                    arguments: [author.uuidString]))
        }
    }

    public func commentAuthors(on annotationID: AnnotationID) async throws -> [UserID] {
        try await read { db in
            try db.values(
                String.self, sql: "SELECT DISTINCT authorID FROM comments WHERE annotationID = ? AND isDeleted = 0",
                arguments: [annotationID.uuidString]
            ).compactMap(UserID.init(uuidString:))
        }
    }
}
