import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to a port on loopback, written and read by hand: for requests an HTTP client
/// library will not send (a body sent in halves, an upgrade never followed up).
public final class LoopbackSocket: @unchecked Sendable {
    /// Why a socket operation failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var descriptor: Int32

    /// Connects to `port` on 127.0.0.1.
    public init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close()
            throw Failure(description: "could not connect to port \(port)")
        }
        // A read waits at most this long, so that a server that never answers fails the test
        // instead of hanging it.
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that closes early makes this fail, not kill the process.
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "could not send") }
            sent += count
        }
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Reads until the end of the response's head (the status line and headers), off the
    /// cooperative pool since the read blocks until the server answers. With `orEndOfStream`, a
    /// connection the server closes before sending anything answers an empty string.
    public func readResponseHead(orEndOfStream: Bool = false) async throws -> String {
        try await blocking { try self.readResponseHeadBlocking(orEndOfStream: orEndOfStream) }
    }

    private func readResponseHeadBlocking(orEndOfStream: Bool) throws -> String {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            guard recv(descriptor, &byte, 1, 0) == 1 else {
                if orEndOfStream && head.isEmpty { return "" }
                throw Failure(description: "the connection closed")
            }
            head.append(byte)
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// Reads everything the server sends until it closes the connection, off the cooperative
    /// pool; fails if the server neither sends nor closes within the read timeout.
    public func readUntilClosed() async throws -> String {
        try await blocking { try self.readUntilClosedBlocking() }
    }

    private func readUntilClosedBlocking() throws -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { return String(decoding: received, as: UTF8.self) }
            guard count > 0 else {
                let reason = errno == ECONNRESET ? "was reset" : "stayed open"
                throw Failure(description: "the connection \(reason) after \(received.count) bytes")
            }
            received += chunk[0..<count]
        }
    }

    /// Closes the connection.
    public func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    deinit { close() }
}
