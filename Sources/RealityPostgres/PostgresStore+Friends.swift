import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// Out of Box's friends, requests and blocks (issue 22), as the SQLite store keeps them; a write
/// between two people runs holding both people's advisory locks (``underPeopleLocks(_:_:_:)``).
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

    public func saveFriendRequest(_ request: FriendRequest, within bounds: FriendBounds) async throws -> Bool {
        try await underPeopleLocks(request.fromID, request.toID) { connection in
            let waiting =
                try await connection.rows(
                    "SELECT count(*) FROM friend_requests WHERE fromID = \(request.fromID) AND status = 'pending'",
                    logger: logger
                ) { try $0.decode(Int64.self) }.first ?? 0
            guard waiting < bounds.pendingRequests else { throw bounds.pendingReached }
            try await checkRoom(for: [request.fromID, request.toID], within: bounds, on: connection)
            return try await connection.rows(
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

    public func settleFriendRequest(
        _ id: UUID, as status: FriendRequest.Status, at date: Date, within bounds: FriendBounds
    ) async throws -> FriendRequest? {
        guard let request = try await friendRequest(id: id) else { return nil }
        return try await underPeopleLocks(request.fromID, request.toID) { connection in
            if status == .accepted {
                try await checkRoom(for: [request.fromID, request.toID], within: bounds, on: connection)
            }
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
        try await underPeopleLocks(blockerID, blockedID) { connection in
            guard
                try await connection.rows(
                    """
                    INSERT INTO blocks (blockerID, blockedID, createdAt)
                    VALUES (\(blockerID), \(blockedID), \(date.storeValue)) ON CONFLICT DO NOTHING RETURNING 1
                    """, logger: logger, { _ in () }
                ).count == 1
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

    // MARK: Rows

    static let requestColumns = "id, fromID, toID, status, createdAt, respondedAt"

    func friendRequests(_ query: PostgresQuery) async throws -> [FriendRequest] {
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

    /// The key space of the two-key advisory locks on a person's social side ("SOCL"), apart from
    /// the owners' (``ownerLockSpace``).
    static let personLockSpace: Int32 = 0x534F_434C

    /// Runs `body` in a transaction holding the advisory locks of people `a` and `b`, taken in one
    /// order so that two writers never wait on each other: what settles a request, blocks, or adds
    /// a request between two people runs one at a time for them, and so does everything that
    /// counts one person's friends and waiting requests, on every instance.
    func underPeopleLocks<Value: Sendable>(
        _ a: UUID, _ b: UUID, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        let people = Set([a.uuidString.lowercased(), b.uuidString.lowercased()]).sorted()
        return try await read { connection in
            var value: Value?
            try await transaction(on: connection) {
                for person in people {
                    try await connection.query(
                        "SELECT pg_advisory_xact_lock(\(Self.personLockSpace), hashtext(\(person)))", logger: logger)
                }
                value = try await body(connection)
            }
            guard let value else { throw StoreError.unavailable(detail: "a transaction ended without its value") }
            return value
        }
    }

    /// Throws `bounds.friendsReached` when one of `people` has `bounds.friends` friends; run while
    /// holding their locks (``underPeopleLocks(_:_:_:)``).
    private func checkRoom(for people: [UUID], within bounds: FriendBounds, on connection: PostgresConnection)
        async throws
    {
        for person in people {
            let count =
                try await connection.rows(
                    "SELECT count(*) FROM friendships WHERE userID = \(person)", logger: logger
                ) { try $0.decode(Int64.self) }.first ?? 0
            guard count < bounds.friends else { throw bounds.friendsReached }
        }
    }

    /// People and times from a two-column query (an ID, then milliseconds).

    func people(_ query: PostgresQuery) async throws -> [Friend] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row in
                let (id, since) = try row.decode((UUID, Int64).self)
                return Friend(userID: id, since: Timestamp.date(milliseconds: since))
            }
        }
    }
}
