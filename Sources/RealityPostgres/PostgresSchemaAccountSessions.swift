extension PostgresMigrations {
    /// Sessions a user can see and manage (task "accounts"), as the SQLite store's migration of
    /// the same name has them: an ID of their own (never derived from the token), the device's
    /// name, and when each was last used, which the server's idle lifetime reads.
    static let accountSessions = PostgresMigration(
        name: "accounts: session IDs, devices and last use",
        statements: [
            "ALTER TABLE sessions ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()",
            "ALTER TABLE sessions ADD COLUMN deviceName text",
            "ALTER TABLE sessions ADD COLUMN lastUsedAt bigint",
            "UPDATE sessions SET lastUsedAt = createdAt",
            "ALTER TABLE sessions ALTER COLUMN lastUsedAt SET NOT NULL",
            "CREATE UNIQUE INDEX sessions_id ON sessions (id)",
            "CREATE INDEX sessions_user_lastUsed ON sessions (userID, lastUsedAt) WHERE revokedAt IS NULL",
        ])
}
