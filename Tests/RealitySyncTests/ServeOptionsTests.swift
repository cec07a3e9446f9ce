import AsyncHTTPClient
import Foundation
import RealityTestSupport
import Testing

/// `reality serve`'s options for its limits and its log, as an operator sets them.
extension DeviceSyncTests {
    @Suite struct ServeOptionsTests {
        /// Options that make no sense stop the server before it listens, with a message naming the
        /// option.
        @Test(arguments: [
            (["--rate-limit", "nan"], "rate-limit"), (["--rate-limit", "inf"], "rate-limit"),
            (["--rate-limit", "0"], "rate-limit"), (["--rate-limit=-2"], "rate-limit"),
            (["--rate-burst", "0"], "rate-burst"),
            (["--rate-burst", "many"], "rate-burst"), (["--log-level", "loud"], "log-level"),
            (["--port", "70000"], "port"), (["--max-asset-bytes", "0"], "max-asset-bytes"),
            (["--session-idle", "soon"], "session-idle"), (["--session-idle", "0"], "session-idle"),
            (["--session-max=-3d"], "session-max"), (["--session-max", "12x"], "session-max"),
            (["--header-timeout", "0"], "header-timeout"), (["--header-timeout", "soon"], "header-timeout"),
            (["--header-timeout", "nan"], "header-timeout"), (["--header-timeout", "1e9"], "header-timeout"),
            (["--max-connections-per-address", "0"], "max-connections-per-address"),
            (["--max-connections=-3"], "max-connections"),
            (["--max-sockets-per-user", "many"], "max-sockets-per-user"),
            (["--password-cost", "3"], "password-cost"), (["--password-cost", "32"], "password-cost"),
            (["--password-cost", "twelve"], "password-cost"),
        ])
        func nonsenseOptions_stopTheServer_namingTheOption(arguments: [String], option: String) async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-options-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let runner = CommandLineRunner(store: directory.appendingPathComponent("device.sqlite").path)
            let outcome = try await runner.run(["serve", "--port", "0", "--data", directory.path] + arguments)
            #expect(outcome.status != 0)
            #expect(outcome.error.contains(option), "\(outcome.error)")
        }

        /// A second server on a data directory another one serves stops before it listens, and the
        /// first goes on serving.
        @Test func aSecondServerOnTheSameData_stops() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let data = harness.directory.appendingPathComponent("data").path
                let runner = CommandLineRunner(store: harness.directory.appendingPathComponent("device.sqlite").path)
                let outcome = try await runner.run(["serve", "--port", "0", "--data", data])
                #expect(outcome.status != 0)
                #expect(outcome.error.contains("\(data) is in use: another server (process "), "\(outcome.error)")
                #expect(try await get(server.url + "/health", token: nil, harness).status == .ok)
            }
        }

        /// `--rate-burst` and `--rate-limit` set each user's bucket.
        @Test func theRateOptions_limitEachUser() async throws {
            try await SyncTestServer.withServerProcess(
                .sqlite, arguments: ["--rate-burst", "3", "--rate-limit", "0.01"]
            ) {
                server, harness in
                let ana = try await harness.register("Ana")
                var statuses: [UInt] = []
                for _ in 0..<4 {
                    statuses.append(try await get(server.url + "/api/v1/me", token: ana.token, harness).status.code)
                }
                #expect(statuses == [200, 200, 200, 429])
            }
        }

        /// Each request writes one line with its ID, method, route and status; the ID is the one the
        /// response carries.
        @Test func eachRequest_logsOneLine_withItsRequestID() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let response = try await get(server.url + "/api/v1/me", token: nil, harness)
                #expect(response.status == .unauthorized)
                let id = try #require(response.headers.first(name: "X-Request-ID"))
                let lines = server.output.split(separator: "\n").filter { $0.contains(" hb.request.id=\(id) ") }
                #expect(lines.count == 1, "\(server.output.suffix(2_000))")
                let line = String(lines.first ?? "")
                for part in [
                    " info reality.server: ", "http.method=GET", "http.route=/api/v1/me", "http.status=401",
                    "] request",
                ] {
                    #expect(line.contains(part), "\(line)")
                }
                #expect(!line.contains("user.id="), "\(line)")

                let ana = try await harness.register("Ana")
                let signedIn = try await get(server.url + "/api/v1/me", token: ana.token, harness)
                let signedInID = try #require(signedIn.headers.first(name: "X-Request-ID"))
                let signedInLine = server.output.split(separator: "\n").first {
                    $0.contains(" hb.request.id=\(signedInID) ")
                }
                #expect(signedInLine?.contains(" user.id=\(ana.user.id) ") == true, "\(server.output.suffix(2_000))")
            }
        }

        /// `--log-level warning` leaves the request lines out.
        @Test func aQuieterLevel_leavesRequestLinesOut() async throws {
            try await SyncTestServer.withServerProcess(.sqlite, arguments: ["--log-level", "warning"]) {
                server, harness in
                for _ in 0..<3 { _ = try await get(server.url + "/api/v1/me", token: nil, harness) }
                #expect(!server.output.contains("request.id="), "\(server.output.suffix(2_000))")
            }
        }

        private func get(_ url: String, token: String?, _ harness: SyncTestServer) async throws -> HTTPClientResponse {
            var request = HTTPClientRequest(url: url)
            if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
            return try await harness.client.execute(request, timeout: .seconds(10))
        }
    }
}
