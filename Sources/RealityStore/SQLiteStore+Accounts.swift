import Foundation
import GRDB
import RealityCore

extension SQLiteStore: AccountRepository {
    public func createAccount(_ account: Account, user: User) async throws {
        do {
            try await writeTransaction { db in
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE email = ?", arguments: [account.email]) != nil {
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
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM accounts WHERE email = ?", arguments: [email])
            else { return nil }
            return Account(
                userID: try row.identifier("userID"), email: row["email"], passwordHash: row["passwordHash"],
                createdAt: Timestamp.date(milliseconds: row["createdAt"]))
        }
    }

    public func createSession(tokenHash: String, userID: UserID, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO sessions (tokenHash, userID, createdAt) VALUES (?, ?, ?)",
                arguments: [tokenHash, userID.uuidString, date.storeValue])
        }
    }

    /// Answered from the ``SessionCache`` when it can be: every authenticated request asks.
    public func sessionUser(tokenHash: String) async throws -> UserID? {
        let (cached, generation) = sessions.lookup(tokenHash)
        if let cached { return cached }
        let userID = try readNow { db in
            let text = try String.fetchOne(
                db.cachedStatement(sql: "SELECT userID FROM sessions WHERE tokenHash = ? AND revokedAt IS NULL"),
                arguments: [tokenHash])
            return text.flatMap(UserID.init(uuidString:))
        }
        if let userID { sessions.insert(tokenHash, userID: userID, generation: generation) }
        return userID
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
