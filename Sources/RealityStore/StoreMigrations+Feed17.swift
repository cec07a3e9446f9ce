import GRDB

extension StoreMigrations {
    /// Task "feed17". The commit that made each layer, annotation and comment (`createdSeq`) and
    /// the one that put each layer and annotation where it is now (`placedSeq`): the feed sends a
    /// revoked user deletions only for records that were there before the revoke
    /// (`SyncJournal.Placement`); records made before this migration count as made at the start
    /// (0), as the feed treated every record until now. And `plan_sharing`, whether the feed last
    /// showed each user's plan as one that shares (a user without a row: as their tier, ignoring
    /// its end date, says): when the plan in force differs (a paid plan lapsed, or was renewed),
    /// the server sends the user's record and what they shared down again
    /// (`Change.publishPlanSharing`).
    static func createFeed17(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE layers ADD COLUMN createdSeq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE layers ADD COLUMN placedSeq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE annotations ADD COLUMN createdSeq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE annotations ADD COLUMN placedSeq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE comments ADD COLUMN createdSeq INTEGER NOT NULL DEFAULT 0;
                CREATE TABLE plan_sharing (
                    userID TEXT PRIMARY KEY NOT NULL,
                    sharing INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }
}
