import Hummingbird
import Logging
import NIOCore
import RealityAPI
import RealityCore

/// A request context that carries the signed-in user: the HTTP routes' (``APIRequestContext``)
/// and the live-events socket's (``EventsRequestContext``).
public protocol UserRequestContext: RequestContext {
    /// The signed-in user; nil until authentication succeeds.
    var userID: UserID? { get set }
    /// The SHA-256 of the bearer token the user signed in with (for logout).
    var tokenHash: String? { get set }
}

extension UserRequestContext {
    /// The signed-in user, or a 401.
    public func requireUser() throws -> UserID {
        guard let userID else { throw APIError.unauthorized }
        return userID
    }
}

/// The request context of every HTTP route: Hummingbird's core storage, the authenticated user
/// (set by ``GatewayMiddleware``) and the caller's address for anonymous rate limits. The upgrade
/// to a WebSocket has a context of its own (``EventsRequestContext``), so that the requests of
/// every other route do not each make a place for a WebSocket handler.
public struct APIRequestContext: UserRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user; nil until authentication succeeds.
    public var userID: UserID?
    /// The SHA-256 of the bearer token the user signed in with (for logout).
    public var tokenHash: String?
    /// The most bytes the request's body may have: its route's declared limit
    /// (``APIRoute/bodyLimit``), set by ``GatewayMiddleware`` before the route runs.
    public internal(set) var maxBodyBytes = 0
    /// The query parameters the request's route declares (``APIRoute/query``), set by
    /// ``GatewayMiddleware`` before the route runs; handlers read the query through them
    /// (``query(of:)``).
    public internal(set) var declaredQuery: [APIRoute.QueryParameter]?
    /// The peer's address, as the channel knew it when the request arrived.
    private let peer: SocketAddress?

    /// A context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.peer = source.channel.remoteAddress
    }

    /// The peer's IP address, or "unknown": written out only when asked for (the rate limit of
    /// anonymous requests), not for every request.
    public var remoteAddress: String { peer?.ipAddress ?? "unknown" }
}
