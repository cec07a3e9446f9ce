import Hummingbird
import HummingbirdWebSocket
import NIOCore
import RealityCore

/// The context of a request to upgrade to the live-events WebSocket (`GET /api/v1/events`):
/// Hummingbird's core storage, the user (set by ``AuthenticationMiddleware``) and where the
/// upgrade hands its handler to the server.
public struct EventsRequestContext: UserRequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The signed-in user; nil until authentication succeeds.
    public var userID: UserID?
    /// The SHA-256 of the bearer token the user signed in with.
    public var tokenHash: String?
    /// Where an upgrade to a WebSocket hands its handler to the server.
    public let webSocket = WebSocketHandlerReference<EventsRequestContext>()
    /// The connection the upgrade request arrived on: a socket's share of the per-user cap is
    /// held until it closes.
    let channel: any Channel

    /// A context for an upgrade request arriving on `source.channel`.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
