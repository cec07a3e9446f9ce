import GRDB

extension StoreMigrations {
    /// The device's side of sync (docs/sync-protocol.md, "The device"): per record, the scope it
    /// last came down in and the last server version seen (`baseVersion`, JSON, the base of a
    /// three-way merge; `awaitingResync` marks the records a full resync has not brought down
    /// again yet); per scope, the feed token and when it last synced; a log of the
    /// mutations the server rejected. The account binding lives in `meta`.
    static func createV5(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE sync_metadata ADD COLUMN scope TEXT;
                ALTER TABLE sync_metadata ADD COLUMN baseVersion BLOB;
                ALTER TABLE sync_metadata ADD COLUMN awaitingResync INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX sync_metadata_scope ON sync_metadata(scope, recordType);

                CREATE TABLE sync_scopes (
                    scope TEXT PRIMARY KEY NOT NULL,
                    token TEXT,
                    lastSyncedAt INTEGER
                ) WITHOUT ROWID;

                CREATE TABLE sync_rejections (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    mutationID TEXT NOT NULL,
                    recordType TEXT NOT NULL,
                    recordID TEXT NOT NULL,
                    operation TEXT NOT NULL,
                    code TEXT NOT NULL,
                    message TEXT NOT NULL,
                    field TEXT,
                    rejectedAt INTEGER NOT NULL
                );
                """)
    }
}

extension StoreMigrations {
    /// Per-field edit stamps (``FieldStamps``, JSON) on annotations and layers: the later edit of
    /// each field wins a merge, by the time of the person's edit (issue 16).
    static func createV6FieldStamps(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE annotations ADD COLUMN fieldStamps BLOB;
                ALTER TABLE layers ADD COLUMN fieldStamps BLOB;
                """)
    }
}
