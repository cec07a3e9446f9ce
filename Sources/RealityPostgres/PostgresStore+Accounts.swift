import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: AccountRepository {
    public func createAccount(_ account: Account, user: User) async throws {
        do {
            try await withConnection { connection in
                try await transaction(on: connection) {
                    let taken = try await connection.rows(
                        #"SELECT 1 FROM accounts WHERE lower(email COLLATE "C") = lower(\#(account.email) COLLATE "C")"#,
                        logger: logger
                    ) { try $0.decode(Int.self) }
                    if !taken.isEmpty { throw AccountError.emailTaken }
                    try await connection.query(
                        """
                        INSERT INTO accounts (userID, email, passwordHash, createdAt)
                        VALUES (\(account.userID.rawValue), \(account.email), \(account.passwordHash),
                                \(account.createdAt.storeValue))
                        """, logger: logger)
                    try await PostgresWrites(connection: connection, logger: logger).apply(.saveUser(user))
                }
            }
        } catch let error as AccountError {
            throw error
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            // unique_violation: two registrations with one email raced past the check above.
            throw AccountError.emailTaken
        } catch {
            throw Self.storeError(error)
        }
    }

    public func account(email: String) async throws -> Account? {
        try await read { connection in
            try await connection.rows(
                #"""
                SELECT userID, email, passwordHash, createdAt FROM accounts
                WHERE lower(email COLLATE "C") = lower(\#(email) COLLATE "C")
                """#, logger: logger, Self.account
            ).first
        }
    }

    public func account(userID: UserID) async throws -> Account? {
        try await read { connection in
            try await connection.rows(
                "SELECT userID, email, passwordHash, createdAt FROM accounts WHERE userID = \(userID.rawValue)",
                logger: logger, Self.account
            ).first
        }
    }

    private static func account(_ row: PostgresRow) throws -> Account {
        var cells = ColumnReader(row)
        return Account(
            userID: try cells.identifier(), email: try cells.next(), passwordHash: try cells.next(),
            createdAt: try cells.date())
    }

    public func createSession(_ session: AccountSession, tokenHash: String) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO sessions (tokenHash, id, userID, deviceName, createdAt, lastUsedAt)
                VALUES (\(tokenHash), \(session.id), \(session.userID.rawValue), \(session.deviceName),
                        \(session.createdAt.storeValue), \(session.lastUsedAt.storeValue))
                """, logger: logger)
        }
    }

    /// Answered from the ``SessionCache`` while the store hears every instance's revocations
    /// (``PostgresReadCaches``): every authenticated request asks.
    public func session(tokenHash: String) async throws -> AccountSession? {
        try await caches.answer(
            lookup: { caches.sessions.lookup(tokenHash) },
            read: {
                try await read { connection in
                    try await connection.rows(SessionStatement(tokenHash: tokenHash), logger: logger).first
                }
            }, keep: { caches.sessions.insert(tokenHash, session: $0, generation: $1) })
    }

    public func touchSession(tokenHash: String, at date: Date, staleBefore: Date) async throws {
        // Forgotten after the write, so that the next request here reads the new last use (the
        // other instances keep an older one for at most their entry's lifetime: the last use only
        // matters to the idle lifetime, days long).
        defer { caches.sessions.revoke(tokenHash: tokenHash) }
        _ = try await read { connection in
            try await connection.query(
                """
                UPDATE sessions SET lastUsedAt = \(date.storeValue)
                WHERE tokenHash = \(tokenHash) AND revokedAt IS NULL AND lastUsedAt < \(staleBefore.storeValue)
                """, logger: logger)
        }
    }

    public func sessions(of userID: UserID, usedSince: Date, createdSince: Date) async throws -> [AccountSession] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT id, userID, deviceName, createdAt, lastUsedAt FROM sessions
                WHERE userID = \(userID.rawValue) AND revokedAt IS NULL
                  AND lastUsedAt >= \(usedSince.storeValue) AND createdAt >= \(createdSince.storeValue)
                ORDER BY lastUsedAt DESC, id
                """, logger: logger, SessionStatement.session)
        }
    }

    public func currentWorldMap(ofSession tokenHash: String) async throws -> WorldMapID? {
        try await read { connection in
            try await connection.rows(
                "SELECT currentWorldMapID FROM sessions WHERE tokenHash = \(tokenHash)", logger: logger
            ) { try $0.decode(UUID?.self) }.first?.map(WorldMapID.init)
        }
    }

    public func setCurrentWorldMap(_ id: WorldMapID?, ofSession tokenHash: String) async throws {
        _ = try await read { connection in
            try await connection.query(
                "UPDATE sessions SET currentWorldMapID = \(id?.rawValue) WHERE tokenHash = \(tokenHash)",
                logger: logger)
        }
    }

    public func revokeSession(tokenHash: String) async throws {
        let now = Timestamp.now().storeValue
        // Forgotten even when the write fails: forgetting a live session only costs a read.
        defer { caches.forget(.sessionRevoked(tokenHash: tokenHash)) }
        try await revoking(.sessionRevoked(tokenHash: tokenHash)) { connection in
            _ = try await connection.query(
                "UPDATE sessions SET revokedAt = \(now) WHERE tokenHash = \(tokenHash) AND revokedAt IS NULL",
                logger: logger)
        }
    }

    public func revokeSession(id: UUID, of userID: UserID, at date: Date) async throws -> Bool {
        defer { caches.forget(.sessionIDRevoked(id)) }
        return try await revoking(.sessionIDRevoked(id)) { connection in
            try await !connection.rows(
                """
                UPDATE sessions SET revokedAt = \(date.storeValue)
                WHERE id = \(id) AND userID = \(userID.rawValue) AND revokedAt IS NULL RETURNING 1
                """, logger: logger
            ) { try $0.decode(Int.self) }.isEmpty
        }
    }

    /// Runs the revocation `body` in a transaction that tells the other instances (`notice`), so
    /// that they forget the sessions it ended as it commits (``PostgresReadCaches``).
    @discardableResult
    private func revoking<Value: Sendable>(
        _ notice: PostgresNotice, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        do {
            return try await withConnection { connection in
                var value: Value?
                try await transaction(on: connection) {
                    value = try await body(connection)
                    try await announce(notice, on: connection)
                }
                guard let value else { throw StoreError.unavailable(detail: "a revocation answered nothing") }
                return value
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    public func deleteEndedSessions(usedBefore: Date, createdBefore: Date, limit: Int) async throws -> Int {
        try await read { connection in
            try await connection.rows(
                """
                WITH ended AS (
                    SELECT tokenHash FROM sessions
                    WHERE revokedAt IS NOT NULL OR lastUsedAt < \(usedBefore.storeValue)
                       OR createdAt < \(createdBefore.storeValue)
                    LIMIT \(max(0, limit))
                )
                DELETE FROM sessions s USING ended WHERE s.tokenHash = ended.tokenHash RETURNING 1
                """, logger: logger
            ) { try $0.decode(Int.self) }.count
        }
    }

    public func revokeSessions(of userID: UserID, keeping: String?, at date: Date) async throws -> Int {
        defer { caches.forget(.sessionsOfUserRevoked(userID)) }
        return try await revoking(.sessionsOfUserRevoked(userID)) { connection in
            try await Self.revokeSessions(of: userID, keeping: keeping, at: date, on: connection, logger: logger)
        }
    }

    public func changePassword(of userID: UserID, to passwordHash: String, keeping: String?, at date: Date) async throws
    {
        defer { caches.forget(.sessionsOfUserRevoked(userID)) }
        try await revoking(.sessionsOfUserRevoked(userID)) { connection in
            try await connection.query(
                "UPDATE accounts SET passwordHash = \(passwordHash) WHERE userID = \(userID.rawValue)", logger: logger)
            _ = try await Self.revokeSessions(of: userID, keeping: keeping, at: date, on: connection, logger: logger)
        }
    }

    private static func revokeSessions(
        of userID: UserID, keeping: String?, at date: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int {
        try await connection.rows(
            """
            UPDATE sessions SET revokedAt = \(date.storeValue)
            WHERE userID = \(userID.rawValue) AND revokedAt IS NULL AND tokenHash IS DISTINCT FROM \(keeping)
            RETURNING 1
            """, logger: logger
        ) { try $0.decode(Int.self) }.count
    }

    public func deleteAccount(_ userID: UserID, at date: Date) async throws {
        do {
            try await revoking(.accountDeleted(userID)) { connection in
                try await PostgresAccountDeletion(connection: connection, logger: logger).delete(userID, at: date)
            }
        } catch {
            caches.forget(.accountDeleted(userID))
            throw error
        }
        // Forgotten before the live events hear of it: they read the new epoch.
        caches.forget(.accountDeleted(userID))
        broadcaster.send(CommitEvent(layers: [], annotations: []))
    }

    public func deletionRecorded(for userID: UserID) async throws -> Bool {
        try await read { connection in
            try await !connection.rows(
                "SELECT 1 FROM deletions WHERE userID = \(userID.rawValue) LIMIT 1", logger: logger
            ) { try $0.decode(Int.self) }.isEmpty
        }
    }
}

/// A live session by its token hash: every authenticated request asks, so it is prepared once
/// per connection.
struct SessionStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT id, userID, deviceName, createdAt, lastUsedAt FROM sessions
        WHERE tokenHash = $1 AND revokedAt IS NULL
        """
    static let bindingDataTypes: [PostgresDataType] = [.text]
    typealias Row = AccountSession

    var tokenHash: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try Self.session(row) }

    /// A session from the columns id, userID, deviceName, createdAt, lastUsedAt.
    static func session(_ row: PostgresRow) throws -> AccountSession {
        var cells = ColumnReader(row)
        return AccountSession(
            id: try cells.next(UUID.self), userID: try cells.identifier(), deviceName: try cells.next(String?.self),
            createdAt: try cells.date(), lastUsedAt: try cells.date())
    }
}
