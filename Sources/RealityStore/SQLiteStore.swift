import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// The platform's data in one SQLite file (SPEC D1), in two types: ``DeviceStore``, the device's
/// local store, and ``SQLiteServerStore``, the server's embedded default. What they share (the
/// schema, the repositories the services read, `commit`) is written once here, generic over
/// `Role`; what only one side does (the outbox, pulls and conflicts; accounts, assets and the
/// change log) is in extensions constrained to that side.
///
/// A `Sendable` struct around a GRDB writer: a `DatabasePool` in WAL mode for files, a
/// `DatabaseQueue` in memory for tests. On a device every write that must reach the cloud also
/// records an outbox entry in the same transaction; on the server it records the change log.
/// Every write goes through ``commit(_:applying:)`` or a named operation of the store: the GRDB
/// writer is not public.
public struct SQLiteStore<Role: SQLiteStoreRole>: Sendable {
    /// The GRDB connection(s); internal, so that no caller writes around `commit` (the outbox and
    /// the change log). Tests read through ``inspect(_:)``.
    let writer: any DatabaseWriter
    let broadcaster: CommitBroadcaster
    let sessions: SessionCache
    /// The server's annotations read with their layer chains since the last commit; nil on a
    /// device, whose reads are its own user's and whose inserts are not slowed by watching commits.
    let annotationCache: AnnotationReadCache?
    /// Counts transactions by connection kind (``poolUsage``).
    let pool: StorePoolMeter
    /// The kind of connection reads run on: a pool's readers, or a queue's one connection.
    let readKind: StorePoolKind

    /// Connections for ``readNow(_:)`` on a file; nil in memory, where the one connection serves.
    let inlineReaders: InlineReaders?
    /// Out of Box's catalog as last read (``ChallengeCatalogCache``).
    let challengeCatalog = ChallengeCatalogCache()

    private init(
        writer: any DatabaseWriter, readers: Int, inlineReaders: InlineReaders? = nil, cacheLifetime: Duration? = nil
    ) throws {
        self.writer = writer
        self.inlineReaders = inlineReaders
        self.broadcaster = CommitBroadcaster()
        self.sessions = SessionCache(lifetime: cacheLifetime ?? SessionCache.defaultLifetime)
        self.annotationCache =
            Role.side == .server
            ? AnnotationReadCache(lifetime: cacheLifetime ?? AnnotationReadCache.defaultLifetime) : nil
        self.readKind = readers > 0 ? .reader : .writer
        self.pool = StorePoolMeter(sizes: (readers > 0 ? [(.reader, readers)] : []) + [(.writer, 1)])
        try StoreMigrations.migrator.migrate(writer)
        if let annotationCache {
            writer.add(
                transactionObserver: AnnotationReadCache.CommitObserver(annotationCache), extent: .databaseLifetime)
        }
    }

    /// Opens (creating if needed) the store at `path` in WAL mode and migrates it; the file and
    /// its WAL and SHM files are private to the user, as is its folder when it creates it
    /// (``StoreFileModes``). `cacheLifetime` overrides how long the caches of sessions and
    /// annotations trust an entry (nil: their defaults); tests that count cache hits set it long,
    /// so that a slow run (a sanitizer, a loaded machine) does not expire entries between reads.
    public static func open(path: String, cacheLifetime: Duration? = nil) throws -> SQLiteStore {
        try StoreFileModes.preparePrivateFile(at: path)
        var configuration = Configuration()
        // A device reads far more than it writes: a memory map of the file serves its queries.
        // The server's file grows with every commit, and each growth makes every connection
        // remap it; measured (reality-bench push), the server creates a third more annotations
        // per second without the map.
        let mapSize = Role.side == .device ? 1 << 30 : 0
        configuration.prepareDatabase { db in
            // The page size takes effect only in a new file, before the WAL is set up (GRDB does
            // that after this); an existing file keeps the size it was made with.
            try db.execute(sql: "PRAGMA page_size = \(Role.side.pageSize)")
            // WAL with NORMAL sync: durable at checkpoints, safe against corruption; a page cache
            // large enough for the R*Tree and FTS index of a million annotations.
            try db.execute(
                sql: """
                    PRAGMA synchronous = NORMAL;
                    PRAGMA cache_size = -65536;
                    PRAGMA mmap_size = \(mapSize);
                    PRAGMA temp_store = MEMORY;
                    PRAGMA wal_autocheckpoint = 10000;
                    """)
        }
        configuration.busyMode = .timeout(10)
        do {
            return try SQLiteStore(
                writer: DatabasePool(path: path, configuration: configuration),
                readers: configuration.maximumReaderCount,
                inlineReaders: InlineReaders(path: path, configuration: configuration), cacheLifetime: cacheLifetime)
        } catch let error as DatabaseError {
            throw StoreError.unavailable(detail: "\(path): \(error.message ?? error.description)")
        }
    }

