import Hummingbird
import NIOCore

/// The event sent down a connection's pipeline before a WebSocket upgrade is refused, so that
/// ``HTTPExchangeObserver`` answers the refusal's status and error body: the upgrade layer alone
/// answers every refusal with an empty 400.
struct UpgradeRefusal: Sendable {
    /// The answer in place of the upgrade.
    let response: EarlyResponse

    /// Sends `error` to the observer of `channel` and waits until it has it, so that it is there
    /// before the refused upgrade's answer is written.
    static func send(_ error: APIError, on channel: any Channel) async throws {
        let event = UpgradeRefusal(response: EarlyResponse(error: error))
        try await channel.eventLoop.submit { channel.pipeline.fireUserInboundEventTriggered(event) }.get()
    }
}

/// First in the live-events router: an ``APIError`` thrown on the way to the upgrade (a bad
/// token, no token, a cap) becomes the answer to the refused upgrade (``UpgradeRefusal``).
struct UpgradeRefusalMiddleware: RouterMiddleware {
    typealias Context = EventsRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            try await UpgradeRefusal.send(error, on: context.channel)
            throw error
        }
    }
}
