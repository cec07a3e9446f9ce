extension PostgresMigrations {
    /// Per-field edit stamps (``FieldStamps``, JSON) on annotations and layers, as the SQLite
    /// store's v6 migration has them: the later edit of each field wins a merge (issue 16).
    static let v4FieldStamps = PostgresMigration(
        name: "v4: field edit stamps",
        statements: [
            "ALTER TABLE annotations ADD COLUMN fieldStamps jsonb",
            "ALTER TABLE layers ADD COLUMN fieldStamps jsonb",
        ])
}
