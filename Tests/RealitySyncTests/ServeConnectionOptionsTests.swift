import Foundation
import RealityProcess
import RealityTestSupport
import Testing

/// `reality serve`'s header timeout and connection caps, as an operator sets them.
extension DeviceSyncTests {
    @Suite struct ServeConnectionOptionsTests {
        // Nonsense option values are rows of ServeOptionsTests.nonsenseOptions_stopTheServer_namingTheOption.

        /// The environment variables are read and checked the same way.
        @Test(arguments: [
            ("REALITY_HEADER_TIMEOUT", "-1", "header-timeout"),
            ("REALITY_MAX_CONNECTIONS_PER_ADDRESS", "0", "max-connections-per-address"),
            ("REALITY_MAX_CONNECTIONS", "x", "max-connections"),
            ("REALITY_MAX_SOCKETS_PER_USER", "0", "max-sockets-per-user"),
        ])
        func nonsenseVariables_stopTheServer_namingTheOption(variable: String, value: String, option: String)
            async throws
        {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-options-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let process = try ChildProcess(
                ServerProcess.executable.path, ["serve", "--port", "0", "--data", directory.path],
                environment: ProcessInfo.processInfo.environment.merging([variable: value]) { $1 }, output: .null)
            let error = try #require(process.standardError)
            let complaint = try await blocking { error.readDataToEndOfFile() }
            #expect(try await process.exit() != 0)
            #expect(
                String(decoding: complaint, as: UTF8.self).contains(option),
                "\(String(decoding: complaint, as: UTF8.self))")
        }

        /// `--header-timeout` closes requests whose head does not arrive in time with a 408, and the
        /// log says so in one warning line however many there are, not in an error per connection.
        @Test(.timeLimit(.minutes(1)))
        func theHeaderTimeout_answers408_andLogsOneLine() async throws {
            try await SyncTestServer.withServerProcess(.sqlite, arguments: ["--header-timeout", "1"]) { server, _ in
                let sockets = try (0..<5).map { _ in
                    let socket = try LoopbackSocket(port: server.port)
                    try socket.send("GET /health HTTP/1.1\r\nHost: x\r\n")
                    return socket
                }
                defer { sockets.forEach { $0.close() } }
                for socket in sockets {
                    let answer = try await socket.readUntilClosed()
                    #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
                }
                let lines = server.output.split(separator: "\n")
                let warnings = lines.filter { $0.contains("log.kind=http.head_rejected.timeout") }
                #expect(warnings.count == 1, "\(server.output.suffix(2_000))")
                #expect(warnings.first?.contains(" warning ") == true, "\(warnings)")
                #expect(!lines.contains { $0.contains(" error ") }, "\(server.output.suffix(2_000))")
            }
        }

        /// A request line or headers too large are answered 414 or 431 with the error body, and
        /// the connection is closed.
        @Test(
            .timeLimit(.minutes(1)),
            arguments: [
                (
                    "GET /\(String(repeating: "a", count: 90_000)) HTTP/1.1\r\nHost: x\r\n\r\n", "HTTP/1.1 414",
                    "uri_too_long"
                ),
                (
                    "GET /health HTTP/1.1\r\nX-Filler: \(String(repeating: "a", count: 90_000))\r\n\r\n",
                    "HTTP/1.1 431",
                    "headers_too_large"
                ),
            ])
        func aHeadTooLarge_isAnswered_thenClosed(request: String, status: String, code: String) async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, _ in
                let socket = try LoopbackSocket(port: server.port)
                defer { socket.close() }
                try socket.send(request)
                let answer = try await socket.readUntilClosed()
                #expect(answer.hasPrefix(status), "\(answer.prefix(300))")
                #expect(answer.contains(#""code":"\#(code)""#), "\(answer)")
                #expect(
                    !server.output.split(separator: "\n").contains { $0.contains(" error ") },
                    "\(server.output.suffix(2_000))")
            }
        }

        /// `--max-connections-per-address` closes the connections one address opens past it.
        @Test(.timeLimit(.minutes(1)))
        func thePerAddressCap_closesConnectionsPastIt() async throws {
            try await SyncTestServer.withServerProcess(.sqlite, arguments: ["--max-connections-per-address", "3"]) {
                server, _ in
                var served: [LoopbackSocket] = []
                defer { served.forEach { $0.close() } }
                var refused = 0
                for _ in 0..<6 {
                    let socket = try LoopbackSocket(port: server.port)
                    served.append(socket)
                    let head: String
                    do {
                        try socket.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
                        head = try await socket.readResponseHead(orEndOfStream: true)
                    } catch {
                        head = ""
                    }
                    if !head.hasPrefix("HTTP/1.1 200") { refused += 1 }
                }
                // The harness's own client may hold one of the three.
                #expect(refused >= 3 && refused <= 4, "\(refused) refused")
                #expect(
                    server.output.contains("log.kind=connection.refused.per_address"), "\(server.output.suffix(2_000))")
            }
        }
    }
}
