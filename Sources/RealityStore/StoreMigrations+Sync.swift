import GRDB

extension StoreMigrations {
    /// The server's change log (docs/sync-protocol.md): every synced record carries the number
    /// of the commit that last touched it (`changeSeq`, its change tag); `sync_clock` hands out
    /// those numbers; `sync_access_changes` records the commits after which records may have come
    /// into or gone out of someone's view (grants, moves, layers re-parented, made public or
    /// private, deleted stars and world maps); `sync_mutations` remembers applied push mutations
    /// so a replay answers the first result.
    static func createV4(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE annotations ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX annotations_changeSeq ON annotations(changeSeq, id);
                ALTER TABLE layers ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX layers_changeSeq ON layers(changeSeq, id);
                ALTER TABLE comments ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX comments_changeSeq ON comments(changeSeq, id);
                ALTER TABLE users ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE stars ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX stars_changeSeq ON stars(userID, changeSeq);
                ALTER TABLE notifications ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX notifications_changeSeq ON notifications(recipientID, changeSeq);
                ALTER TABLE world_maps ADD COLUMN changeSeq INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX world_maps_changeSeq ON world_maps(ownerID, changeSeq);

                CREATE TABLE sync_clock (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    seq INTEGER NOT NULL,
                    epoch INTEGER NOT NULL
                );
                INSERT INTO sync_clock (id, seq, epoch) VALUES (1, 0, 0);

                CREATE TABLE sync_access_changes (
                    seq INTEGER NOT NULL,
                    recordType TEXT NOT NULL,
                    recordID TEXT NOT NULL,
                    contextLayerID TEXT,
                    userID TEXT,
                    wasPublic INTEGER NOT NULL
                );
                CREATE INDEX sync_access_changes_seq ON sync_access_changes(seq);

                CREATE TABLE sync_mutations (
                    userID TEXT NOT NULL,
                    mutationID TEXT NOT NULL,
                    status TEXT NOT NULL,
                    seq INTEGER,
                    error TEXT,
                    createdAt INTEGER NOT NULL,
                    PRIMARY KEY (userID, mutationID)
                ) WITHOUT ROWID;
                CREATE INDEX sync_mutations_created ON sync_mutations(createdAt);
                """)
    }
}
