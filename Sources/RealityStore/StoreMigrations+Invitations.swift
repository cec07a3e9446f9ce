import GRDB

extension StoreMigrations {
    /// Issue 20, "people20": shares by email (`invitations`), pending until the email's owner
    /// registers or signs in.
    static func createInvitations(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE invitations (
                    id TEXT PRIMARY KEY NOT NULL,
                    inviterID TEXT NOT NULL,
                    email TEXT NOT NULL,
                    layerID TEXT,
                    annotationID TEXT,
                    level TEXT NOT NULL,
                    grantExpiresAt INTEGER,
                    createdAt INTEGER NOT NULL,
                    expiresAt INTEGER NOT NULL,
                    status TEXT NOT NULL,
                    acceptedBy TEXT
                ) WITHOUT ROWID;
                CREATE INDEX invitations_open ON invitations(email) WHERE status = 'pending';
                CREATE INDEX invitations_sent ON invitations(inviterID, createdAt);
                """)
    }
}
