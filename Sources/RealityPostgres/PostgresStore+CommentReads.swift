import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: CommentRepository {
    public func comment(id: CommentID) async throws -> Comment? {
        try await comments("SELECT \(unescaped: CommentColumns.selection) FROM comments WHERE id = \(id.rawValue)")
            .first
    }

    public func comments(on annotationID: AnnotationID) async throws -> [Comment] {
        try await read { connection in
            try await connection.rows(CommentsStatement(annotationID: annotationID.rawValue), logger: logger)
        }
    }

    public func comments(authoredBy author: UserID) async throws -> [Comment] {
        try await comments(
            """
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
