import Foundation
import RealityTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A TCP client on loopback that sends one WebSocket upgrade request by hand and then stays
/// silent: the misbehaving peer a server must not wait for.
final class SilentSocket: @unchecked Sendable {
    private var descriptor: Int32

    /// Connects to `port` and asks for a WebSocket at `path`, with `token` if there is one.
    init(port: Int, path: String, token: String?) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw TestFailure("could not connect to port \(port)") }
        let lines = [
            "GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ] + (token.map { ["Authorization: Bearer \($0)"] } ?? [])
        let request = lines.joined(separator: "\r\n") + "\r\n\r\n"
        let bytes = Array(request.utf8)
        guard send(descriptor, bytes, bytes.count, 0) == bytes.count else { throw TestFailure("could not send") }
    }

    /// Reads until the end of the response's head (the status line and headers), off the
    /// cooperative pool since the read blocks until the server answers.
    func readResponseHead() async throws -> String {
        try await blocking { try self.readResponseHeadBlocking() }
    }

    private func readResponseHeadBlocking() throws -> String {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            guard recv(descriptor, &byte, 1, 0) == 1 else { throw TestFailure("the connection closed") }
            head.append(byte)
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// Closes the connection.
    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
