import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// The platform's data in PostgreSQL (SPEC C7): the server's store when one machine is not
/// enough, with several server instances over one database.
///
/// A `Sendable` struct over a `PostgresClient`, which is already safe to share. The client's
/// `run()` must be running — in a task of its own or as a service of a `ServiceGroup` (it is a
/// `Service`) — for as long as the store is used; until it runs, queries wait. Opening migrates
/// the database (see ``PostgresMigrations``). Commit events reach the ``commits()`` streams of
/// this process, and of the other instances on the database while they run
/// ``relayCommitsOfOtherInstances()``.
public struct PostgresStore: Sendable {
    /// The connection pool every query goes through.
    public let client: PostgresClient
    /// Where queries and migrations log.
    public let logger: Logger
    let broadcaster: CommitBroadcaster
    /// Tells this store's commit notices from other instances' ones.
    let instanceID = UUID()
    /// Counts the operations on the client's connections (``poolUsage``).
    let pool: StorePoolMeter
    /// Out of Box's catalog as last read (``ChallengeCatalogCache``).
    let challengeCatalog = ChallengeCatalogCache()
    /// Sessions and annotations as last read, trusted while the relay listens (``PostgresReadCaches``).
    let caches = PostgresReadCaches()

    /// The store over `client`, without touching the database: call ``migrate()`` before its
    /// first use. For a server that builds its routes before the client's run loop starts (the
    /// client and the HTTP server being services of one group); otherwise use ``open(client:logger:)``.
    /// `maximumConnections` is the client's pool size, as its configuration says.
    public init(
        client: PostgresClient, logger: Logger,
        maximumConnections: Int = PostgresClient.Configuration.Options().maximumConnections
    ) {
        self.client = client
        self.logger = logger
        self.broadcaster = CommitBroadcaster()
        self.pool = StorePoolMeter(sizes: [(.connection, maximumConnections)])
    }

    /// The store over `client`, after migrating its database to the current schema. Several
    /// instances may open one database at once; one migrates while the others wait.
    public static func open(
        client: PostgresClient, logger: Logger,
        maximumConnections: Int = PostgresClient.Configuration.Options().maximumConnections
    ) async throws -> PostgresStore {
        let store = PostgresStore(client: client, logger: logger, maximumConnections: maximumConnections)
        try await store.migrate()
        return store
    }

    /// Migrates the database to the current schema (see ``PostgresMigrations``); quick when
    /// there is nothing to do. Several instances may migrate one database at once.
    public func migrate() async throws {
        do {
            try await PostgresMigrations.migrate(client, logger: logger)
        } catch {
            throw PostgresStore.storeError(error)
        }
    }

    /// Identifies the schema this build migrates to (every migration's checksum, hashed): two
    /// databases migrated by builds with one fingerprint have the same tables.
    public static var schemaFingerprint: String {
        PostgresMigration(name: "", statements: PostgresMigrations.all.map(\.checksum)).checksum
    }

    /// Runs `body` with a store over a new client for `configuration`: starts the client's run
    /// loop, opens (and migrates) the store, and shuts the client down when `body` returns.
    public static func withStore<Result: Sendable>(
        configuration: PostgresClient.Configuration, logger: Logger,
        _ body: (PostgresStore) async throws -> Result
    ) async throws -> Result {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let store = try await open(
                client: client, logger: logger, maximumConnections: configuration.options.maximumConnections)
            return try await body(store)
        }
    }

    /// True when the database answers `SELECT 1` (for health checks).
    public func ping() async -> Bool {
        do {
            return try await withConnection { connection in
                let rows = try await connection.query("SELECT 1", logger: logger).decode(Int.self)
                for try await value in rows { return value == 1 }
                return false
            }
        } catch {
            return false
        }
    }

    /// Runs the queries of one read on one pooled connection, mapping failures to ``StoreError``.
    func read<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        do {
            return try await withConnection { connection in try await body(connection) }
        } catch {
            throw Self.storeError(error)
        }
    }

    /// Runs `body` on a pooled connection, counted in ``poolUsage``; errors pass through.
    func withConnection<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await pool.measure(.connection) {
            try await client.withConnection { connection in try await body(connection) }
        }
    }

    /// `error` as the store reports it: store and tier errors, and refusals decided inside a write
    /// (an Out of Box bound), as they are; anything else as ``StoreError/unavailable(detail:)``.
    static func storeError(_ error: any Error) -> any Error {
        switch error {
        case is StoreError, is TierLimitError, is AssetQuotaExceeded, is ChallengeError, is ServiceError: error
        case let error as PSQLError: StoreError.unavailable(detail: String(reflecting: error))
        default: StoreError.unavailable(detail: String(describing: error))
        }
    }
}

extension PostgresStore: StoreHealthChecking {}

extension PostgresStore: StorePoolReporting {
    public var poolUsage: [StorePoolUsage] { pool.usage }
}

extension PostgresStore: StoreCacheReporting {
    public var cacheUsage: [StoreCacheUsage] { [caches.sessions.usage, caches.annotations.usage, caches.epochUsage] }
}
