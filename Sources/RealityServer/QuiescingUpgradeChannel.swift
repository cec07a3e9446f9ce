import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with a WebSocket upgrade, made to end on a graceful shutdown.
///
/// That channel adds the handler that answers a shutdown (and the idle timeout) only once the
/// first request's head has arrived. A connection that a client opens and leaves unused (an HTTP
/// client's pool does this when a request it queued went out on another connection) therefore
/// ignores the shutdown and holds the server up until the client goes away. This channel puts
/// ``FirstRequestGuard`` in front of the pipeline to close such connections.
struct QuiescingUpgradeChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value

    let base: HTTP1WebSocketUpgradeChannel
    /// How long a new connection may stay silent before it is closed.
    let firstRequestTimeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(
                FirstRequestGuard(timeout: firstRequestTimeout), position: .first)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with upgrades to WebSocket through `webSocketRouter`, on a
    /// ``QuiescingUpgradeChannel``.
    static func quiescingWebSocketUpgrade(
        webSocketRouter: Router<EventsRequestContext>,
        configuration: HTTP1WebSocketUpgradeChannel.Configuration,
        firstRequestTimeout: TimeAmount
    ) -> HTTPServerBuilder {
        let webSocketResponder = webSocketRouter.buildResponder()
        return HTTPServerBuilder { responder in
            QuiescingUpgradeChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                firstRequestTimeout: firstRequestTimeout)
        }
    }
}

/// The first handler of a connection's pipeline, seeing raw bytes. Until the connection's first
/// request is under way, it closes the connection on a shutdown (`ChannelShouldQuiesceEvent`) or
/// when the connection stays silent for `timeout`. A shutdown that comes while the first request
/// is being read is passed on again once the HTTP handlers are in place, so that the connection
/// closes after its response instead of staying open for the next request.
final class FirstRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        /// Nothing read yet.
        case silent
        /// Bytes arrived; a shutdown has not been asked for.
        case started
        /// Bytes arrived and a shutdown was asked for before the HTTP handlers could hear it.
        case shutdownPending
        /// Nothing left to do: the shutdown reached the HTTP handlers, or the connection closes.
        case done
    }

    private let timeout: TimeAmount
    private var state = State.silent
    private var silenceTimer: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        silenceTimer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            guard case .silent = state else { return }
            state = .done
            loopBound.value.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        silenceTimer?.cancel()
        silenceTimer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .silent = state {
            state = .started
            silenceTimer?.cancel()
            silenceTimer = nil
        }
        context.fireChannelRead(data)
        passOnPendingShutdown(context: context)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // A response's head comes through here before its end, while the HTTP handlers still
        // count the request as in flight: they close the connection once the response is out.
        passOnPendingShutdown(context: context)
        context.write(data, promise: promise)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        switch state {
        case .silent:
            state = .done
            context.close(promise: nil)
        case .started:
            state = hasHTTPHandlers(context) ? .done : .shutdownPending
            context.fireUserInboundEventTriggered(event)
        case .shutdownPending, .done:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Once the HTTP handlers exist, hands them the shutdown that came before them.
    private func passOnPendingShutdown(context: ChannelHandlerContext) {
        guard case .shutdownPending = state, hasHTTPHandlers(context) else { return }
        state = .done
        context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }

    private func hasHTTPHandlers(_ context: ChannelHandlerContext) -> Bool {
        (try? context.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)) != nil
    }
}
