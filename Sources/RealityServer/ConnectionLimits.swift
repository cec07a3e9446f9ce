/// What one client may hold of the server's connections (issue 17, part 4): how long a request's
/// head may take to arrive, how many connections one address and everyone together may keep
/// open, and how many live-event sockets one user may keep open.
public struct ConnectionLimits: Sendable, Equatable {
    /// How long a request may take from its first byte to the end of its head (request line and
    /// headers); then it is answered 408 and its connection closed. A connection's first request
    /// also waits here for the server's check of a WebSocket upgrade.
    public var headerTimeout: Duration
    /// Connections one remote address may keep open at once; more are closed as they arrive.
    public var maxConnectionsPerAddress: Int
    /// Connections all clients together may keep open at once; more are closed as they arrive.
    public var maxConnections: Int
    /// Live-event sockets (`GET /api/v1/events`) one user may keep open at once; more are
    /// refused with 429.
    public var maxSocketsPerUser: Int

    /// The documented defaults.
    public init(
        headerTimeout: Duration = .seconds(10),
        maxConnectionsPerAddress: Int = 256,
        maxConnections: Int = 10_000,
        maxSocketsPerUser: Int = 16
    ) {
        self.headerTimeout = headerTimeout
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.maxConnections = maxConnections
        self.maxSocketsPerUser = maxSocketsPerUser
    }
}
