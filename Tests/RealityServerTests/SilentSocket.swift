import Foundation
import RealityTestSupport

/// A TCP client on loopback that sends one WebSocket upgrade request by hand and then stays
/// silent: the misbehaving peer a server must not wait for.
final class SilentSocket: Sendable {
    private let socket: LoopbackSocket

    /// Connects to `port` and asks for a WebSocket at `path`, with `token` if there is one.
    init(port: Int, path: String, token: String?) throws {
        socket = try LoopbackSocket(port: port)
        let lines =
            [
                "GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
            ] + (token.map { ["Authorization: Bearer \($0)"] } ?? [])
        try socket.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
    }

    /// Reads until the end of the response's head (the status line and headers).
    func readResponseHead() async throws -> String {
        try await socket.readResponseHead()
    }

    /// Reads the whole answer, until the server closes the connection.
    func readUntilClosed() async throws -> String {
        try await socket.readUntilClosed()
    }

    /// Closes the connection.
    func close() {
        socket.close()
    }
}
