import ArgumentParser
import RealityServer

/// `reality serve`'s options for the header-read timeout and the connection and socket caps
/// (``ConnectionLimits``); each falls back to its environment variable, then to the default.
struct ConnectionLimitOptions: ParsableArguments {
    @Option(help: "Seconds a request may take to send its head, request line and headers (default 10).")
    var headerTimeout: Double?
    @Option(help: "Connections one address may hold open at once (default 256).") var maxConnectionsPerAddress: Int?
    @Option(help: "Connections all clients together may hold open at once (default 10000).") var maxConnections: Int?
    @Option(help: "Live-event sockets one user may hold open at once (default 16).") var maxSocketsPerUser: Int?

    /// The limits these options and `environment` set over the defaults; a value that makes no
    /// sense is a ValidationError naming its option.
    func limits(environment: [String: String]) throws -> ConnectionLimits {
        var limits = ConnectionLimits()
        if let text = headerTimeout.map({ "\($0)" }) ?? environment["REALITY_HEADER_TIMEOUT"] {
            // At most a day: a longer wait is no timeout at all.
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw ValidationError(
                    "header-timeout must be a number of seconds above 0 and at most 86400, not \(text)")
            }
            limits.headerTimeout = .nanoseconds(Int64(seconds * 1e9))
        }
        limits.maxConnectionsPerAddress = try Self.count(
            maxConnectionsPerAddress, environment["REALITY_MAX_CONNECTIONS_PER_ADDRESS"], "max-connections-per-address",
            default: limits.maxConnectionsPerAddress)
        limits.maxConnections = try Self.count(
            maxConnections, environment["REALITY_MAX_CONNECTIONS"], "max-connections", default: limits.maxConnections)
        limits.maxSocketsPerUser = try Self.count(
            maxSocketsPerUser, environment["REALITY_MAX_SOCKETS_PER_USER"], "max-sockets-per-user",
            default: limits.maxSocketsPerUser)
        return limits
    }

    /// The option's value, else the variable's, else `fallback`; a positive whole number.
    private static func count(_ option: Int?, _ variable: String?, _ name: String, default fallback: Int) throws -> Int
    {
        guard let text = option.map(String.init) ?? variable else { return fallback }
        guard let value = Int(text), value > 0 else {
            throw ValidationError("\(name) must be a positive whole number, not \(text)")
        }
        return value
    }
}
