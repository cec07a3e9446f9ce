import GRDB
import Synchronization

/// Read-only connections to a store's file for ``SQLiteStore/readNow(_:)``, apart from GRDB's
/// pool.
///
/// GRDB's pool holds a reader across the awaits of an asynchronous read. A thread that blocks
/// for a reader of that pool can therefore wait on a read that needs that very thread to resume:
/// with two threads running every task, two such waits stop the process. These connections are
/// only ever held by a read running synchronously on some thread, so waiting is never needed:
/// a read takes an idle connection, or opens one more when all are in use (at most one per
/// thread that reads at once), and gives it back when done.
final class InlineReaders: Sendable {
    private let path: String
    private let configuration: Configuration
    private let idle = Mutex<[DatabaseQueue]>([])

    /// Readers of the WAL-mode file at `path`, set up with `configuration` (made read-only here).
    init(path: String, configuration: Configuration) {
        var configuration = configuration
        configuration.readonly = true
        self.path = path
        self.configuration = configuration
    }

    /// Runs `body` in a read-only transaction on the calling thread.
    ///
    /// The transaction is begun and ended with statements from the connection's cache, stepped
    /// directly, rather than by `DatabaseQueue.read`, which compiles `BEGIN` and `COMMIT` anew
    /// each time and runs GRDB's bookkeeping for transaction observers (a read-only connection
    /// has none): these reads are a few index probes, and that work costs about as much.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        let connection = try idle.withLock { $0.popLast() } ?? DatabaseQueue(path: path, configuration: configuration)
        defer { idle.withLock { $0.append(connection) } }
        return try connection.inDatabase { db in
            try db.executeDirectly(sql: "BEGIN DEFERRED TRANSACTION")
            let result: T
            do {
                result = try body(db)
            } catch {
                try? db.executeDirectly(sql: "ROLLBACK TRANSACTION")
                throw error
            }
            try db.executeDirectly(sql: "COMMIT TRANSACTION")
            return result
        }
    }

    /// How many connections are open and idle (all of them when no read is running).
    var count: Int { idle.withLock { $0.count } }
}
