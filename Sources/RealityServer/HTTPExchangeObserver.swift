import NIOCore
import NIOHTTP1

/// Sits behind the HTTP decoder and the upgrade handler, where the decoded request parts and
/// the encoded response parts of the connection's HTTP/1.1 exchanges pass, and tells its
/// ``ConnectionGuard`` where requests and responses begin and end. It also catches the decoder's
/// refusals of a head (which the guard answers), and answers a WebSocket upgrade refused by a
/// cap with that cap's error (``UpgradeRefusal``) instead of the upgrade layer's empty 400.
///
/// Once the connection becomes a WebSocket it only passes things on: the bytes and frames that
/// follow are not HTTP parts.
final class HTTPExchangeObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connection: ConnectionGuard
    private var isWebSocket = false
    /// The answer to send in place of the failed upgrade's 400.
    private var refusal: EarlyResponse?

    init(connection: ConnectionGuard) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !isWebSocket {
            switch unwrapInboundIn(data) {
            case .head: connection.headArrived()
            case .end: connection.requestEnded()
            case .body: break
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard !isWebSocket else {
            context.write(data, promise: promise)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(var head) where refusal != nil && head.status == .badRequest:
            let response = refusal!
            refusal = nil
            head.status = HTTPResponseStatus(statusCode: Int(response.error.status.code))
            head.headers = HTTPHeaders(response.headerFields)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(response.body))), promise: promise)
        case .end:
            connection.responseEnded()
            context.write(data, promise: promise)
        case .head, .body:
            context.write(data, promise: promise)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let refusal as UpgradeRefusal:
            self.refusal = refusal.response
        case is HTTPServerUpgradeEvents:
            isWebSocket = true
            connection.upgraded()
            context.fireUserInboundEventTriggered(event)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !isWebSocket, let error = error as? HTTPParserError, connection.headRefused(error) { return }
        context.fireErrorCaught(error)
    }
}
