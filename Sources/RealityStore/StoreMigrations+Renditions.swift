import GRDB

extension StoreMigrations {
    /// Issue 19, "renditions19": what the server makes of an asset's media (its thumbnail and
    /// preview, each a blob of its own, and the facts it reads: size and duration), and the durable
    /// job queue that makes them. Assets uploaded before get a job each. On a device, where each
    /// media file's thumbnail is (`device_media.thumbnailPath`), or that the server has none.
    static func createRenditions(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE device_media ADD COLUMN thumbnailPath TEXT;
                ALTER TABLE device_media ADD COLUMN thumbnailMissing INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE asset_blobs ADD COLUMN width INTEGER;
                ALTER TABLE asset_blobs ADD COLUMN height INTEGER;
                ALTER TABLE asset_blobs ADD COLUMN durationSeconds REAL;
                CREATE TABLE asset_renditions (
                    sha256 TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    blobSHA256 TEXT NOT NULL,
                    contentType TEXT NOT NULL,
                    byteCount INTEGER NOT NULL,
                    width INTEGER NOT NULL,
                    height INTEGER NOT NULL,
                    PRIMARY KEY (sha256, kind)
                ) WITHOUT ROWID;
                CREATE INDEX asset_renditions_blob ON asset_renditions(blobSHA256);
                CREATE TABLE jobs (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'queued',
                    attempts INTEGER NOT NULL DEFAULT 0,
                    runAfter INTEGER NOT NULL,
                    leaseEnd INTEGER,
                    lastError TEXT,
                    createdAt INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX jobs_waiting ON jobs(kind, subject) WHERE state = 'queued';
                CREATE INDEX jobs_due ON jobs(runAfter) WHERE state = 'queued';
                INSERT INTO jobs (kind, subject, runAfter, createdAt)
                    SELECT 'media.renditions', sha256, createdAt, createdAt FROM asset_blobs
                    WHERE contentType LIKE 'image/%' OR contentType LIKE 'video/%' OR contentType LIKE 'audio/%';
                """)
    }
}
