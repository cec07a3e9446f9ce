import GRDB

extension StoreMigrations {
    /// Rejected changes are kept (issue 16): an outbox entry the server rejected stays in the
    /// outbox, held by its rejection (`rejectionID`), and is not pushed again until the user
    /// retries it, edits the record, or discards it. The rejections logged before this version
    /// were already undone on the device (the record went back to the server's version), so
    /// nothing is left to retry or discard of them: the log is emptied.
    static func createRejectionsHeld(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE outbox ADD COLUMN rejectionID INTEGER;
                CREATE INDEX outbox_held ON outbox(rejectionID) WHERE rejectionID IS NOT NULL;
                DELETE FROM sync_rejections;
                """)
    }
}