    /// A new store in memory, for tests; `cacheLifetime` as for ``open(path:cacheLifetime:)``.
    public static func inMemory(cacheLifetime: Duration? = nil) throws -> SQLiteStore {
        try SQLiteStore(writer: DatabaseQueue(), readers: 0, cacheLifetime: cacheLifetime)
    }

    /// Reads a value of the store's key–value metadata.
    public func metadata(_ key: String) async throws -> String? {
        try await readTransaction { db in
            try db.value(String.self, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
        }
    }

    /// Writes a value of the store's key–value metadata.
    public func setMetadata(_ key: String, to value: String?) async throws {
        try await writeTransaction { db in
            if let value {
                try db.execute(
                    sql:
                        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Runs `body` in a read-only transaction, GRDB's errors passing through: for tests that look
    /// at the raw tables. A read transaction cannot write (GRDB opens it read-only), so nothing
    /// gets around `commit` this way.
    @_spi(Testing)
    public func inspect<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.read(body)
    }

    /// Removes the store's file and its WAL and shared-memory companions, for the benchmarks that
    /// start a store afresh; no store may have the file open. (GRDB's `erase()` copies an empty
    /// database of SQLite's default page size over the file, which SQLite refuses in WAL mode when
    /// the file's pages are another size.)
    @_spi(Benchmarks)
    public static func removeFiles(at path: String) {
        for file in StoreFileModes.files(at: path) { try? FileManager.default.removeItem(atPath: file) }
    }

    /// True when the store answers a trivial query (for health checks).
    public func ping() async -> Bool {
        (try? await readTransaction { db in try db.value(Int.self, sql: "SELECT 1") }) == 1
    }

    /// Runs `body` in a read transaction, counted in ``poolUsage``; GRDB's errors pass through.
    func readTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.measure(readKind) { try await writer.read(body) }
    }

    /// Runs `body` in a write transaction, counted in ``poolUsage``; GRDB's errors pass through.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.measure(.writer) { try await writer.write(body) }
    }

    /// Runs `body` in a read transaction, GRDB's errors reported as ``StoreError``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await Self.reportingDatabaseErrors { try await readTransaction(body) }
    }

    /// Runs `body` in a read transaction on the calling thread, GRDB's errors reported as
    /// ``StoreError``: for the point reads every request makes (a session, an annotation and its
    /// layers), which take microseconds. Awaiting a connection instead sends the task to GRDB's
    /// thread and back, two thread switches that cost a request more than its reads (measured
    /// with `reality-bench http`). Reads that may take long (lists, pages, exports) use
    /// ``read(_:)``, so that they never hold up an event loop. On a file the read runs on one of
    /// ``InlineReaders``, never on GRDB's pool (see there why).
    func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.measureNow(readKind) {
                if let inlineReaders { return try inlineReaders.read(body) }
                return try writer.read(body)
            }
        } catch let error as DatabaseError {
            throw StoreError.unavailable(detail: error.description)
        }
    }

    /// Runs `body` in a write transaction, GRDB's errors reported as ``StoreError``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await Self.reportingDatabaseErrors { try await writeTransaction(body) }
    }

    /// Runs `body`, reporting GRDB's errors as ``StoreError/unavailable(detail:)``.
    private static func reportingDatabaseErrors<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw StoreError.unavailable(detail: error.description)
        }
    }
}

extension SQLiteStore: StorePoolReporting {
    public var poolUsage: [StorePoolUsage] { pool.usage }
}

extension SQLiteStore: StoreCacheReporting {
    public var cacheUsage: [StoreCacheUsage] { [sessions.usage] + (annotationCache.map { [$0.usage] } ?? []) }
}
extension SQLiteStore: StoreHealthChecking {}
