import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The first handler of a connection's pipeline, seeing raw bytes. It ends connections that
/// would otherwise hold the server's sockets for nothing:
/// - a new connection that stays silent for the first-request timeout is closed, and so is one
///   that is still silent when a shutdown begins (Hummingbird's HTTP handlers, which close idle
///   connections on a shutdown, exist only once a request's head has arrived; the same gap,
///   a silent connection holding up a graceful shutdown, is hummingbird-project/hummingbird#503);
/// - a request whose head (request line and headers) has not all arrived within the header
///   timeout of its first byte is answered 408 and closed;
/// - a head the HTTP decoder refuses (``HTTPExchangeObserver`` reports it) is answered 414, 431
///   or 400 and closed: with no handler of Hummingbird's yet in place on a connection's first
///   request, nothing else would answer, and the connection would stay open.
///
/// It learns where each request begins and ends from ``HTTPExchangeObserver``. A request whose
/// head arrives in one read, as nearly all do, costs it a clock read and a few branches; a timer
/// is armed at most once per header timeout.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// What the guard enforces and where it reports.
    struct Settings: Sendable {
        /// How long a new connection may stay silent.
        var firstRequestTimeout: TimeAmount
        /// How long a request's head may take from its first byte.
        var headerTimeout: TimeAmount
        /// The HTTP decoder's limit on one field, the request line's URI included: a refused head
        /// whose request line is longer was refused for its URI.
        var fieldSizeLimit: Int
        /// The HTTP decoder's limit on the head as a whole.
        var headSizeLimit: Int
        var metrics: ConnectionMetrics
        var log: ThrottledLog
    }

    private enum Phase {
        /// Nothing read yet.
        case silent
        /// Between requests: the next byte begins a head.
        case betweenRequests
        /// A head is arriving: since when, its bytes in earlier reads, and the length of its
        /// request line once a read has shown where that ends.
        case readingHead(since: NIODeadline, bytes: Int, lineLength: Int?)
        /// A request's head has arrived and its end has not.
        case inRequest
        /// The connection is a WebSocket now; nothing left to watch.
        case upgraded
        /// The guard is closing the connection.
        case closing
    }

    /// Where a shutdown (`ChannelShouldQuiesceEvent`) stands.
    private enum Shutdown {
        case notAsked
        /// Asked for while a head was arriving, before the HTTP handlers that act on it existed.
        case pending
        /// Passed on to the HTTP handlers, or nothing to pass on.
        case passedOn
    }

    private let settings: Settings
    private var phase = Phase.silent
    private var shutdown = Shutdown.notAsked
    private var silenceTimer: Scheduled<Void>?
    private var headTimer: Scheduled<Void>?
    /// A head the decoder refused during the read under way, to answer once the read is done.
    private var refusedHead: HTTPParserError?
    /// Requests whose head has arrived and whose response has not ended.
    private var openRequests = 0

    init(settings: Settings) {
        self.settings = settings
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        silenceTimer = context.eventLoop.assumeIsolated().scheduleTask(in: settings.firstRequestTimeout) { [self] in
            guard case .silent = phase else { return }
            closeQuietly(loopBound.value)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimers()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .silent:
            silenceTimer?.cancel()
            silenceTimer = nil
            startHead(context: context)
        case .betweenRequests:
            startHead(context: context)
        case .closing:
            return
        case .readingHead, .inRequest, .upgraded:
            break
        }
        context.fireChannelRead(data)
        if let error = refusedHead {
            refusedHead = nil
            refuse(context: context, error: error, lastRead: unwrapInboundIn(data))
        } else if case .readingHead(let since, let bytes, let lineLength) = phase {
            // The head goes on past this read. Note where its request line ends, once a read
            // shows it, to tell a long URI from long headers should the decoder refuse the head.
            let read = unwrapInboundIn(data)
            phase = .readingHead(
                since: since, bytes: bytes + read.readableBytes,
                lineLength: lineLength ?? read.offsetOfFirstNewline.map { bytes + $0 })
        }
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
            // The client has closed its side of a connection the guard answered: nothing to
            // wait for.
            if case .closing = phase, event as? ChannelEvent == .inputClosed { context.close(promise: nil) }
            return
        }
        switch (phase, shutdown) {
        case (.silent, _):
            closeQuietly(context)
        case (.upgraded, _), (.closing, _):
            context.fireUserInboundEventTriggered(event)
        case (_, .notAsked):
            shutdown = hasHTTPHandlers(context) ? .passedOn : .pending
            context.fireUserInboundEventTriggered(event)
        case (_, .pending), (_, .passedOn):
            context.fireUserInboundEventTriggered(event)
        }
    }

    // MARK: - What HTTPExchangeObserver reports

    /// A request's head has arrived.
    func headArrived() {
        if case .closing = phase { return }
        phase = .inRequest
        openRequests += 1
    }

    /// A request's end has arrived: the next byte begins another request.
    func requestEnded() {
        if case .inRequest = phase { phase = .betweenRequests }
    }

    /// A response has ended.
    func responseEnded() {
        openRequests = max(openRequests - 1, 0)
    }

    /// The connection has become a WebSocket.
    func upgraded() {
        phase = .upgraded
        shutdown = .passedOn
        cancelTimers()
    }

    /// The HTTP decoder refused a head. Answers true when the guard answers it (no response is
    /// under way, so its own cannot interleave with one) or the connection is closing anyway;
    /// false leaves the error to Hummingbird, which answers 400 after the responses under way.
    func headRefused(_ error: HTTPParserError) -> Bool {
        if case .closing = phase { return true }
        guard openRequests == 0 else { return false }
        refusedHead = error
        return true
    }

    // MARK: - Ending connections

    private func startHead(context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        phase = .readingHead(since: now, bytes: 0, lineLength: nil)
        if headTimer == nil { scheduleHeadTimer(context: context, deadline: now + settings.headerTimeout) }
    }

    /// Arms the one head timer. When it fires it looks at the head arriving then, which may be a
    /// later one than the head it was armed for, and waits on for that one's deadline.
    private func scheduleHeadTimer(context: ChannelHandlerContext, deadline: NIODeadline) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            headTimer = nil
            guard case .readingHead(let since, _, _) = phase else { return }
            let due = since + settings.headerTimeout
            if NIODeadline.now() < due {
                scheduleHeadTimer(context: loopBound.value, deadline: due)
            } else {
                timeOut(context: loopBound.value)
            }
        }
    }

    private func timeOut(context: ChannelHandlerContext) {
        report(.timeout, context: context)
        if openRequests == 0 {
            // The client is slow, not sending much: nothing of its is left unread to wait for.
            phase = .closing
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(EarlyResponse.headerTimeout(settings.headerTimeout).bytes))
                .assumeIsolated().whenComplete { [self] _ in closeQuietly(loopBound.value) }
        } else {
            // A response is under way: an answer of ours would interleave with it.
            closeQuietly(context)
        }
    }

    private func refuse(context: ChannelHandlerContext, error: HTTPParserError, lastRead: ByteBuffer) {
        guard case .headerOverflow = error else {
            report(.malformed, context: context)
            respondAndClose(context: context, .malformed)
            return
        }
        var lineLength = lastRead.offsetOfFirstNewline ?? lastRead.readableBytes
        if case .readingHead(_, let bytes, let known) = phase {
            lineLength = known ?? bytes + lineLength
        }
        if lineLength > settings.fieldSizeLimit {
            report(.uriTooLong, context: context)
            respondAndClose(context: context, .uriTooLong(limit: settings.fieldSizeLimit))
        } else {
            report(.headersTooLarge, context: context)
            respondAndClose(context: context, .headersTooLarge(limit: settings.headSizeLimit))
        }
    }

    private func report(_ head: RejectedHead, context: ChannelHandlerContext) {
        settings.metrics.countRejected(head)
        settings.log.warning(
            "http.head_rejected.\(head.rawValue)", "request head answered before any route",
            metadata: [
                "http.rejected": .string(head.rawValue),
                "net.peer.address": .string(context.channel.remoteAddress?.ipAddress ?? "unknown"),
            ])
    }

    /// Writes `response` (which says `Connection: close`) to a head the decoder refused, then
    /// reads and drops what the client
    /// still sends until it closes its side, or for ``lingerTime`` at most, before closing.
    /// Closing at once, with bytes of the client's unread, would reset the connection, and a
    /// reset can make the client's system drop the answer before the client reads it (a large
    /// head is often still being sent). The output stays open meanwhile: ending it first would
    /// make SwiftNIO close the whole channel on the client's close, past the quiet way out of
    /// ``closeQuietly(_:)``.
    private func respondAndClose(context: ChannelHandlerContext, _ response: EarlyResponse) {
        phase = .closing
        cancelTimers()
        context.writeAndFlush(wrapOutboundOut(response.bytes), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        headTimer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingerTime) { [self] in
            closeQuietly(loopBound.value)
        }
    }

    /// How long a connection answered by the guard stays open for its client to close it first.
    static let lingerTime: TimeAmount = .seconds(2)

    /// Closes the connection. Before Hummingbird's HTTP handlers exist, the upgrade handler that
    /// waits for the first head is first told that the input ended: it then gives up as it does
    /// when a client leaves (which Hummingbird logs at trace), not as on a failure (an error line
    /// per connection, which a flood would turn into a flood of lines).
    private func closeQuietly(_ context: ChannelHandlerContext) {
        phase = .closing
        cancelTimers()
        if !hasHTTPHandlers(context) {
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        context.close(promise: nil)
    }

    private func cancelTimers() {
        silenceTimer?.cancel()
        silenceTimer = nil
        headTimer?.cancel()
        headTimer = nil
    }

    /// Once the HTTP handlers exist, hands them the shutdown that came before them.
    private func passOnPendingShutdown(context: ChannelHandlerContext) {
        guard case .pending = shutdown, hasHTTPHandlers(context) else { return }
        shutdown = .passedOn
        context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }

    private func hasHTTPHandlers(_ context: ChannelHandlerContext) -> Bool {
        (try? context.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)) != nil
    }
}

extension ByteBuffer {
    /// Where the first line feed is among the readable bytes, counted from the first of them.
    fileprivate var offsetOfFirstNewline: Int? {
        let view = readableBytesView
        return view.firstIndex(of: UInt8(ascii: "\n")).map { $0 - view.startIndex }
    }
}
