extension PostgresMigrations {
    /// Issue 19, as the SQLite store's migration of the same name: an asset's renditions and media
    /// facts, and the durable job queue that makes them; assets uploaded before get a job each.
    static let renditions = PostgresMigration(
        name: "renditions19: asset renditions and the job queue",
        statements: [
            """
            ALTER TABLE asset_blobs ADD COLUMN width integer, ADD COLUMN height integer,
                ADD COLUMN durationSeconds double precision
            """,
            """
            CREATE TABLE asset_renditions (
                sha256 text NOT NULL,
                kind text NOT NULL,
                blobSHA256 text NOT NULL,
                contentType text NOT NULL,
                byteCount bigint NOT NULL,
                width integer NOT NULL,
                height integer NOT NULL,
                PRIMARY KEY (sha256, kind)
            )
            """,
            "CREATE INDEX asset_renditions_blob ON asset_renditions (blobSHA256)",
            """
            CREATE TABLE jobs (
                id bigserial PRIMARY KEY,
                kind text NOT NULL,
                subject text NOT NULL,
                state text NOT NULL DEFAULT 'queued',
                attempts integer NOT NULL DEFAULT 0,
                runAfter bigint NOT NULL,
                leaseEnd bigint,
                lastError text,
                createdAt bigint NOT NULL
            )
            """,
            "CREATE UNIQUE INDEX jobs_waiting ON jobs (kind, subject) WHERE state = 'queued'",
            "CREATE INDEX jobs_due ON jobs (runAfter) WHERE state = 'queued'",
            """
            INSERT INTO jobs (kind, subject, runAfter, createdAt)
                SELECT 'media.renditions', sha256, createdAt, createdAt FROM asset_blobs
                WHERE contentType LIKE 'image/%' OR contentType LIKE 'video/%' OR contentType LIKE 'audio/%'
            """,
        ])
}
