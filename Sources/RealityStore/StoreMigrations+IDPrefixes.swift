import GRDB

extension StoreMigrations {
    /// Rejected changes are named by a prefix of their record's ID (`reality rejections retry
    /// 0192ab`, issue 16): an index on the ID, so that a prefix is a range read like every other
    /// kind's (``IDPrefixKind``).
    static func createRejectionRecordIndex(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX sync_rejections_record ON sync_rejections(recordID)")
    }
}
