import GRDB

extension StoreMigrations {
    /// Issue 19, "media19": the bytes of an asset move out of the database into the server's blob
    /// store (files under the data directory), so that uploads and downloads stream instead of
    /// passing whole through memory. `asset_blobs.data` becomes optional: the rows of assets
    /// uploaded before keep their bytes until the server copies them out and clears them
    /// (`AssetRepository.inlineAssets`); new rows never have any. SQLite cannot drop a NOT NULL,
    /// so the table is rebuilt.
    static func createBlobFiles(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE asset_blobs_new (
                    sha256 TEXT NOT NULL UNIQUE,
                    contentType TEXT NOT NULL,
                    byteCount INTEGER NOT NULL,
                    data BLOB,
                    createdAt INTEGER NOT NULL
                );
                INSERT INTO asset_blobs_new (sha256, contentType, byteCount, data, createdAt)
                    SELECT sha256, contentType, byteCount, data, createdAt FROM asset_blobs;
                DROP TABLE asset_blobs;
                ALTER TABLE asset_blobs_new RENAME TO asset_blobs;
                CREATE INDEX asset_blobs_inline ON asset_blobs(sha256) WHERE data IS NOT NULL;
                """)
    }
}
