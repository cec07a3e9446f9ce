import Foundation
import GRDB

extension StoreMigrations {
    /// Sessions a user can see and manage (task "accounts"): each gets an ID of its own (never
    /// derived from its token), the name of the device that started it, and when it was last
    /// used, which the server's idle lifetime reads. Existing sessions get a new ID each and a
    /// last use at their creation.
    static func createAccountSessions(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE sessions ADD COLUMN id TEXT;
                ALTER TABLE sessions ADD COLUMN deviceName TEXT;
                ALTER TABLE sessions ADD COLUMN lastUsedAt INTEGER;
                UPDATE sessions SET lastUsedAt = createdAt;
                """)
        for tokenHash in try String.fetchAll(db, sql: "SELECT tokenHash FROM sessions") {
            try db.execute(
                sql: "UPDATE sessions SET id = ? WHERE tokenHash = ?", arguments: [UUID().uuidString, tokenHash])
        }
        try db.execute(
            sql: """
                CREATE UNIQUE INDEX sessions_id ON sessions(id);
                CREATE INDEX sessions_user_lastUsed ON sessions(userID, lastUsedAt) WHERE revokedAt IS NULL;
                """)
    }
}
