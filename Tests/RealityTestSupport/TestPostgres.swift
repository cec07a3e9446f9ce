import Foundation
import PostgresNIO
import RealityCore
import RealityPostgres
import Synchronization

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
public final class TestPostgres: Sendable {
    /// The server, started (or found) once per process.
    public static let shared = Task<TestPostgres, any Error> { try await TestPostgres.start() }

    /// Configuration for the server's maintenance database; copy and set `database` for others.
    public let adminConfiguration: PostgresClient.Configuration
    /// A client of the maintenance database whose run loop lives as long as the process.
    public let admin: PostgresClient
    /// The migrated database every test database is copied from.
    public let template: String
    /// A URL of the maintenance database, as `reality serve --postgres` takes one.
    let adminURL: String
    /// Limits how many test databases exist at once, so a parallel run stays within the
    /// server's connections and the machine's two cores.
    public let gate = AsyncGate(limit: 6)

    /// Warnings and worse only.
    public static let logger: Logger = {
        var logger = Logger(label: "reality.postgres.tests")
        logger.logLevel = .warning
        return logger
    }()

    private init(adminConfiguration: PostgresClient.Configuration, adminURL: String, template: String) {
        self.adminConfiguration = adminConfiguration
        self.adminURL = adminURL
        self.admin = PostgresClient(configuration: adminConfiguration, backgroundLogger: Self.logger)
        self.template = template
        let admin = self.admin
        Task.detached { await admin.run() }
    }

    private static func start() async throws -> TestPostgres {
        var configuration: PostgresClient.Configuration
        let url: String
        if let given = ProcessInfo.processInfo.environment["REALITY_TEST_POSTGRES_URL"], !given.isEmpty {
            configuration = try PostgresStore.clientConfiguration(url: given)
            url = given
        } else {
            configuration = try PrivatePostgresServer.start()
            url = "postgres://postgres@127.0.0.1:\(configuration.port ?? 5432)/postgres?sslmode=disable"
        }
        configuration.options.maximumConnections = 4
        // Named after the schema, so that runs against a shared server reuse one template.
        let template = "reality_test_template_" + PostgresStore.schemaFingerprint
        let server = TestPostgres(adminConfiguration: configuration, adminURL: url, template: template)
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
        for attempt in 1...50 {
            do {
                try await admin.query(
                    PostgresQuery(unsafeSQL: "ALTER DATABASE \(building) RENAME TO \(template)"), logger: Self.logger)
                return
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P04" {
                await dropDatabase(building)  // another run finished one first (duplicate_database)
                return
            } catch let error as PSQLError where error.serverInfo?[.sqlState] == "55006" && attempt < 50 {
                // object_in_use: the migrating store's connection is still closing on the server's
                // side after the pool let it go. Until this retry, the rename failed at once now
                // and then, and with it every PostgreSQL test of the run.
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private func databaseExists(_ name: String) async throws -> Bool {
        let rows = try await admin.query(
            "SELECT count(*) FROM pg_database WHERE datname = \(name)", logger: Self.logger)
        for try await count in rows.decode(Int.self) { return count > 0 }
        return false
    }

    /// A new database copied from the template.
    public func createDatabase() async throws -> String {
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
    public func dropDatabase(_ name: String) async {
        _ = try? await admin.query(
            PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"), logger: Self.logger)
    }

    /// A URL of a test database, as `reality serve --postgres` takes one.
    public func url(database: String) -> String {
        guard var components = URLComponents(string: adminURL) else { return adminURL }
        components.path = "/" + database
        return components.string ?? adminURL
    }

    /// Configuration for a test database.
    public func configuration(database: String, connections: Int) -> PostgresClient.Configuration {
        var configuration = PostgresStore.withSessionSettings(adminConfiguration)
        configuration.database = database
        configuration.options.maximumConnections = connections
        return configuration
    }
}

/// A counting semaphore for async code.
public final class AsyncGate: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// A gate that lets `limit` holders through at once.
    public init(limit: Int) {
        state = Mutex(State(available: limit))
    }

    /// Waits until a place is free, and takes it.
    public func wait() async {
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

    /// Gives a place back.
    public func signal() {
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
