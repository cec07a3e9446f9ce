import Foundation
import GRDB
import OutOfBoxCore
import PostgresNIO
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres
@_spi(Testing) @testable import RealityStore

/// A store as the shared store tests see it: everything the services use, accounts and the
/// server's change log, plus a look at the raw tables for checks such as "a refused write changed
/// nothing".
protocol StoreUnderTest: DataStore, AccountRepository, PullHousekeepingReading, LiveAudienceReading, JobQueue,
    ChallengeRepository, SocialRepository, RateBucketStore
{
    /// Rows in `table`.
    func rowCount(_ table: String) async throws -> Int
    /// Every row of every table, as text, for comparing whole-store states.
    func snapshot() async throws -> [String: [String]]
    /// Removes every row of every table but the change log's clock (a migrated store always has
    /// its one row), leaving an empty store (for tests that build many worlds).
    func removeAll() async throws
}

/// The backends the store tests run on: the same test bodies, through `any StoreUnderTest` from
/// ``withStore``, on every implementation of the storage contracts (SPEC C7).
enum StoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// ``SQLiteStore`` in memory (a `DatabaseQueue`).
    case sqliteMemory
    /// ``SQLiteStore`` in a temporary file (a `DatabasePool` in WAL mode).
    case sqliteDisk
    /// ``PostgresStore`` on a fresh database of the test server.
    case postgres

    var testDescription: String { rawValue }
}

/// Runs `body` on a fresh, empty, migrated store of `backend`, removing it afterwards.
/// `connections` bounds the pool of backends that have one (a race test wants several).
func withStore<Result: Sendable>(
    _ backend: StoreBackend, connections: Int = 4, _ body: (any StoreUnderTest) async throws -> Result
) async throws -> Result {
    switch backend {
    case .sqliteMemory:
        return try await body(try SQLiteServerStore.inMemory())
    case .sqliteDisk:
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-store-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(try SQLiteServerStore.open(path: directory.appendingPathComponent("store.sqlite").path))
    case .postgres:
        return try await withPostgresStore(connections: connections) { try await body($0) }
    }
}

extension SQLiteServerStore: StoreUnderTest {
    func rowCount(_ table: String) async throws -> Int {
        try await inspect { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0 }
    }

    /// The store's own tables: not SQLite's, GRDB's migration record, or the shadow tables of the
    /// R*Tree and FTS5 index (their virtual tables are listed instead).
    private static func tables(_ db: Database) throws -> [String] {
        try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name NOT LIKE 'grdb_%' AND name NOT LIKE 'annotation_rtree_%' AND name NOT LIKE 'annotation_fts_%'
                AND name NOT LIKE 'challenge_fts_%'
                ORDER BY name
                """)
    }

    func removeAll() async throws {
        // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
        // test (@testable) reaches it on purpose: emptying every table between worlds is no change a store offers.
        try await writer.write { db in
            for table in try Self.tables(db) where table != "sync_clock" { try db.execute(sql: "DELETE FROM \(table)") }
        }
    }

    func snapshot() async throws -> [String: [String]] {
        try await inspect { db in
            var result: [String: [String]] = [:]
            for table in try Self.tables(db) {
                result[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map(\.description).sorted()
            }
            return result
        }
    }
}

extension PostgresStore: StoreUnderTest {
    func rowCount(_ table: String) async throws -> Int {
        let rows = try await client.query(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table)"), logger: logger)
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    /// The store's tables, migrations' record left out.
    private func tables() async throws -> [String] {
        let tables = try await client.query(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename",
            logger: logger)
        var names: [String] = []
        for try await name in tables.decode(String.self) { names.append(name) }
        return names
    }

    func removeAll() async throws {
        // DELETE in one statement: on these small tables far quicker than TRUNCATE, which makes
        // new files for every table and index.
        var names = try await tables().filter { $0 != "sync_clock" }
        let last = names.removeLast()
        let ctes = names.enumerated().map { "t\($0.offset) AS (DELETE FROM \($0.element))" }
        let sql = (ctes.isEmpty ? "" : "WITH " + ctes.joined(separator: ", ") + " ") + "DELETE FROM \(last)"
        try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger)
    }

    func snapshot() async throws -> [String: [String]] {
        var result: [String: [String]] = [:]
        for table in try await tables() {
            let rows = try await client.query(
                PostgresQuery(unsafeSQL: "SELECT t::text FROM \(table) t ORDER BY 1"), logger: logger)
            var texts: [String] = []
            for try await text in rows.decode(String.self) { texts.append(text) }
            result[table] = texts
        }
        return result
    }
}

/// The error `body` throws, or nil when it succeeds.
func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
