import Foundation
import GRDB
import RealityCore

extension SQLiteServerStore: AccountRepository {
    public func createAccount(_ account: Account, user: User) async throws {
        do {
            try await writeTransaction { db in
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE email = ?", arguments: [account.email])
                    != nil
                {
                    throw AccountError.emailTaken
                }
                try db.execute(
                    sql: "INSERT INTO accounts (userID, email, passwordHash, createdAt) VALUES (?, ?, ?, ?)",
                    arguments: [
                        account.userID.uuidString, account.email, account.passwordHash, account.createdAt.storeValue,
                    ])
                try UserRecord.save(user, in: db)
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Two registrations with one email raced past the check above.
            throw AccountError.emailTaken
        } catch let error as DatabaseError {
            throw StoreError.unavailable(detail: error.description)
        }
    }

    public func account(email: String) async throws -> Account? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE email = ?", arguments: [email]).map(Self.account)
        }
    }

    public func account(userID: UserID) async throws -> Account? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE userID = ?", arguments: [userID.uuidString])
                .map(Self.account)
        }
    }

    private static func account(_ row: Row) throws -> Account {
        Account(
            userID: try row.identifier("userID"), email: row["email"], passwordHash: row["passwordHash"],
            createdAt: Timestamp.date(milliseconds: row["createdAt"]))
    }

    public func createSession(_ session: AccountSession, tokenHash: String) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO sessions (tokenHash, id, userID, deviceName, createdAt, lastUsedAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    tokenHash, session.id.uuidString, session.userID.uuidString, session.deviceName,
                    session.createdAt.storeValue, session.lastUsedAt.storeValue,
                ])
        }
    }

    /// The columns ``session(_:)`` reads, in its order.
    private static var sessionColumns: String { accountSessionColumns }

    private static func session(_ row: Row) throws -> AccountSession {
        let idText: String? = row[0]
        guard let id = idText.flatMap(UUID.init(uuidString:)) else {
            throw StoreError.unavailable(detail: "column id holds a malformed UUID")
        }
        return AccountSession(
            id: id, userID: try StoredText.identifier(row[1], column: "userID"), deviceName: row[2],
            createdAt: Timestamp.date(milliseconds: row[3]), lastUsedAt: Timestamp.date(milliseconds: row[4]))
    }

    /// Answered from the ``SessionCache`` when it can be: every authenticated request asks.
    public func session(tokenHash: String) async throws -> AccountSession? {
        let (cached, generation) = sessions.lookup(tokenHash)
        if let cached { return cached }
        let session = try readNow { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(Self.sessionColumns) FROM sessions WHERE tokenHash = ? AND revokedAt IS NULL"),
                arguments: [tokenHash]
            ).map(Self.session)
        }
        if let session { sessions.insert(tokenHash, session: session, generation: generation) }
        return session
    }

    public func touchSession(tokenHash: String, at date: Date, staleBefore: Date) async throws {
        // Forgotten after the write, so that the next request reads the new last use.
        defer { sessions.revoke(tokenHash: tokenHash) }
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE sessions SET lastUsedAt = ?
                    WHERE tokenHash = ? AND revokedAt IS NULL AND coalesce(lastUsedAt, createdAt) < ?
                    """,
                arguments: [date.storeValue, tokenHash, staleBefore.storeValue])
        }
    }

    public func sessions(of userID: UserID, usedSince: Date, createdSince: Date) async throws -> [AccountSession] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.sessionColumns) FROM sessions
                    WHERE userID = ? AND revokedAt IS NULL AND coalesce(lastUsedAt, createdAt) >= ? AND createdAt >= ?
                    ORDER BY coalesce(lastUsedAt, createdAt) DESC, id
                    """,
                arguments: [userID.uuidString, usedSince.storeValue, createdSince.storeValue]
            ).map(Self.session)
        }
    }

    public func currentWorldMap(ofSession tokenHash: String) async throws -> WorldMapID? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT currentWorldMapID FROM sessions WHERE tokenHash = ?", arguments: [tokenHash]
            ).flatMap(WorldMapID.init(uuidString:))
        }
    }

    public func setCurrentWorldMap(_ id: WorldMapID?, ofSession tokenHash: String) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE sessions SET currentWorldMapID = ? WHERE tokenHash = ?",
                arguments: [id?.uuidString, tokenHash])
        }
    }

    public func revokeSession(tokenHash: String) async throws {
        let now = Timestamp.now().storeValue
        // Forgotten even when the write fails: forgetting a live session only costs a read.
        defer { sessions.revoke(tokenHash: tokenHash) }
        try await write { db in
            try db.execute(
                sql: "UPDATE sessions SET revokedAt = ? WHERE tokenHash = ? AND revokedAt IS NULL",
                arguments: [now, tokenHash])
        }
    }

    public func revokeSession(id: UUID, of userID: UserID, at date: Date) async throws -> Bool {
        defer { sessions.revoke(id: id) }
        return try await write { db in
            try db.execute(
                sql: "UPDATE sessions SET revokedAt = ? WHERE id = ? AND userID = ? AND revokedAt IS NULL",
                arguments: [date.storeValue, id.uuidString, userID.uuidString])
            return db.changesCount > 0
        }
    }

    public func revokeSessions(of userID: UserID, keeping: String?, at date: Date) async throws -> Int {
        defer { sessions.revokeAll(of: userID) }
        return try await write { db in
            try Self.revokeSessions(of: userID, keeping: keeping, at: date, in: db)
        }
    }

    public func deleteEndedSessions(usedBefore: Date, createdBefore: Date, limit: Int) async throws -> Int {
        let ended = try await write { db in
            let hashes = try String.fetchAll(
                db,
                sql: """
                    SELECT tokenHash FROM sessions
                    WHERE revokedAt IS NOT NULL OR coalesce(lastUsedAt, createdAt) < ? OR createdAt < ?
                    LIMIT ?
                    """,
                arguments: [usedBefore.storeValue, createdBefore.storeValue, max(0, limit)])
            for chunk in hashes.chunked(into: 500) {
                try db.execute(
                    sql: "DELETE FROM sessions WHERE tokenHash IN (\(placeholders(chunk.count)))",
                    arguments: StatementArguments(Array(chunk)))
            }
            return hashes
        }
        for tokenHash in ended { sessions.revoke(tokenHash: tokenHash) }
        return ended.count
    }

    public func changePassword(of userID: UserID, to passwordHash: String, keeping: String?, at date: Date) async throws
    {
        defer { sessions.revokeAll(of: userID) }
        try await write { db in
            try db.execute(
                sql: "UPDATE accounts SET passwordHash = ? WHERE userID = ?",
                arguments: [passwordHash, userID.uuidString])
            _ = try Self.revokeSessions(of: userID, keeping: keeping, at: date, in: db)
        }
    }

    private static func revokeSessions(of userID: UserID, keeping: String?, at date: Date, in db: Database) throws
        -> Int
    {
        try db.execute(
            sql: """
                UPDATE sessions SET revokedAt = ?
                WHERE userID = ? AND revokedAt IS NULL AND tokenHash IS NOT ?
                """,
            arguments: [date.storeValue, userID.uuidString, keeping])
        return db.changesCount
    }

    public func deleteAccount(_ userID: UserID, at date: Date) async throws {
        defer { sessions.revokeAll(of: userID) }
        try await write { db in
            try AccountDeletion.delete(userID, at: date, in: db)
        }
        broadcaster.send(CommitEvent(layers: [], annotations: []))
    }

    public func deletionRecorded(for userID: UserID) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM deletions WHERE userID = ?", arguments: [userID.uuidString])
                ?? false
        }
    }
}

/// The columns a session is read from (a stored constant: a generic type cannot hold one).
private let accountSessionColumns = "id, userID, deviceName, createdAt, coalesce(lastUsedAt, createdAt)"
