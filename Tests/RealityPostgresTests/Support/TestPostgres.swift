import Foundation
import PostgresNIO
import RealityCore
import Synchronization
@testable import RealityPostgres

#if canImport(Glibc)
import Glibc
#endif

/// The PostgreSQL server the tests of this process use, and the databases they make on it.
///
/// With `REALITY_TEST_POSTGRES_URL` set (a role allowed to create databases), tests use that
/// server. Otherwise the first test starts a private one: `initdb` into a temporary directory (as
/// the `postgres` user when running as root, since initdb refuses root), `pg_ctl start` on a free
/// loopback port with trust authentication and durability off. A watchdog process stops it and
/// removes the directory once this process is gone, however it ends.
///
/// Each test gets a database of its own, copied from a template that was migrated once, so tests
/// run in parallel without seeing each other's rows.
final class TestPostgres: Sendable {
    /// The server, started (or found) once per process.
    static let shared = Task<TestPostgres, any Error> { try await TestPostgres.start() }

    /// Configuration for the server's maintenance database; copy and set `database` for others.
    let adminConfiguration: PostgresClient.Configuration
    /// A client of the maintenance database whose run loop lives as long as the process.
    let admin: PostgresClient
    /// The migrated database every test database is copied from.
    let template: String
    /// Limits how many test databases exist at once, so a parallel run stays within the
    /// server's connections and the machine's two cores.
    let gate = AsyncGate(limit: 6)

    static let logger: Logger = {
        var logger = Logger(label: "reality.postgres.tests")
        logger.logLevel = .warning
        return logger
    }()

    private init(adminConfiguration: PostgresClient.Configuration, template: String) {
        self.adminConfiguration = adminConfiguration
        self.admin = PostgresClient(configuration: adminConfiguration, backgroundLogger: Self.logger)
        self.template = template
        let admin = self.admin
        Task.detached { await admin.run() }
    }

    private static func start() async throws -> TestPostgres {
        var configuration: PostgresClient.Configuration
        if let url = ProcessInfo.processInfo.environment["REALITY_TEST_POSTGRES_URL"], !url.isEmpty {
            configuration = try PostgresStore.clientConfiguration(url: url)
        } else {
            configuration = try PrivatePostgresServer.start()
        }
        configuration.options.maximumConnections = 4
        // Named after the schema, so that runs against a shared server reuse one template.
        let checksum = PostgresMigrations.all.map(\.checksum).joined()
        let template = "reality_test_template_" + String(UInt64(bitPattern: checksum.hashValueStable), radix: 16)
        let server = TestPostgres(adminConfiguration: configuration, template: template)
        try await server.prepareTemplate()
        return server
    }

    /// Creates and migrates the template database unless it exists. It is built under another
    /// name and renamed when complete, so a concurrent run never copies a half-migrated template.
    private func prepareTemplate() async throws {
        guard try await !databaseExists(template) else { return }
        let building = template + "_" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        try await admin.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(building)"), logger: Self.logger)
        var configuration = adminConfiguration
        configuration.database = building
        configuration.options.maximumConnections = 1
        try await PostgresStore.withStore(configuration: configuration, logger: Self.logger) { _ in }
        do {
            try await admin.query(
                PostgresQuery(unsafeSQL: "ALTER DATABASE \(building) RENAME TO \(template)"), logger: Self.logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P04" {
            await dropDatabase(building)  // another run finished one first (duplicate_database)
        }
    }

    private func databaseExists(_ name: String) async throws -> Bool {
        let rows = try await admin.query("SELECT count(*) FROM pg_database WHERE datname = \(name)", logger: Self.logger)
        for try await count in rows.decode(Int.self) { return count > 0 }
        return false
    }

    /// A new database copied from the template.
    func createDatabase() async throws -> String {
        let name = "reality_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        for attempt in 1...50 {
            do {
                try await admin.query(
                    PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template)"), logger: Self.logger)
                return name
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55006" && attempt < 50 {
                // object_in_use: the template is briefly in use (another process copying or
                // migrating it); try again.
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        return name
    }

    /// Drops a test database, closing whatever still uses it.
    func dropDatabase(_ name: String) async {
        _ = try? await admin.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: Self.logger)
    }

    /// Configuration for a test database.
    func configuration(database: String, connections: Int) -> PostgresClient.Configuration {
        var configuration = adminConfiguration
        configuration.database = database
        configuration.options.maximumConnections = connections
        return configuration
    }
}

extension String {
    /// FNV-1a of the UTF-8 bytes: a hash that is the same in every process (unlike `hashValue`).
    var hashValueStable: Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int64(bitPattern: hash)
    }
}

/// A counting semaphore for async code.
final class AsyncGate: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(limit: Int) {
        state = Mutex(State(available: limit))
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.available > 0 {
                    state.available -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func signal() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiters.isEmpty {
                state.available += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
