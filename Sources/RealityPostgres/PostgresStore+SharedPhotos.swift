import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// Out of Box's shared photos and their comments (issue 22), as the SQLite store keeps them.
extension PostgresStore {
    public func saveSharedPhoto(_ photo: SharedPhoto) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                WITH shared AS (
                    INSERT INTO shared_photos (id, ownerID, assignmentID, challengeID, photoAssetID, caption,
                        visibility, createdAt)
                    VALUES (\(photo.id), \(photo.ownerID), \(photo.assignmentID), \(photo.challengeID),
                        \(photo.photoAssetID), \(photo.caption), \(photo.visibility.rawValue),
                        \(photo.createdAt.storeValue))
                    ON CONFLICT DO NOTHING RETURNING id),
                audience AS (
                    INSERT INTO shared_photo_audience (photoID, userID)
                    SELECT shared.id, member FROM shared, unnest(\(photo.audience)::uuid[]) AS member)
                SELECT 1 FROM shared
                """, logger: logger
            ) { _ in () }.count == 1
        }
    }

    public func updateSharedPhoto(_ photo: SharedPhoto) async throws {
        try await read { connection in
            try await transaction(on: connection) {
                try await connection.query(
                    """
                    UPDATE shared_photos SET caption = \(photo.caption), visibility = \(photo.visibility.rawValue)
                    WHERE id = \(photo.id)
                    """, logger: logger)
                try await connection.query(
                    "DELETE FROM shared_photo_audience WHERE photoID = \(photo.id)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO shared_photo_audience (photoID, userID)
                    SELECT \(photo.id), member FROM unnest(\(photo.audience)::uuid[]) AS member
                    """, logger: logger)
            }
        }
    }

    public func sharedPhoto(id: UUID) async throws -> SharedPhoto? {
        try await sharedPhotos(
            "SELECT \(unescaped: Self.photoColumns) FROM shared_photos p WHERE p.id = \(id) AND p.removedAt IS NULL"
        ).first
    }

    public func photoFeed(for viewerID: UUID, before cursor: (Date, UUID)?, limit: Int) async throws
        -> [SharedPhoto]
    {
        let (at, afterID) = (cursor?.0.storeValue, cursor?.1)
        return try await sharedPhotos(
            """
            SELECT \(unescaped: Self.photoColumns) FROM shared_photos p
            WHERE p.ownerID IN (SELECT \(viewerID)::uuid UNION ALL
                SELECT friendID FROM friendships WHERE userID = \(viewerID))
            AND p.removedAt IS NULL AND (p.ownerID = \(viewerID) OR (
                (p.visibility = 'friends' OR EXISTS (SELECT 1 FROM shared_photo_audience a
                    WHERE a.photoID = p.id AND a.userID = \(viewerID)))
                AND NOT EXISTS (SELECT 1 FROM content_reports r
                    WHERE r.reporterID = \(viewerID) AND r.kind = 'photo' AND r.targetID = p.id::text)))
            AND (\(at)::bigint IS NULL OR p.createdAt < \(at)::bigint
                OR (p.createdAt = \(at)::bigint AND p.id < \(afterID)::uuid))
            ORDER BY p.createdAt DESC, p.id DESC LIMIT \(limit)
            """)
    }

    public func sharedPhotos(ownedBy ownerID: UUID) async throws -> [SharedPhoto] {
        try await sharedPhotos(
            """
            SELECT \(unescaped: Self.photoColumns) FROM shared_photos p
            WHERE p.ownerID = \(ownerID) AND p.removedAt IS NULL ORDER BY p.createdAt DESC, p.id DESC
            """)
    }

    public func deleteSharedPhoto(id: UUID) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                WITH comments AS (DELETE FROM photo_comments WHERE photoID = \(id)),
                audience AS (DELETE FROM shared_photo_audience WHERE photoID = \(id))
                DELETE FROM shared_photos WHERE id = \(id) RETURNING 1
                """, logger: logger
            ) { _ in () }.count == 1
        }
    }

    public func takeDownSharedPhoto(id: UUID, at date: Date) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                WITH removed AS (
                    UPDATE shared_photos SET removedAt = \(date.storeValue) WHERE id = \(id) AND removedAt IS NULL
                    RETURNING id),
                comments AS (DELETE FROM photo_comments WHERE photoID IN (SELECT id FROM removed)),
                audience AS (DELETE FROM shared_photo_audience WHERE photoID IN (SELECT id FROM removed))
                SELECT 1 FROM removed
                """, logger: logger
            ) { _ in () }.count == 1
        }
    }

    public func saveComment(_ comment: PhotoComment, limit: Int) async throws -> Bool {
        try await read { connection in
            var saved = false
            try await transaction(on: connection) {
                // The photo's row is held first and the count is a statement of its own, so under READ
                // COMMITTED it sees every comment of a writer that held the row before.
                try await connection.query(
                    "SELECT 1 FROM shared_photos WHERE id = \(comment.photoID) FOR UPDATE", logger: logger)
                saved =
                    try await connection.rows(
                        """
                        INSERT INTO photo_comments (id, photoID, authorID, text, createdAt)
                        SELECT \(comment.id), \(comment.photoID), \(comment.authorID), \(comment.text),
                            \(comment.createdAt.storeValue)
                        WHERE (SELECT count(*) FROM photo_comments WHERE photoID = \(comment.photoID)) < \(limit)
                        RETURNING 1
                        """, logger: logger
                    ) { _ in () }.count == 1
            }
            return saved
        }
    }

    public func visibleCommentCounts(on photoIDs: [UUID], for viewerID: UUID) async throws -> [UUID: Int] {
        guard !photoIDs.isEmpty else { return [:] }
        return try await read { connection in
            Dictionary(
                uniqueKeysWithValues: try await connection.rows(
                    """
                    SELECT c.photoID, count(*) FROM photo_comments c, (SELECT \(viewerID)::uuid AS viewer) v
                    WHERE c.photoID = ANY(\(photoIDs)::uuid[]) AND \(unescaped: Self.commentShownToViewer)
                    GROUP BY c.photoID
                    """, logger: logger
                ) { row in
                    let (id, count) = try row.decode((UUID, Int64).self)
                    return (id, Int(count))
                })
        }
    }

    public func comment(id: UUID) async throws -> PhotoComment? {
        try await comments("SELECT \(unescaped: Self.commentColumns) FROM photo_comments WHERE id = \(id)").first
    }

    public func comments(on photoID: UUID, visibleTo viewerID: UUID, limit: Int) async throws -> [PhotoComment] {
        try await comments(
            """
            SELECT \(unescaped: Self.commentColumns) FROM photo_comments c, (SELECT \(viewerID)::uuid AS viewer) v
            WHERE c.photoID = \(photoID) AND \(unescaped: Self.commentShownToViewer)
            ORDER BY c.createdAt, c.id LIMIT \(limit)
            """)
    }

    public func comments(by authorID: UUID) async throws -> [PhotoComment] {
        try await comments(
            """
            SELECT \(unescaped: Self.commentColumns) FROM photo_comments WHERE authorID = \(authorID)
            ORDER BY createdAt, id
            """)
    }

    public func deleteComment(id: UUID) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                "DELETE FROM photo_comments WHERE id = \(id) RETURNING 1", logger: logger
            ) { _ in () }.count == 1
        }
    }

    // MARK: Rows

    static let commentColumns = "id, photoID, authorID, text, createdAt"
    /// Whether comment `c` is one `v.viewer` may read: not one they reported, nor one of someone
    /// blocked either way. The comment list and the counts of it read this one rule.
    static let commentShownToViewer = """
        NOT EXISTS (SELECT 1 FROM content_reports r
            WHERE r.reporterID = v.viewer AND r.kind = 'comment' AND r.targetID = c.id::text)
        AND c.authorID NOT IN (SELECT blockedID FROM blocks WHERE blockerID = v.viewer
            UNION SELECT blockerID FROM blocks WHERE blockedID = v.viewer)
        """
    /// The columns ``sharedPhotos(_:)`` reads, from `shared_photos p`.
    static let photoColumns = """
        p.id, p.ownerID, p.assignmentID, p.challengeID, p.photoAssetID, p.caption, p.visibility, p.createdAt,
        (SELECT count(*) FROM photo_comments c WHERE c.photoID = p.id),
        (SELECT coalesce(array_agg(a.userID ORDER BY a.userID), '{}') FROM shared_photo_audience a WHERE a.photoID = p.id)
        """
    func sharedPhotos(_ query: PostgresQuery) async throws -> [SharedPhoto] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row -> SharedPhoto in
                let (
                    id, ownerID, assignmentID, challengeID, photoAssetID, caption, visibility, createdAt, count,
                    audience
                ) =
                    try row.decode((UUID, UUID, UUID, String, String, String?, String, Int64, Int64, [UUID]).self)
                guard let visibility = SharedPhoto.Visibility(rawValue: visibility) else {
                    throw StoreError.unavailable(detail: "an unreadable shared_photos row")
                }
                return SharedPhoto(
                    id: id, ownerID: ownerID, assignmentID: assignmentID, challengeID: challengeID,
                    photoAssetID: photoAssetID, caption: caption, visibility: visibility, audience: audience,
                    createdAt: Timestamp.date(milliseconds: createdAt), commentCount: Int(count))
            }
        }
    }
    func comments(_ query: PostgresQuery) async throws -> [PhotoComment] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row in
                let (id, photoID, authorID, text, createdAt) = try row.decode((UUID, UUID, UUID, String, Int64).self)
                return PhotoComment(
                    id: id, photoID: photoID, authorID: authorID, text: text,
                    createdAt: Timestamp.date(milliseconds: createdAt))
            }
        }
    }
}
