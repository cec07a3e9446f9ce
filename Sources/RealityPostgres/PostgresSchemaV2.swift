extension PostgresMigrations {
    /// The server's accounts, sessions (token hashes only) and the record of deleted accounts, as
    /// the SQLite store's v2 migration has them, with the indexes account deletion searches by.
    ///
    /// The email is unique without regard to ASCII case, as SQLite's `UNIQUE COLLATE NOCASE`:
    /// a unique index on `lower(email COLLATE "C")`, which lookups use.
    static let v2 = PostgresMigration(
        name: "v2: accounts",
        statements: [
            """
            CREATE TABLE accounts (
                userID uuid PRIMARY KEY,
                email text NOT NULL,
                passwordHash text NOT NULL,
                createdAt bigint NOT NULL
            )
            """,
            #"CREATE UNIQUE INDEX accounts_email ON accounts (lower(email COLLATE "C"))"#,
            """
            CREATE TABLE sessions (
                tokenHash text PRIMARY KEY,
                userID uuid NOT NULL,
                createdAt bigint NOT NULL,
                revokedAt bigint
            )
            """,
            "CREATE INDEX sessions_user ON sessions (userID)",
            """
            CREATE TABLE deletions (
                userID uuid NOT NULL,
                deletedAt bigint NOT NULL
            )
            """,
            "CREATE INDEX deletions_user ON deletions (userID)",
            "CREATE INDEX grants_grantedBy ON grants (grantedBy)",
            "CREATE INDEX reactions_user ON reactions (userID)",
            "CREATE INDEX notifications_actor ON notifications (actorID)",
        ])
}
