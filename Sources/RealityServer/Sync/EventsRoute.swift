import Foundation
import Hummingbird
import HummingbirdWebSocket
import RealityAPI
import RealityCore
import ServiceLifecycle

/// ``APIRoute/events``: upgrades an authenticated request to a WebSocket that carries the
/// caller's live events as JSON text frames until either side closes. The upgrade router answers
/// it, not the HTTP router, so the route holds the upgrade to its declared access rule itself
/// (``AccessPolicy/require(_:request:context:adminToken:)``), as the gateway does for the others.
enum EventsRoute {
    /// The declaration this route serves.
    static let route = APIRoute.events

    /// Adds the route; each user may hold as many sockets as `sockets` allows, and each upgrade
    /// takes a token of the caller's rate limit from `limiter` (the one the HTTP routes use).
    static func add<Store: ServerStore>(
        to router: Router<EventsRequestContext>, hub: EventHub<Store>, limiter: RateLimiter, sockets: LiveSocketQuota
    ) {
        let access = route.access
        let policy = RoutePolicy(route)
        router.ws(RouterPath(route.path)) { request, context in
            // No admin token here: the socket carries a user's events, so an admin rule refuses all.
            try AccessPolicy.require(access, request: request, context: context, adminToken: nil)
            // Whose events to send: the socket needs a user whatever the rule lets in.
            let userID = try context.requireUser()
            try AccessPolicy.limit(policy, caller: .user(userID), with: limiter)
            if let refusal = sockets.take(for: userID, on: context.channel) { throw refusal }
            // A browser offered the events' subprotocol (with its token); the answer must name it.
            return .upgrade(
                WebSocketToken.isOffered(in: request.headers)
                    ? [.secWebSocketProtocol: WebSocketToken.protocolName] : [:])
        } onUpgrade: { inbound, _, context in
            guard let userID = context.requestContext.userID else { return }
            let writer = LiveSocketWriter(channel: context.requestContext.channel)
            let id = try await hub.connect(userID, to: writer)
            defer {
                writer.stop()
                Task { await hub.disconnect(id) }
            }
            // The handler's own task reads (which keeps the client's pings and close answered;
            // the client sends nothing else) and the writer writes only while it has events, so
            // an idle socket costs the server as little as it can: the idle thousands are what a
            // deployment holds (`reality-bench idle`). On graceful shutdown the hub finishes the
            // writer, which closes the input, so the reading ends at once; the WebSocket layer
            // then sends the close frame. Waiting for the client instead would let one silent
            // peer hold the shutdown forever.
            try await withGracefulShutdownHandler {
                for try await _ in inbound {}
            } onGracefulShutdown: {
                writer.finish()
            }
        }
    }
}
