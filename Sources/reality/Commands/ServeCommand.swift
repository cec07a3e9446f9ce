import ArgumentParser
import Foundation
import RealityServer

/// `reality serve [--host H] [--port P] [--data DIR] [--postgres URL] [--admin-token T]`: the API
/// server (SPEC C8). Each option falls back to its environment variable, then to the default.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the API and sync server.",
        discussion: """
            Options fall back to REALITY_HOST, REALITY_PORT, REALITY_DATA, REALITY_POSTGRES_URL, \
            REALITY_ADMIN_TOKEN and REALITY_MAX_ASSET_BYTES. Stops gracefully on SIGINT or SIGTERM.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "Address to listen on (default 127.0.0.1).") var host: String?
    @Option(help: "Port to listen on (default 8080).") var port: Int?
    @Option(help: "Directory for the SQLite database and assets (default ./reality-data).") var data: String?
    @Option(help: "PostgreSQL URL (postgres://user:password@host:port/database); replaces SQLite.") var postgres: String?
    @Option(help: "Token that authorises /api/v1/admin routes.") var adminToken: String?
    @Option(help: "Largest asset upload in bytes (default 52428800, 50 MiB).") var maxAssetBytes: Int?

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
            guard let value = Int(text), value > 0 else {
                throw ValidationError("max-asset-bytes must be a positive number of bytes, not \(text)")
            }
            configuration.maxAssetBytes = value
        }
        ServerThreads.runTasksOnEventLoops()
        do {
            try await runServer(configuration)
        } catch let error as ServerStartError {
            FileHandle.standardError.write(Data("reality serve: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
    }
}
