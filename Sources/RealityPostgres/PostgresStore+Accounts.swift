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
                        logger: logger) { try $0.decode(Int.self) }
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
                """#, logger: logger
            ) { row in
                var cells = ColumnReader(row)
                return Account(
                    userID: try cells.identifier(), email: try cells.next(), passwordHash: try cells.next(),
                    createdAt: try cells.date())
            }.first
        }
    }

    public func createSession(tokenHash: String, userID: UserID, at date: Date) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO sessions (tokenHash, userID, createdAt) VALUES (\(tokenHash), \(userID.rawValue), \(date.storeValue))
                """, logger: logger)
        }
    }

    public func sessionUser(tokenHash: String) async throws -> UserID? {
        try await read { connection in
            try await connection.rows(SessionUserStatement(tokenHash: tokenHash), logger: logger).first
        }
    }

    public func revokeSession(tokenHash: String) async throws {
        let now = Timestamp.now().storeValue
        _ = try await read { connection in
            try await connection.query(
                "UPDATE sessions SET revokedAt = \(now) WHERE tokenHash = \(tokenHash) AND revokedAt IS NULL",
                logger: logger)
        }
    }

    public func deleteAccount(_ userID: UserID, at date: Date) async throws {
        do {
            try await withConnection { connection in
                try await transaction(on: connection) {
                    try await PostgresAccountDeletion(connection: connection, logger: logger).delete(userID, at: date)
                }
            }
        } catch {
            throw Self.storeError(error)
        }
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

/// The user of a live session: every authenticated request asks, so it is prepared once per
/// connection.
struct SessionUserStatement: PostgresPreparedStatement {
    static let sql = "SELECT userID FROM sessions WHERE tokenHash = $1 AND revokedAt IS NULL"
    static let bindingDataTypes: [PostgresDataType] = [.text]
    typealias Row = UserID

    var tokenHash: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(tokenHash)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { UserID(try row.decode(UUID.self)) }
}
