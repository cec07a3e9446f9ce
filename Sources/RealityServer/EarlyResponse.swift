import Foundation
import HTTPTypes
import NIOCore
import RealityCore

/// An error answered below the router, in the API's error body (``APIError``), on a connection
/// that closes after it: a request head too slow, too large or unreadable, or a WebSocket upgrade
/// refused by a cap. These come from channel handlers, which have no `Response` to return.
struct EarlyResponse: Sendable {
    /// The answer.
    let error: APIError

    /// A head that did not arrive within `timeout` (408).
    static func headerTimeout(_ timeout: TimeAmount) -> EarlyResponse {
        EarlyResponse(
            error: APIError(
                .requestTimeout, code: "header_timeout",
                message: "The request's head did not arrive within \(Double(timeout.nanoseconds) / 1e9) s."))
    }

    /// A request line over `limit` bytes (414).
    static func uriTooLong(limit: Int) -> EarlyResponse {
        EarlyResponse(
            error: APIError(
                .uriTooLong, code: "uri_too_long", message: "The request line is longer than \(limit) bytes."))
    }

    /// Headers over `limit` bytes (431).
    static func headersTooLarge(limit: Int) -> EarlyResponse {
        EarlyResponse(
            error: APIError(
                .requestHeaderFieldsTooLarge, code: "headers_too_large",
                message: "The request's headers are larger than \(limit) bytes."))
    }

    /// A head that is not HTTP/1.1 (400).
    static let malformed = EarlyResponse(
        error: APIError(
            .badRequest, code: "bad_request", message: "The request could not be read as HTTP/1.1."))

    /// The JSON body.
    var body: ByteBuffer {
        ByteBuffer(bytes: (try? RealityJSON.encode(error.body)) ?? Data())
    }

    /// The headers that go with ``body``: its type and length, the error's own, and a close.
    var headerFields: [(String, String)] {
        [
            ("Content-Type", "application/json; charset=utf-8"), ("Content-Length", String(body.readableBytes)),
            ("Connection", "close"),
        ] + error.headers.map { ($0.name.rawName, $0.value) }
    }

    /// The whole response as HTTP/1.1 bytes, for a handler that sits below the HTTP encoder.
    var bytes: ByteBuffer {
        let status = error.status
        var buffer = ByteBuffer(string: "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
        for (name, value) in headerFields {
            buffer.writeString("\(name): \(value)\r\n")
        }
        buffer.writeString("\r\n")
        var body = self.body
        buffer.writeBuffer(&body)
        return buffer
    }
}
