import ArgumentParser
import Foundation
import Logging
import RealityServer
import RealityStore

/// `reality serve [--host H] [--port P] [--data DIR] [--postgres URL] [--admin-token T]`: the API
/// server (SPEC C8). Each option falls back to its environment variable, then to the default.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the API and sync server.",
        discussion: """
            Options fall back to REALITY_HOST, REALITY_PORT, REALITY_DATA, REALITY_POSTGRES_URL, \
            REALITY_ADMIN_TOKEN, REALITY_MAX_ASSET_BYTES, REALITY_RATE_LIMIT, REALITY_RATE_BURST, REALITY_LOG_LEVEL, REALITY_SESSION_IDLE and REALITY_SESSION_MAX. \
            The header timeout and the connection and socket caps fall back to REALITY_HEADER_TIMEOUT, \
            REALITY_MAX_CONNECTIONS_PER_ADDRESS, REALITY_MAX_CONNECTIONS and REALITY_MAX_SOCKETS_PER_USER; \
            where assets live to REALITY_ASSETS, REALITY_S3_ENDPOINT, REALITY_S3_REGION, REALITY_S3_ACCESS_KEY_ID \
            and REALITY_S3_SECRET_ACCESS_KEY. \
            Stops gracefully on SIGINT or SIGTERM.
            """)
    /// Accepted anywhere on the line as for every command, but not the server's: hidden from help.
    @OptionGroup(visibility: .hidden) var global: GlobalOptions
    @Option(help: "Address to listen on (default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on (default 8080).") var port: Int?
    @Option(help: "Directory for the SQLite database and assets (default ./reality-data).") var data: String?
    @Option(help: "PostgreSQL URL (postgres://user:password@host:port/database); replaces SQLite.") var postgres:
        String?
    @Option(help: "Token that authorises /api/v1/admin routes.") var adminToken: String?
    @Option(help: "Largest asset upload in bytes (default 52428800, 50 MiB).") var maxAssetBytes: Int?
    @Option(help: "Requests per second each user (or anonymous address) may make on average (default 100).")
    var rateLimit: Double?
    @Option(help: "Requests each user may make in a burst above the rate limit (default 300).") var rateBurst: Int?
    @Option(
        help:
            "Least severe log level written to standard error: trace, debug, info (default), notice, warning, error or critical."
    )
    var logLevel: String?
    @Option(help: "How long a session may go unused before it ends: a number with s, m, h or d (default 30d).")
    var sessionIdle: String?
    @Option(help: "How long a session may live however much it is used: a number with s, m, h or d (default 365d).")
    var sessionMax: String?
    @Option(
        help: """
            bcrypt cost of the password hashes it makes, \(ServeCommand.passwordCosts.lowerBound) to \
            \(ServeCommand.passwordCosts.upperBound): each step doubles a hash's time (default \(ServerConfiguration().bcryptCost)).
            """)
    var passwordCost: Int?
    @OptionGroup var connectionLimits: ConnectionLimitOptions
    @OptionGroup var assetStore: AssetStoreOptions

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        var configuration = ServerConfiguration()
        configuration.host = host ?? environment["REALITY_HOST"] ?? configuration.host
        if let text = port.map(String.init) ?? environment["REALITY_PORT"] {
            guard let value = Int(text), (0...65_535).contains(value) else {
                throw ValidationError("port must be a number from 0 to 65535, not \(text)")
            }
            configuration.port = value
        }
        if let directory = data ?? environment["REALITY_DATA"] {
            configuration.dataDirectory = URL(fileURLWithPath: directory, isDirectory: true)
        }
        configuration.postgresURL = postgres ?? environment["REALITY_POSTGRES_URL"]
        configuration.adminToken = adminToken ?? environment["REALITY_ADMIN_TOKEN"]
        if let text = maxAssetBytes.map(String.init) ?? environment["REALITY_MAX_ASSET_BYTES"] {
            configuration.maxAssetBytes = try Self.positive(
                text, Int.init, "max-asset-bytes", "a positive number of bytes")
        }
        if let text = rateLimit.map({ "\($0)" }) ?? environment["REALITY_RATE_LIMIT"] {
            configuration.rateLimitPerSecond = try Self.positive(
                text, { Double($0).flatMap { $0.isFinite ? $0 : nil } }, "rate-limit",
                "a positive, finite number of requests per second")
        }
        if let text = rateBurst.map(String.init) ?? environment["REALITY_RATE_BURST"] {
            configuration.rateLimitBurst = try Self.positive(
                text, Int.init, "rate-burst", "a positive number of requests")
        }
        if let text = sessionIdle ?? environment["REALITY_SESSION_IDLE"] {
            configuration.sessionLifetimes.idle = try Self.lifetime(text, "session-idle")
        }
        if let text = sessionMax ?? environment["REALITY_SESSION_MAX"] {
            configuration.sessionLifetimes.maximum = try Self.lifetime(text, "session-max")
        }
        if let text = passwordCost.map(String.init) ?? environment["REALITY_PASSWORD_COST"] {
            guard let value = UInt8(text), Self.passwordCosts.contains(value) else {
                throw ValidationError(
                    "password-cost must be a number from \(Self.passwordCosts.lowerBound) to \(Self.passwordCosts.upperBound), not \(text)"
                )
            }
            configuration.bcryptCost = value
        }
        configuration.connectionLimits = try connectionLimits.limits(environment: environment)
        configuration.assetStore = try assetStore.location(environment: environment)
        let levelName = logLevel ?? environment["REALITY_LOG_LEVEL"] ?? Logger.Level.info.rawValue
        guard let level = Logger.Level(rawValue: levelName.lowercased()) else {
            throw ValidationError(
                "log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \(levelName)"
            )
        }
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: level) }
        ServerThreads.runTasksOnEventLoops()
        SQLiteProcessSettings.disableMemoryStatistics()
        do {
            try await runServer(configuration)
        } catch let error as ServerStartError {
            FileHandle.standardError.write(Data("reality serve: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// The costs bcrypt takes.
    fileprivate static let passwordCosts: ClosedRange<UInt8> = 4...31

    /// Parses `text` as a session lifetime, or says which option was wrong and why.
    private static func lifetime(_ text: String, _ option: String) throws -> TimeInterval {
        guard let value = SessionLifetimes.parseDuration(text) else {
            throw ValidationError("\(option) must be a positive duration such as 90m, 12h or 30d, not \(text)")
        }
        return value
    }

    /// Parses `text` with `parse` as a positive number, or says which option was wrong and why.
    private static func positive<Value: Numeric & Comparable>(
        _ text: String, _ parse: (String) -> Value?, _ option: String, _ expected: String
    ) throws -> Value {
        guard let value = parse(text), value > 0 else {
            throw ValidationError("\(option) must be \(expected), not \(text)")
        }
        return value
    }
}
