import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// Out of Box's friends, requests, blocks, shared photos and comments (issue 22), as the SQLite
/// store keeps them; each write that touches several rows is one statement or one transaction.
extension PostgresStore: SocialRepository {
    public func displayNames(of userIDs: Set<UUID>) async throws -> [UUID: String] {
        guard !userIDs.isEmpty else { return [:] }
        let ids = Array(userIDs)
        return try await read { connection in
            let pairs = try await connection.rows(
                "SELECT id, displayName FROM users WHERE id = ANY(\(ids)::uuid[])", logger: logger
            ) { try $0.decode((UUID, String?).self) }
            return Dictionary(pairs.map { ($0.0, $0.1 ?? "") }) { first, _ in first }
        }
    }

    // MARK: Requests

    public func saveFriendRequest(_ request: FriendRequest) async throws -> Bool {
        try await underPairLock(request.fromID, request.toID) { connection in
            try await connection.rows(
                """
                INSERT INTO friend_requests (id, fromID, toID, status, createdAt, respondedAt)
                SELECT \(request.id), \(request.fromID), \(request.toID), \(request.status.rawValue),
                    \(request.createdAt.storeValue), \(request.respondedAt?.storeValue)
                WHERE NOT EXISTS (SELECT 1 FROM blocks
                    WHERE (blockerID = \(request.fromID) AND blockedID = \(request.toID))
                    OR (blockerID = \(request.toID) AND blockedID = \(request.fromID)))
                ON CONFLICT DO NOTHING RETURNING 1
                """, logger: logger
            ) { _ in () }.count == 1
        }
    }

    public func friendRequest(id: UUID) async throws -> FriendRequest? {
        try await friendRequests("SELECT \(unescaped: Self.requestColumns) FROM friend_requests WHERE id = \(id)")
            .first
    }

    public func pendingFriendRequest(between a: UUID, and b: UUID) async throws -> FriendRequest? {
        try await friendRequests(
            """
            SELECT \(unescaped: Self.requestColumns) FROM friend_requests WHERE status = 'pending'
            AND ((fromID = \(a) AND toID = \(b)) OR (fromID = \(b) AND toID = \(a)))
            """
        ).first
    }

    public func latestFriendRequest(from fromID: UUID, to toID: UUID) async throws -> FriendRequest? {
        try await friendRequests(
            """
            SELECT \(unescaped: Self.requestColumns) FROM friend_requests WHERE fromID = \(fromID) AND toID = \(toID)
            ORDER BY createdAt DESC LIMIT 1
            """
        ).first
    }

    public func pendingFriendRequests(involving userID: UUID) async throws -> [FriendRequest] {
        try await friendRequests(
            """
            SELECT \(unescaped: Self.requestColumns) FROM friend_requests
            WHERE status = 'pending' AND (fromID = \(userID) OR toID = \(userID)) ORDER BY createdAt DESC, id
            """)
    }

