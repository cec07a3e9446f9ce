extension PostgresMigrations {
    /// Task "feed17", as the SQLite store's migration of the same name: the commit that made each
    /// layer, annotation and comment (`createdSeq`) and the one that put each layer and annotation
    /// where it is now (`placedSeq`), so that the feed sends a revoked user deletions only for
    /// records that were there before the revoke (existing records count as made at the start);
    /// and `plan_sharing`, whether the feed last showed each user's plan as one that shares.
    static let feed17 = PostgresMigration(
        name: "feed17: creation and placement commits, plan sharing shown",
        statements: [
            "ALTER TABLE layers ADD COLUMN createdSeq bigint NOT NULL DEFAULT 0",
            "ALTER TABLE layers ADD COLUMN placedSeq bigint NOT NULL DEFAULT 0",
            "ALTER TABLE annotations ADD COLUMN createdSeq bigint NOT NULL DEFAULT 0",
            "ALTER TABLE annotations ADD COLUMN placedSeq bigint NOT NULL DEFAULT 0",
            "ALTER TABLE comments ADD COLUMN createdSeq bigint NOT NULL DEFAULT 0",
            "CREATE TABLE plan_sharing (userID uuid PRIMARY KEY, sharing boolean NOT NULL)",
        ])
}
