extension PostgresMigrations {
    /// Issue 22, as the SQLite store's migration of the same name: the token buckets of the
    /// limits every instance shares.
    static let rateBuckets = PostgresMigration(
        name: "ratelimits22: shared rate limits",
        statements: [
            """
            CREATE TABLE rate_buckets (
                name text NOT NULL,
                subject text NOT NULL,
                tokens double precision NOT NULL,
                updatedAt bigint NOT NULL,
                PRIMARY KEY (name, subject)
            )
            """,
            "CREATE INDEX rate_buckets_subject ON rate_buckets (subject)",
        ])
}
