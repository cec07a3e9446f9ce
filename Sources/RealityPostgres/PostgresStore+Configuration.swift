import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore {
    /// A client configuration from a libpq-style URL,
    /// `postgres://user:password@host:port/database?sslmode=MODE` (`postgresql://` too).
    ///
    /// `sslmode` is `disable`, `prefer` (the default, as libpq's), `require` (encrypted, the
    /// certificate not checked, as libpq's), or `verify-full` (encrypted and verified). A `host`
    /// query item that is a path connects through that directory's Unix socket
    /// (`postgres://user@/db?host=/var/run/postgresql`). Throws ``StoreError/unavailable(detail:)``
    /// for anything else; the message never repeats the password.
    public static func clientConfiguration(url text: String) throws -> PostgresClient.Configuration {
        func invalid(_ reason: String) -> StoreError { StoreError.unavailable(detail: "PostgreSQL URL: \(reason)") }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw invalid("expected postgres://user:password@host:port/database") }
        let username = components.user?.removingPercentEncoding ?? "postgres"
        let password = components.password?.removingPercentEncoding
        var database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = database.removingPercentEncoding ?? database
        let items = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        if let socketDirectory = items["host"], socketDirectory.hasPrefix("/") {
            let port = components.port ?? 5432
            return withSessionSettings(
                PostgresClient.Configuration(
                    unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)", username: username, password: password,
                    database: database.isEmpty ? nil : database))
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("no host") }
        let tls: PostgresClient.Configuration.TLS
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        switch items["sslmode"] ?? "prefer" {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer(unverified)
        case "require": tls = .require(unverified)
        case "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
        case let mode: throw invalid("unknown sslmode \(mode)")
        }
        return withSessionSettings(
            PostgresClient.Configuration(
                host: host, port: components.port ?? 5432, username: username, password: password,
                database: database.isEmpty ? nil : database, tls: tls))
    }

    /// Settings every connection of the store starts with, sent in its startup message.
    ///
    /// `jit = off`: PostgreSQL compiles a statement to machine code when its estimated cost passes
    /// `jit_above_cost`, which the sync feed's statement does whenever the planner's statistics
    /// are behind a bulk write (a device's first push of thousands of notes, before autovacuum
    /// analyses the table): each page of a first sync then spent about 4 seconds compiling and
    /// 25 ms running (`auto_explain`), and a first sync of 50,000 notes took 23 to 45 seconds
    /// instead of 2.5, in two runs of five. The store's statements are short and many; none gains
    /// from compiling.
    public static let sessionSettings: [(name: String, value: String)] = [("jit", "off")]

    /// `configuration` with ``sessionSettings`` added to what its connections start with.
    public static func withSessionSettings(_ configuration: PostgresClient.Configuration)
        -> PostgresClient.Configuration
    {
        var configuration = configuration
        configuration.options.additionalStartupParameters += sessionSettings.map { ($0.name, $0.value) }
        return configuration
    }

}
