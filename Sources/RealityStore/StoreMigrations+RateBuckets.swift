import GRDB

extension StoreMigrations {
    /// Issue 22, "ratelimits22": the token buckets of the limits every server instance shares
    /// (``SharedRateLimit``), one row per limit and subject; `updatedAt` in milliseconds.
    static func createRateBuckets(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE rate_buckets (
                    name TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    tokens REAL NOT NULL,
                    updatedAt INTEGER NOT NULL,
                    PRIMARY KEY (name, subject)
                ) WITHOUT ROWID;
                CREATE INDEX rate_buckets_subject ON rate_buckets(subject);
                """)
    }
}
