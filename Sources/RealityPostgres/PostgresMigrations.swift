import Foundation
import PostgresNIO
import RealityCore

/// One step of the PostgreSQL schema: a name and its statements, run in one transaction.
///
/// A migration that has shipped is never edited: a change to the schema is a new migration
/// appended to ``PostgresMigrations/all``. Each is recorded with a checksum of its statements, and
/// opening a database whose record disagrees fails, so that an edit cannot slip through unnoticed.
struct PostgresMigration: Sendable {
    /// Unique, stable name, recorded in `schema_migrations`.
    let name: String
    /// The statements, in order.
    let statements: [String]

    /// FNV-1a (64-bit) of the statements, as 16 hex digits: stable across runs and platforms.
    var checksum: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for statement in statements {
            for byte in statement.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The schema of ``PostgresStore``, as versioned migrations run when a store opens.
///
/// Several server instances may start at once on one database: migrating happens inside a
/// transaction that first takes a transaction-scoped advisory lock, so one instance migrates while
/// the others wait and then find nothing left to do.
enum PostgresMigrations {
    /// Every migration, oldest first.
    static let all: [PostgresMigration] = [
        v1, v2, v3, v4FieldStamps, accountSessions, feed17, blobFiles, renditions, invitations, retention,
        sessionWorldMaps, annotationAnchors, liveAudience, challenges, challengeReminders, moderation, social,
        searchPendingList, savedSearches, catalogInChangeLog, horizontalPositionIndex, rateBuckets,
    ]

    /// Issue 18, "searches18": saved searches, the first owned kind (``SavedSearch``), as the SQLite
    /// store's migration of the same name makes them.
    static let savedSearches = PostgresMigration(
        name: "searches18: saved searches",
        statements: [
            """
            CREATE TABLE saved_searches (
                id uuid PRIMARY KEY,
                ownerID uuid NOT NULL,
                name text NOT NULL,
                query text,
                layerIDs jsonb,
                types jsonb,
                creatorID uuid,
                fromDate bigint,
                toDate bigint,
                createdAt bigint NOT NULL,
                updatedAt bigint NOT NULL,
                changeSeq bigint NOT NULL DEFAULT 0
            )
            """,
            "CREATE INDEX saved_searches_owner ON saved_searches (ownerID, createdAt)",
            "CREATE INDEX saved_searches_feed ON saved_searches (ownerID, changeSeq, id)",
            "CREATE INDEX saved_searches_changes ON saved_searches (changeSeq)",
        ])

    /// The advisory lock key taken while migrating ("Reality" and 1). One 64-bit key: it never
    /// meets the two-key locks ``PostgresStore`` takes per owner, which PostgreSQL keeps apart.
    static let lockKey: Int64 = 0x5265_616C_6974_7901

    /// Brings the database to the current schema.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        // The common case, an instance starting on a migrated database, takes no lock.
        let exists =
            try await client.query("SELECT to_regclass('schema_migrations') IS NOT NULL", logger: logger)
            .decode(Bool.self).first { _ in true } ?? false
        if exists, try await pending(client.query(recordedQuery, logger: logger)).isEmpty { return }
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            do {
                try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        name text PRIMARY KEY,
                        checksum text NOT NULL,
                        appliedAt timestamptz NOT NULL DEFAULT now()
                    )
                    """, logger: logger)
                for migration in try await pending(connection.query(recordedQuery, logger: logger)) {
                    logger.info("Migrating the PostgreSQL store", metadata: ["migration.name": "\(migration.name)"])
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO schema_migrations (name, checksum) VALUES (\(migration.name), \(migration.checksum))",
                        logger: logger)
                }
                try await connection.query("COMMIT", logger: logger)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// The recorded migrations.
    private static let recordedQuery: PostgresQuery = "SELECT name, checksum FROM schema_migrations"

    /// The migrations `rows` (name, checksum) do not record, after checking that the recorded ones
    /// are unchanged.
    private static func pending(_ rows: PostgresRowSequence) async throws -> [PostgresMigration] {
        var recorded: [String: String] = [:]
        for try await (name, checksum) in rows.decode((String, String).self) {
            recorded[name] = checksum
        }
        for migration in all {
            if let checksum = recorded[migration.name], checksum != migration.checksum {
                throw StoreError.unavailable(
                    detail: "migration \"\(migration.name)\" differs from the one applied to this database")
            }
        }
        return all.filter { recorded[$0.name] == nil }
    }
}
