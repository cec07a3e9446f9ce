import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// Out of Box's shared photos and their comments (issue 22), in the tables of the "social22"
/// migration.
extension SQLiteStore {
    public func saveSharedPhoto(_ photo: SharedPhoto) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO shared_photos (id, ownerID, assignmentID, challengeID, photoAssetID, caption,
                        visibility, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    Self.key(photo.id), Self.key(photo.ownerID), Self.key(photo.assignmentID), photo.challengeID,
                    photo.photoAssetID, photo.caption, photo.visibility.rawValue, photo.createdAt.storeValue,
                ])
            guard db.changesCount == 1 else { return false }
            try Self.saveAudience(db, of: photo)
            return true
        }
    }

    public func updateSharedPhoto(_ photo: SharedPhoto) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE shared_photos SET caption = ?, visibility = ? WHERE id = ?",
                arguments: [photo.caption, photo.visibility.rawValue, Self.key(photo.id)])
            try db.execute(sql: "DELETE FROM shared_photo_audience WHERE photoID = ?", arguments: [Self.key(photo.id)])
            try Self.saveAudience(db, of: photo)
        }
    }

    public func sharedPhoto(id: UUID) async throws -> SharedPhoto? {
        try await read { db in
            try Self.sharedPhotos(
                db, sql: "SELECT \(Self.photoColumns) FROM shared_photos p WHERE p.id = :id AND p.removedAt IS NULL",
                arguments: ["id": Self.key(id)]
            ).first
        }
    }

    public func photoFeed(for viewerID: UUID, before cursor: (Date, UUID)?, limit: Int) async throws
        -> [SharedPhoto]
    {
        try await read { db in
            try Self.sharedPhotos(
                db,
                sql: """
                    SELECT \(Self.photoColumns) FROM shared_photos p
                    WHERE p.ownerID IN (SELECT :viewer UNION ALL SELECT friendID FROM friendships WHERE userID = :viewer)
                    AND p.removedAt IS NULL AND (p.ownerID = :viewer OR (
                        (p.visibility = 'friends' OR EXISTS (SELECT 1 FROM shared_photo_audience a
                            WHERE a.photoID = p.id AND a.userID = :viewer))
                        AND NOT EXISTS (SELECT 1 FROM content_reports r
                            WHERE r.reporterID = :viewer AND r.kind = 'photo' AND r.targetID = p.id)))
                    AND (:at IS NULL OR p.createdAt < :at OR (p.createdAt = :at AND p.id < :afterID))
                    ORDER BY p.createdAt DESC, p.id DESC LIMIT :limit
                    """,
                arguments: [
                    "viewer": Self.key(viewerID), "at": cursor?.0.storeValue, "afterID": cursor.map { Self.key($0.1) },
                    "limit": limit,
                ])
        }
    }

    public func sharedPhotos(ownedBy ownerID: UUID) async throws -> [SharedPhoto] {
        try await read { db in
            try Self.sharedPhotos(
                db,
                sql: """
                    SELECT \(Self.photoColumns) FROM shared_photos p WHERE p.ownerID = :owner AND p.removedAt IS NULL
                    ORDER BY p.createdAt DESC, p.id DESC
                    """, arguments: ["owner": Self.key(ownerID)])
        }
    }

    public func deleteSharedPhoto(id: UUID) async throws -> Bool {
        try await write { db in
            let key = Self.key(id)
            try db.execute(sql: "DELETE FROM photo_comments WHERE photoID = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM shared_photo_audience WHERE photoID = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM shared_photos WHERE id = ?", arguments: [key])
            return db.changesCount == 1
        }
    }

    public func takeDownSharedPhoto(id: UUID, at date: Date) async throws -> Bool {
        try await write { db in
            let key = Self.key(id)
            try db.execute(
                sql: "UPDATE shared_photos SET removedAt = ? WHERE id = ? AND removedAt IS NULL",
                arguments: [date.storeValue, key])
            guard db.changesCount == 1 else { return false }
            try db.execute(sql: "DELETE FROM photo_comments WHERE photoID = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM shared_photo_audience WHERE photoID = ?", arguments: [key])
            return true
        }
    }

    public func saveComment(_ comment: PhotoComment, limit: Int) async throws -> Bool {
        // SQLite runs one write at a time: no comment comes between the count and the insert.
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO photo_comments (id, photoID, authorID, text, createdAt)
                    SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT count(*) FROM photo_comments WHERE photoID = ?2) < ?6
                    """,
                arguments: [
                    Self.key(comment.id), Self.key(comment.photoID), Self.key(comment.authorID), comment.text,
                    comment.createdAt.storeValue, limit,
                ])
            return db.changesCount == 1
        }
    }

    public func visibleCommentCounts(on photoIDs: [UUID], for viewerID: UUID) async throws -> [UUID: Int] {
        guard !photoIDs.isEmpty else { return [:] }
        var keys = ["viewer": Self.key(viewerID)]
        for (index, id) in photoIDs.enumerated() { keys["p\(index)"] = Self.key(id) }
        let list = photoIDs.indices.map { ":p\($0)" }.joined(separator: ", ")
        return try await read { [keys] db in
            var counts: [UUID: Int] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT c.photoID, count(*) AS n FROM photo_comments c
                    WHERE c.photoID IN (\(list)) AND \(Self.commentShownToViewer) GROUP BY c.photoID
                    """, arguments: StatementArguments(keys))
            while let row = try rows.next() { counts[try Self.uuid(row, "photoID")] = row["n"] }
            return counts
        }
    }

    public func comment(id: UUID) async throws -> PhotoComment? {
        try await comments("SELECT * FROM photo_comments WHERE id = ?", [Self.key(id)]).first
    }

    public func comments(on photoID: UUID, visibleTo viewerID: UUID, limit: Int) async throws -> [PhotoComment] {
        try await comments(
            """
            SELECT * FROM photo_comments c WHERE c.photoID = :photo AND \(Self.commentShownToViewer)
            ORDER BY c.createdAt, c.id LIMIT :limit
            """, ["photo": Self.key(photoID), "viewer": Self.key(viewerID), "limit": limit])
    }

    public func comments(by authorID: UUID) async throws -> [PhotoComment] {
        try await comments(
            "SELECT * FROM photo_comments WHERE authorID = ? ORDER BY createdAt, id", [Self.key(authorID)])
    }

    public func deleteComment(id: UUID) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM photo_comments WHERE id = ?", arguments: [Self.key(id)])
            return db.changesCount == 1
        }
    }

    // MARK: Rows

    /// Whether comment `c` is one `:viewer` may read: not one they reported, nor one of someone
    /// blocked either way. The comment list and the counts of it read this one rule.
    private static var commentShownToViewer: String {
        """
        NOT EXISTS (SELECT 1 FROM content_reports r
            WHERE r.reporterID = :viewer AND r.kind = 'comment' AND r.targetID = c.id)
        AND c.authorID NOT IN (SELECT blockedID FROM blocks WHERE blockerID = :viewer
            UNION SELECT blockerID FROM blocks WHERE blockedID = :viewer)
        """
    }

    /// The columns ``sharedPhotos(_:sql:arguments:)`` reads, from `shared_photos p`.
    private static var photoColumns: String {
        """
        p.id, p.ownerID, p.assignmentID, p.challengeID, p.photoAssetID, p.caption, p.visibility, p.createdAt,
        (SELECT count(*) FROM photo_comments c WHERE c.photoID = p.id) AS commentCount
        """
    }

    private static func sharedPhotos(_ db: Database, sql: String, arguments: StatementArguments) throws
        -> [SharedPhoto]
    {
        var photos = try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            guard let visibility = SharedPhoto.Visibility(rawValue: row["visibility"]) else {
                throw StoreError.unavailable(detail: "an unreadable shared_photos row")
            }
            return SharedPhoto(
                id: try uuid(row, "id"), ownerID: try uuid(row, "ownerID"), assignmentID: try uuid(row, "assignmentID"),
                challengeID: row["challengeID"], photoAssetID: row["photoAssetID"], caption: row["caption"],
                visibility: visibility, audience: [], createdAt: Timestamp.date(milliseconds: row["createdAt"]),
                commentCount: row["commentCount"])
        }
        let chosen = photos.filter { $0.visibility == .selectedFriends }.map { key($0.id) }
        guard !chosen.isEmpty else { return photos }
        var audiences: [UUID: [UUID]] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT photoID, userID FROM shared_photo_audience WHERE photoID IN (\(placeholders(chosen.count)))
                ORDER BY photoID, userID
                """, arguments: StatementArguments(chosen))
        while let row = try rows.next() {
            audiences[try uuid(row, "photoID"), default: []].append(try uuid(row, "userID"))
        }
        for index in photos.indices { photos[index].audience = audiences[photos[index].id] ?? [] }
        return photos
    }

    private static func saveAudience(_ db: Database, of photo: SharedPhoto) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO shared_photo_audience (photoID, userID) VALUES (?, ?)")
        for userID in photo.audience { try insert.execute(arguments: [key(photo.id), key(userID)]) }
    }

    private func comments(_ sql: String, _ arguments: StatementArguments) async throws -> [PhotoComment] {
        try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                PhotoComment(
                    id: try Self.uuid(row, "id"), photoID: try Self.uuid(row, "photoID"),
                    authorID: try Self.uuid(row, "authorID"), text: row["text"],
                    createdAt: Timestamp.date(milliseconds: row["createdAt"]))
            }
        }
    }
}
