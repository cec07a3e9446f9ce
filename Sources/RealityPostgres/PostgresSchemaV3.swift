extension PostgresMigrations {
    /// The server's change log (docs/sync-protocol.md), as the SQLite store's v4 migration has it:
    /// every synced record carries the number of the commit that last touched it (`changeSeq`, its
    /// change tag); `sync_clock` hands out those numbers and holds the epoch; `sync_access_changes`
    /// records the commits after which records may have come into or gone out of someone's view;
    /// `sync_mutations` remembers applied and refused push mutations. The token secret lives in
    /// `meta` (key `sync.secret`), so every instance on one database shares it.
    ///
    /// Record IDs in the log are `uuid`, as everywhere in this schema: ordered like their lowercase
    /// text, so the feed's order agrees with SQLite's.
    static let v3 = PostgresMigration(
        name: "v3: sync change log",
        statements: [
            "ALTER TABLE annotations ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "CREATE INDEX annotations_changeSeq ON annotations (changeSeq, id)",
            "ALTER TABLE layers ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "CREATE INDEX layers_changeSeq ON layers (changeSeq, id)",
            "ALTER TABLE comments ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "CREATE INDEX comments_changeSeq ON comments (changeSeq, id)",
            "ALTER TABLE users ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "ALTER TABLE stars ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "CREATE INDEX stars_changeSeq ON stars (userID, changeSeq)",
            "ALTER TABLE notifications ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "CREATE INDEX notifications_changeSeq ON notifications (recipientID, changeSeq)",
            "ALTER TABLE world_maps ADD COLUMN changeSeq bigint NOT NULL DEFAULT 0",
            "CREATE INDEX world_maps_changeSeq ON world_maps (ownerID, changeSeq)",
            """
            CREATE TABLE sync_clock (
                id integer PRIMARY KEY CHECK (id = 1),
                seq bigint NOT NULL,
                epoch bigint NOT NULL
            )
            """,
            "INSERT INTO sync_clock (id, seq, epoch) VALUES (1, 0, 0)",
            """
            CREATE TABLE sync_access_changes (
                seq bigint NOT NULL,
                recordType text NOT NULL,
                recordID uuid NOT NULL,
                contextLayerID uuid,
                userID uuid,
                wasPublic boolean NOT NULL
            )
            """,
            "CREATE INDEX sync_access_changes_seq ON sync_access_changes (seq)",
            """
            CREATE TABLE sync_mutations (
                userID uuid NOT NULL,
                mutationID text NOT NULL,
                status text NOT NULL,
                seq bigint,
                error text,
                createdAt bigint NOT NULL,
                PRIMARY KEY (userID, mutationID)
            )
            """,
            "CREATE INDEX sync_mutations_created ON sync_mutations (createdAt)",
        ])
}
