extension PostgresMigrations {
    /// Issue 19, as the SQLite store's migration of the same name: an asset's bytes move out of
    /// the database into the server's blob store; rows uploaded before keep theirs until the server
    /// copies them out and clears them, new rows have none.
    static let blobFiles = PostgresMigration(
        name: "media19: asset bytes in the blob store",
        statements: [
            "ALTER TABLE asset_blobs ALTER COLUMN data DROP NOT NULL",
            "CREATE INDEX asset_blobs_inline ON asset_blobs (sha256) WHERE data IS NOT NULL",
        ])
}
