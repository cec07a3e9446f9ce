import Foundation
import HTTPTypes

/// How a browser signs in to the live-events socket: it cannot set `Authorization` on a
/// WebSocket, so it offers two subprotocols, ``protocolName`` and ``tokenPrefix`` followed by its
/// session token, and the server answers with ``protocolName`` alone. The token travels only in the
/// upgrade request, as a bearer token would, and is never echoed back.
enum WebSocketToken {
    /// The subprotocol of the live events, which the server names in its answer.
    static let protocolName = "reality-events"
    /// What the subprotocol carrying the token starts with.
    static let tokenPrefix = "reality-bearer."

    /// The token offered in `headers`' `Sec-WebSocket-Protocol` list; nil when none is offered. More
    /// than one token, or an empty or overlong one, is a 401.
    static func token(in headers: HTTPFields) throws -> String? {
        var found: String?
        for offered in offeredProtocols(in: headers) where offered.hasPrefix(tokenPrefix) {
            let token = String(offered.dropFirst(tokenPrefix.count))
            guard found == nil, !token.isEmpty, token.utf8.count <= BearerToken.maximumLength else {
                throw APIError.unauthorized
            }
            found = token
        }
        return found
    }

    /// Whether the request offers ``protocolName``, so that the answer must name it.
    static func isOffered(in headers: HTTPFields) -> Bool {
        offeredProtocols(in: headers).contains(protocolName)
    }

    private static func offeredProtocols(in headers: HTTPFields) -> [String] {
        headers[values: .secWebSocketProtocol].flatMap { value in
            value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
