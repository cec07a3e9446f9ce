extension PostgresMigrations {
    /// Issue 20, as the SQLite store's migration of the same name: shares by email.
    static let invitations = PostgresMigration(
        name: "people20: invitations",
        statements: [
            """
            CREATE TABLE invitations (
                id uuid PRIMARY KEY,
                inviterID uuid NOT NULL,
                email text NOT NULL,
                layerID uuid,
                annotationID uuid,
                level text NOT NULL,
                grantExpiresAt bigint,
                createdAt bigint NOT NULL,
                expiresAt bigint NOT NULL,
                status text NOT NULL,
                acceptedBy uuid
            )
            """,
            "CREATE INDEX invitations_open ON invitations (email) WHERE status = 'pending'",
            "CREATE INDEX invitations_sent ON invitations (inviterID, createdAt)",
        ])
}