    public func settleFriendRequest(_ id: UUID, as status: FriendRequest.Status, at date: Date) async throws
        -> FriendRequest?
    {
        guard let request = try await friendRequest(id: id) else { return nil }
        return try await underPairLock(request.fromID, request.toID) { connection in
            // The request leaves `pending` and, accepted, its people become friends unless a
            // block stands between them, all under the pair's lock.
            guard
                let settled = try await Self.friendRequests(
                    """
                    UPDATE friend_requests SET status = \(status.rawValue), respondedAt = \(date.storeValue)
                    WHERE id = \(id) AND status = 'pending' RETURNING \(unescaped: Self.requestColumns)
                    """, on: connection, logger: logger
                ).first
            else { return nil }
            if status == .accepted {
                try await connection.query(
                    """
                    INSERT INTO friendships (userID, friendID, since)
                    SELECT a, b, \(date.storeValue)
                    FROM (VALUES (\(settled.fromID)::uuid, \(settled.toID)::uuid),
                        (\(settled.toID)::uuid, \(settled.fromID)::uuid)) AS pair(a, b)
                    WHERE NOT EXISTS (SELECT 1 FROM blocks
                        WHERE (blockerID = \(settled.fromID) AND blockedID = \(settled.toID))
                        OR (blockerID = \(settled.toID) AND blockedID = \(settled.fromID)))
                    ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            return settled
        }
    }

    // MARK: Friends and blocks

    public func friends(of userID: UUID) async throws -> [Friend] {
        try await people("SELECT friendID, since FROM friendships WHERE userID = \(userID) ORDER BY since, friendID")
    }

    public func friendship(between a: UUID, and b: UUID) async throws -> Date? {
        try await read { connection in
            try await connection.rows(
                "SELECT since FROM friendships WHERE userID = \(a) AND friendID = \(b)", logger: logger
            ) { Timestamp.date(milliseconds: try $0.decode(Int64.self)) }.first
        }
    }

    public func endFriendship(between a: UUID, and b: UUID) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                DELETE FROM friendships WHERE (userID = \(a) AND friendID = \(b)) OR (userID = \(b) AND friendID = \(a))
                RETURNING 1
                """, logger: logger
            ) { _ in () }.count > 0
        }
    }

    public func block(_ blockedID: UUID, by blockerID: UUID, at date: Date) async throws -> Bool {
        // Under the pair's lock, so that an acceptance racing the block is wholly before or after it.
        try await underPairLock(blockerID, blockedID) { connection in
            guard
                try await connection.rows(
                    """
                    INSERT INTO blocks (blockerID, blockedID, createdAt)
                    VALUES (\(blockerID), \(blockedID), \(date.storeValue)) ON CONFLICT DO NOTHING RETURNING 1
                    """, logger: logger
                ) { _ in () }.count == 1
            else { return false }
            try await connection.query(
                """
                DELETE FROM friendships WHERE (userID = \(blockerID) AND friendID = \(blockedID))
                OR (userID = \(blockedID) AND friendID = \(blockerID))
                """, logger: logger)
            try await connection.query(
                """
                UPDATE friend_requests SET status = 'cancelled', respondedAt = \(date.storeValue)
                WHERE status = 'pending' AND ((fromID = \(blockerID) AND toID = \(blockedID))
                    OR (fromID = \(blockedID) AND toID = \(blockerID)))
                """, logger: logger)
            return true
        }
    }

    public func unblock(_ blockedID: UUID, by blockerID: UUID) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                "DELETE FROM blocks WHERE blockerID = \(blockerID) AND blockedID = \(blockedID) RETURNING 1",
                logger: logger
            ) { _ in () }.count == 1
        }
    }

    public func blocked(by blockerID: UUID) async throws -> [Friend] {
        try await people(
            """
            SELECT blockedID, createdAt FROM blocks WHERE blockerID = \(blockerID)
            ORDER BY createdAt DESC, blockedID
            """)
    }

    public func isBlocked(between a: UUID, and b: UUID) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                SELECT 1 FROM blocks
                WHERE (blockerID = \(a) AND blockedID = \(b)) OR (blockerID = \(b) AND blockedID = \(a)) LIMIT 1
                """, logger: logger
            ) { _ in () }.count == 1
        }
    }

    public func blockedEitherWay(with userID: UUID) async throws -> Set<UUID> {
        try await read { connection in
            Set(
                try await connection.rows(
                    """
                    SELECT blockedID FROM blocks WHERE blockerID = \(userID)
                    UNION SELECT blockerID FROM blocks WHERE blockedID = \(userID)
                    """, logger: logger
                ) { try $0.decode(UUID.self) })
        }
    }

    // MARK: Shared photos and comments

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

    public func saveComment(_ comment: PhotoComment) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO photo_comments (id, photoID, authorID, text, createdAt)
                VALUES (\(comment.id), \(comment.photoID), \(comment.authorID), \(comment.text),
                    \(comment.createdAt.storeValue))
                """, logger: logger)
        }
    }

    public func comment(id: UUID) async throws -> PhotoComment? {
        try await comments("SELECT \(unescaped: Self.commentColumns) FROM photo_comments WHERE id = \(id)").first
    }

    public func comments(on photoID: UUID, limit: Int) async throws -> [PhotoComment] {
        try await comments(
            """
            SELECT \(unescaped: Self.commentColumns) FROM photo_comments WHERE photoID = \(photoID)
            ORDER BY createdAt, id LIMIT \(limit)
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

    private static let requestColumns = "id, fromID, toID, status, createdAt, respondedAt"
    private static let commentColumns = "id, photoID, authorID, text, createdAt"
    /// The columns ``sharedPhotos(_:)`` reads, from `shared_photos p`.
    private static let photoColumns = """
        p.id, p.ownerID, p.assignmentID, p.challengeID, p.photoAssetID, p.caption, p.visibility, p.createdAt,
        (SELECT count(*) FROM photo_comments c WHERE c.photoID = p.id),
        (SELECT coalesce(array_agg(a.userID ORDER BY a.userID), '{}') FROM shared_photo_audience a WHERE a.photoID = p.id)
        """

    private func sharedPhotos(_ query: PostgresQuery) async throws -> [SharedPhoto] {
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

    private func friendRequests(_ query: PostgresQuery) async throws -> [FriendRequest] {
        try await read { connection in try await Self.friendRequests(query, on: connection, logger: logger) }
    }

    private static func friendRequests(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger)
        async throws -> [FriendRequest]
    {
        try await connection.rows(query, logger: logger) { row -> FriendRequest in
            let (id, fromID, toID, status, createdAt, respondedAt) = try row.decode(
                (UUID, UUID, UUID, String, Int64, Int64?).self)
            guard let status = FriendRequest.Status(rawValue: status) else {
                throw StoreError.unavailable(detail: "an unreadable friend_requests row")
            }
            return FriendRequest(
                id: id, fromID: fromID, toID: toID, status: status,
                createdAt: Timestamp.date(milliseconds: createdAt),
                respondedAt: respondedAt.map(Timestamp.date(milliseconds:)))
        }
    }

    /// The key space of the two-key advisory locks on a pair of people ("SOCL"), apart from the
    /// owners' (``ownerLockSpace``).
    static let pairLockSpace: Int32 = 0x534F_434C

    /// Runs `body` in a transaction holding the advisory lock of the pair `a`, `b` (either order):
    /// what settles a request, blocks, or adds a request between two people runs one at a time
    /// for them, on every instance.
    private func underPairLock<Value: Sendable>(
        _ a: UUID, _ b: UUID, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let pair = [a.uuidString.lowercased(), b.uuidString.lowercased()].sorted().joined(separator: "+")
        return try await read { connection in
            var value: Value?
            try await transaction(on: connection) {
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.pairLockSpace), hashtext(\(pair)))", logger: logger)
                value = try await body(connection)
            }
            guard let value else { throw StoreError.unavailable(detail: "a transaction ended without its value") }
            return value
        }
    }

    /// People and times from a two-column query (an ID, then milliseconds).
    private func people(_ query: PostgresQuery) async throws -> [Friend] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row in
                let (id, since) = try row.decode((UUID, Int64).self)
                return Friend(userID: id, since: Timestamp.date(milliseconds: since))
            }
        }
    }

    private func comments(_ query: PostgresQuery) async throws -> [PhotoComment] {
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
