import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import RealityCore

/// The request context of every route: Hummingbird's core storage, the authenticated user
/// (set by ``GatewayMiddleware``) and the caller's address for anonymous rate limits.
public struct APIRequestContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user; nil until authentication succeeds.
    public var userID: UserID?
    /// The SHA-256 of the bearer token the user signed in with (for logout).
    public var tokenHash: String?
    /// The peer's address, as the channel knew it when the request arrived.
    private let peer: SocketAddress?
    /// Where an upgrade to a WebSocket hands its handler to the server (`GET /api/v1/events`).
    public let webSocket = WebSocketHandlerReference<APIRequestContext>()

    /// A context for a request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.peer = source.channel.remoteAddress
    }

    /// The peer's IP address, or "unknown": written out only when asked for (the rate limit of
    /// anonymous requests), not for every request.
    public var remoteAddress: String { peer?.ipAddress ?? "unknown" }

    /// The signed-in user, or a 401.
    public func requireUser() throws -> UserID {
        guard let userID else { throw APIError.unauthorized }
        return userID
    }
}
