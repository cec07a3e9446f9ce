import GRDB

extension StoreMigrations {
    /// Issue 19, "media19 device": the media files a device knows (`device_media`), by SHA-256:
    /// where the bytes are on this device (the file a person named when they made the annotation,
    /// or the copy sync downloaded; NULL when only the server has them), their length and type,
    /// and whether the server holds them yet (a file made offline uploads before the first
    /// mutation that names it is pushed). Devices keep this; servers never write it.
    static func createDeviceMedia(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE device_media (
                    sha256 TEXT PRIMARY KEY NOT NULL,
                    path TEXT,
                    byteCount INTEGER NOT NULL,
                    contentType TEXT NOT NULL,
                    isUploaded INTEGER NOT NULL DEFAULT 0,
                    addedAt INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }
}
