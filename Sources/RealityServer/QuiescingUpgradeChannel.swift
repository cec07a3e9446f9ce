import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with a WebSocket upgrade, made to end on a graceful shutdown and
/// to hold no connection for nothing.
///
/// A new connection is first counted by ``ConnectionAdmission``: over a cap it is closed before
/// any HTTP handler is made. Otherwise ``ConnectionGuard`` goes in front of the pipeline (it
/// closes silent connections, including on a shutdown, which Hummingbird's handlers only hear of
/// once a request's head has arrived; and answers heads too slow, too large or unreadable) and
/// ``HTTPExchangeObserver`` behind the HTTP decoder (it tells the guard where requests begin and
/// end).
struct QuiescingUpgradeChannel: ServerChildChannel {
    /// The upgrade channel's own value, or none for a connection refused on arrival.
    struct Value: ServerChildChannelValue {
        let channel: any Channel
        let upgrade: HTTP1WebSocketUpgradeChannel.Value?
    }

    let base: HTTP1WebSocketUpgradeChannel
    let admission: ConnectionAdmission
    let guardSettings: ConnectionGuard.Settings

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        guard admission.admit(channel) else {
            return channel.eventLoop.makeSucceededFuture(Value(channel: channel, upgrade: nil))
        }
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let connection = ConnectionGuard(settings: guardSettings)
            try channel.pipeline.syncOperations.addHandler(connection, position: .first)
            // Last for now, so behind the decoder and the upgrade handler; the HTTP handlers
            // Hummingbird adds once the first head is in go behind it.
            try channel.pipeline.syncOperations.addHandler(HTTPExchangeObserver(connection: connection))
            return Value(channel: channel, upgrade: value)
        }
    }

    func handle(value: Value, logger: Logger) async {
        guard let upgrade = value.upgrade else { return }
        await base.handle(value: upgrade, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with upgrades to WebSocket through `webSocketRouter`, on a
    /// ``QuiescingUpgradeChannel``.
    static func quiescingWebSocketUpgrade(
        webSocketRouter: Router<EventsRequestContext>,
        configuration: HTTP1WebSocketUpgradeChannel.Configuration,
        firstRequestTimeout: TimeAmount,
        limits: ConnectionLimits,
        metrics: ConnectionMetrics,
        log: ThrottledLog
    ) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        let admission = ConnectionAdmission(limits: limits, metrics: metrics, log: log)
        let settings = ConnectionGuard.Settings(
            firstRequestTimeout: firstRequestTimeout, headerTimeout: TimeAmount(limits.headerTimeout),
            fieldSizeLimit: configuration.http1.httpDecoder.maxHeaderFieldSize,
            headSizeLimit: configuration.http1.httpDecoder.maxHeaderListSize, metrics: metrics, log: log)
        return HTTPServerBuilder { responder in
            QuiescingUpgradeChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                admission: admission, guardSettings: settings)
        }
    }
}
