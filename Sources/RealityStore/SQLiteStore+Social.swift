import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// Out of Box's friends, requests, blocks, shared photos and comments (issue 22), in the tables
/// of the "social22" migration.
extension SQLiteStore: SocialRepository {
    public func displayNames(of userIDs: Set<UUID>) async throws -> [UUID: String] {
        guard !userIDs.isEmpty else { return [:] }
        return try await read { db in
            var names: [UUID: String] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, displayName FROM users WHERE id IN (\(placeholders(userIDs.count)))",
                arguments: StatementArguments(userIDs.map(Self.key)))
            while let row = try rows.next() {
                names[try Self.uuid(row, "id")] = row["displayName"] ?? ""
            }
            return names
        }
    }

    // MARK: Requests

    public func saveFriendRequest(_ request: FriendRequest) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO friend_requests (id, fromID, toID, status, createdAt, respondedAt)
                    SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE NOT EXISTS (SELECT 1 FROM blocks
                        WHERE (blockerID = ?2 AND blockedID = ?3) OR (blockerID = ?3 AND blockedID = ?2))
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    Self.key(request.id), Self.key(request.fromID), Self.key(request.toID), request.status.rawValue,
                    request.createdAt.storeValue, request.respondedAt?.storeValue,
                ])
            return db.changesCount == 1
        }
    }

    public func friendRequest(id: UUID) async throws -> FriendRequest? {
        try await friendRequests("SELECT * FROM friend_requests WHERE id = ?", [Self.key(id)]).first
    }

    public func pendingFriendRequest(between a: UUID, and b: UUID) async throws -> FriendRequest? {
        try await friendRequests(
            """
            SELECT * FROM friend_requests WHERE status = 'pending'
            AND ((fromID = ?1 AND toID = ?2) OR (fromID = ?2 AND toID = ?1))
            """, [Self.key(a), Self.key(b)]
        ).first
    }

    public func latestFriendRequest(from fromID: UUID, to toID: UUID) async throws -> FriendRequest? {
        try await friendRequests(
            "SELECT * FROM friend_requests WHERE fromID = ? AND toID = ? ORDER BY createdAt DESC LIMIT 1",
            [Self.key(fromID), Self.key(toID)]
        ).first
    }

    public func pendingFriendRequests(involving userID: UUID) async throws -> [FriendRequest] {
        try await friendRequests(
            """
            SELECT * FROM friend_requests WHERE status = 'pending' AND (fromID = ?1 OR toID = ?1)
            ORDER BY createdAt DESC, id
            """, [Self.key(userID)])
    }

    public func settleFriendRequest(_ id: UUID, as status: FriendRequest.Status, at date: Date) async throws
        -> FriendRequest?
    {
        try await write { db in
            guard
                let settled = try Row.fetchOne(
                    db,
                    sql: """
                        UPDATE friend_requests SET status = ?, respondedAt = ? WHERE id = ? AND status = 'pending'
                        RETURNING *
                        """, arguments: [status.rawValue, date.storeValue, Self.key(id)]
                ).map(Self.friendRequest(from:))
            else { return nil }
            if status == .accepted {
                try db.execute(
                    sql: """
                        INSERT INTO friendships (userID, friendID, since)
                        SELECT a, b, ?3 FROM (SELECT ?1 AS a, ?2 AS b UNION ALL SELECT ?2, ?1)
                        WHERE NOT EXISTS (SELECT 1 FROM blocks
                            WHERE (blockerID = ?1 AND blockedID = ?2) OR (blockerID = ?2 AND blockedID = ?1))
                        ON CONFLICT DO NOTHING
                        """, arguments: [Self.key(settled.fromID), Self.key(settled.toID), date.storeValue])
            }
            return settled
        }
    }

    // MARK: Friends and blocks

    public func friends(of userID: UUID) async throws -> [Friend] {
        try await people(
            "SELECT friendID, since FROM friendships WHERE userID = ? ORDER BY since, friendID", [Self.key(userID)])
    }

    public func friendship(between a: UUID, and b: UUID) async throws -> Date? {
        try await read { db in
            try Int64.fetchOne(
                db.cachedStatement(sql: "SELECT since FROM friendships WHERE userID = ? AND friendID = ?"),
                arguments: [Self.key(a), Self.key(b)]
            ).map(Timestamp.date(milliseconds:))
        }
    }

    public func endFriendship(between a: UUID, and b: UUID) async throws -> Bool {
        try await write { db in
            try Self.endFriendship(db, Self.key(a), Self.key(b))
        }
    }

    public func block(_ blockedID: UUID, by blockerID: UUID, at date: Date) async throws -> Bool {
        try await write { db in
            let (blocker, blocked) = (Self.key(blockerID), Self.key(blockedID))
            try db.execute(
                sql: "INSERT INTO blocks (blockerID, blockedID, createdAt) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [blocker, blocked, date.storeValue])
            guard db.changesCount == 1 else { return false }
            _ = try Self.endFriendship(db, blocker, blocked)
            try db.execute(
                sql: """
                    UPDATE friend_requests SET status = 'cancelled', respondedAt = ?3 WHERE status = 'pending'
                    AND ((fromID = ?1 AND toID = ?2) OR (fromID = ?2 AND toID = ?1))
                    """, arguments: [blocker, blocked, date.storeValue])
            return true
        }
    }

    public func unblock(_ blockedID: UUID, by blockerID: UUID) async throws -> Bool {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM blocks WHERE blockerID = ? AND blockedID = ?",
                arguments: [Self.key(blockerID), Self.key(blockedID)])
            return db.changesCount == 1
        }
    }

    public func blocked(by blockerID: UUID) async throws -> [Friend] {
        try await people(
            "SELECT blockedID, createdAt FROM blocks WHERE blockerID = ? ORDER BY createdAt DESC, blockedID",
            [Self.key(blockerID)])
    }

    public func isBlocked(between a: UUID, and b: UUID) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM blocks
                        WHERE (blockerID = ?1 AND blockedID = ?2) OR (blockerID = ?2 AND blockedID = ?1))
                        """), arguments: [Self.key(a), Self.key(b)]) ?? false
        }
    }

    public func blockedEitherWay(with userID: UUID) async throws -> Set<UUID> {
        try await read { db in
            Set(
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT blockedID FROM blocks WHERE blockerID = ?1
                        UNION SELECT blockerID FROM blocks WHERE blockedID = ?1
                        """, arguments: [Self.key(userID)]
                ).compactMap(UUID.init(uuidString:)))
        }
    }

    // MARK: Shared photos and comments

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

    public func saveComment(_ comment: PhotoComment) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO photo_comments (id, photoID, authorID, text, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    Self.key(comment.id), Self.key(comment.photoID), Self.key(comment.authorID), comment.text,
                    comment.createdAt.storeValue,
                ])
        }
    }

    public func comment(id: UUID) async throws -> PhotoComment? {
        try await comments("SELECT * FROM photo_comments WHERE id = ?", [Self.key(id)]).first
    }

    public func comments(on photoID: UUID, limit: Int) async throws -> [PhotoComment] {
        try await comments(
            "SELECT * FROM photo_comments WHERE photoID = ? ORDER BY createdAt, id LIMIT ?", [Self.key(photoID), limit])
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

    private static func endFriendship(_ db: Database, _ a: String, _ b: String) throws -> Bool {
        try db.execute(
            sql: "DELETE FROM friendships WHERE (userID = ?1 AND friendID = ?2) OR (userID = ?2 AND friendID = ?1)",
            arguments: [a, b])
        return db.changesCount > 0
    }

    private func friendRequests(_ sql: String, _ arguments: StatementArguments) async throws -> [FriendRequest] {
        try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.friendRequest(from:))
        }
    }

    private static func friendRequest(from row: Row) throws -> FriendRequest {
        guard let status = FriendRequest.Status(rawValue: row["status"]) else {
            throw StoreError.unavailable(detail: "an unreadable friend_requests row")
        }
        return FriendRequest(
            id: try uuid(row, "id"), fromID: try uuid(row, "fromID"), toID: try uuid(row, "toID"), status: status,
            createdAt: Timestamp.date(milliseconds: row["createdAt"]),
            respondedAt: (row["respondedAt"] as Int64?).map(Timestamp.date(milliseconds:)))
    }

    /// People and times from a two-column query (an ID, then milliseconds).
    private func people(_ sql: String, _ arguments: StatementArguments) async throws -> [Friend] {
        try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                guard let id = UUID(uuidString: row[0]) else {
                    throw StoreError.unavailable(detail: "an unreadable person in \(sql)")
                }
                return Friend(userID: id, since: Timestamp.date(milliseconds: row[1]))
            }
        }
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

    private static func uuid(_ row: Row, _ column: String) throws -> UUID {
        guard let text: String = row[column], let id = UUID(uuidString: text) else {
            throw StoreError.unavailable(detail: "an unreadable \(column)")
        }
        return id
    }
}
