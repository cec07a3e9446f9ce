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

    public func saveFriendRequest(_ request: FriendRequest, within bounds: FriendBounds) async throws -> Bool {
        // SQLite runs one write at a time: nothing comes between the counts and the insert.
        try await write { db in
            let waiting =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM friend_requests WHERE fromID = ? AND status = 'pending'",
                    arguments: [Self.key(request.fromID)]) ?? 0
            guard waiting < bounds.pendingRequests else { throw bounds.pendingReached }
            try Self.checkRoom(db, for: [request.fromID, request.toID], within: bounds)
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

    public func settleFriendRequest(
        _ id: UUID, as status: FriendRequest.Status, at date: Date, within bounds: FriendBounds
    ) async throws -> FriendRequest? {
        try await write { db in
            if status == .accepted,
                let row = try Row.fetchOne(
                    db, sql: "SELECT fromID, toID FROM friend_requests WHERE id = ? AND status = 'pending'",
                    arguments: [Self.key(id)])
            {
                try Self.checkRoom(db, for: [try Self.uuid(row, "fromID"), try Self.uuid(row, "toID")], within: bounds)
            }
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

    /// Throws `bounds.friendsReached` when one of `people` has `bounds.friends` friends.
    private static func checkRoom(_ db: Database, for people: [UUID], within bounds: FriendBounds) throws {
        for person in people {
            let count =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM friendships WHERE userID = ?", arguments: [key(person)]) ?? 0
            guard count < bounds.friends else { throw bounds.friendsReached }
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

    // MARK: Rows

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

    static func uuid(_ row: Row, _ column: String) throws -> UUID {
        guard let text: String = row[column], let id = UUID(uuidString: text) else {
            throw StoreError.unavailable(detail: "an unreadable \(column)")
        }
        return id
    }
}
