import Foundation
import RealityTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `reality serve` shuts down gracefully on SIGTERM and SIGINT: the request in flight is
/// finished and answered, no new connection is accepted, connections left idle (never used, or
/// kept alive after a response) are closed, and the process exits with status 0.
extension DeviceSyncTests {
    @Suite struct ServerShutdownTests {
        @Test(arguments: Backend.allCases, [SIGTERM, SIGINT])
        func aSignal_finishesTheRequestInFlight_thenExits(backend: Backend, signal: Int32) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let ana = try await harness.register("Ana")
                let body = [UInt8](repeating: 0x2A, count: 2_000)
                let socket = try LoopbackSocket(port: server.port)
                defer { socket.close() }
                try socket.send(uploadHead(port: server.port, token: ana.token, length: body.count))
                try socket.send(Array(body.prefix(1_000)))
                // The upload is in flight, waiting for the rest of its body, when the signal comes.
                try await Task.sleep(for: .milliseconds(300))
                server.send(signal)
                try await Task.sleep(for: .milliseconds(300))
                #expect(server.isRunning, "the server must wait for the request in flight")
                #expect(throws: LoopbackSocket.Failure.self, "no new connection once shutting down") {
                    try LoopbackSocket(port: server.port)
                }
                try socket.send(Array(body.dropFirst(1_000)))
                let head = try await socket.readResponseHead()
                #expect(head.hasPrefix("HTTP/1.1 201"), "\(head)")
                try await expectExit(server, harness)
            }
        }

        /// A connection opened and never used (an HTTP client's pool leaves these) and one kept alive
        /// after its response do not hold the shutdown: the server closes both and exits.
        @Test(arguments: Backend.allCases)
        func idleConnections_doNotHoldTheShutdown(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let silent = try LoopbackSocket(port: server.port)
                defer { silent.close() }
                let keptAlive = try LoopbackSocket(port: server.port)
                defer { keptAlive.close() }
                try keptAlive.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let head = try await keptAlive.readResponseHead()
                #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
                try await Task.sleep(for: .milliseconds(200))
                server.send(SIGTERM)
                try await expectExit(server, harness)
                #expect(try await silent.readResponseHead(orEndOfStream: true).isEmpty, "closed without an answer")
            }
        }

        /// A shutdown that comes while a connection's first request head is only half read still
        /// lets that request finish, and then closes the connection instead of keeping it alive.
        @Test(arguments: Backend.allCases)
        func aShutdownDuringTheFirstHead_answersIt_thenCloses(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let ana = try await harness.register("Ana")
                let socket = try LoopbackSocket(port: server.port)
                defer { socket.close() }
                let head = uploadHead(port: server.port, token: ana.token, length: 3)
                try socket.send(String(head.prefix(20)))
                try await Task.sleep(for: .milliseconds(300))
                server.send(SIGTERM)
                try await Task.sleep(for: .milliseconds(300))
                #expect(server.isRunning, "the server must wait for the request in flight")
                try socket.send(String(head.dropFirst(20)) + "abc")
                let response = try await socket.readResponseHead()
                #expect(response.hasPrefix("HTTP/1.1 201"), "\(response)")
                try await expectExit(server, harness)
            }
        }

        private func uploadHead(port: Int, token: String, length: Int) -> String {
            [
                "POST /api/v1/assets HTTP/1.1", "Host: 127.0.0.1:\(port)", "Authorization: Bearer \(token)",
                "Content-Type: application/octet-stream", "Content-Length: \(length)",
            ].joined(separator: "\r\n") + "\r\n\r\n"
        }

        /// Expects the process to exit with status 0 within a few seconds; if it does not, the test
        /// shows the server's log.
        private func expectExit(_ server: ServerProcess, _ harness: SyncTestServer) async throws {
            let status = try await server.exitStatus(within: .seconds(8))
            let log =
                status == nil
                ? (try? String(contentsOf: harness.directory.appendingPathComponent("server.log"), encoding: .utf8))
                    ?? ""
                : ""
            #expect(status == 0, "the server did not exit; its log:\n\(log)")
        }
    }
}
