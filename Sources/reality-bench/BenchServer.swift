import Foundation
import Logging
import RealityAPI
import RealityServer

/// The platform's server run in-process for a benchmark: SQLite in a temporary directory, or
/// PostgreSQL, with the rate limit lifted and a cheap bcrypt so that set-up does not dominate.
struct BenchServer {
    /// The token of the admin routes (to raise a user's tier).
    static let adminToken = "bench-admin"
    /// The server's base address.
    let url: String
    /// A client of the server, for set-up.
    let client: BenchHTTP
    /// Its SQLite database file (unused on PostgreSQL).
    let databasePath: String
    private let directory: URL
    private let task: Task<Void, any Error>

    /// Starts a server on `port` (on `postgres` when given, holding connections up to `limits`)
    /// and waits until it answers.
    static func start(port: Int, postgres: String?, name: String, limits: ConnectionLimits = ConnectionLimits())
        async throws -> BenchServer
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-\(name)-\(UUID())")
        var configuration = ServerConfiguration(
            port: port, dataDirectory: directory, postgresURL: postgres, adminToken: adminToken,
            rateLimitBurst: 1 << 40, rateLimitPerSecond: 1e12, bcryptCost: 4)
        configuration.connectionLimits = limits
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .warning
        let app = try await buildApplication(configuration, logger: logger)
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        let url = "http://127.0.0.1:\(port)"
        let server = BenchServer(
            url: url, client: BenchHTTP(base: url), databasePath: configuration.databasePath, directory: directory,
            task: task)
        do {
            try await server.client.waitForOK(deadline: .now + .seconds(30))
        } catch {
            server.stop()
            throw error
        }
        return server
    }

    /// Stops the server and removes its temporary directory.
    func stop() {
        task.cancel()
        try? FileManager.default.removeItem(at: directory)
    }
}
