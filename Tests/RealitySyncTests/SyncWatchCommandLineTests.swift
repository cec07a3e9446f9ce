import Foundation
import RealityCore
import RealitySync
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DeviceCommandLineTests {
    /// `reality sync --watch` as a person runs it beside other commands (issue 16): it pushes what
    /// another `reality` process commits to the same store within seconds, prints a banner and a
    /// line per pushed or pulled batch as they happen (JSON lines with `--json`) though its output is
    /// a pipe, and Ctrl-C or SIGTERM end it with exit code 0.
    @Suite struct SyncWatchCommandLineTests {
        /// One line of `reality sync --watch --json`, the parts the tests read.
        struct Event: Decodable {
            var event: String
            var at: Date
            var saved: Int?
        }

        @Test func watch_pushesAnotherProcesssNote_printsJSONLines_andExitsZeroOnSIGINT() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let storeA = harness.directory.appendingPathComponent("a.sqlite").path
                let shell = CommandLineRunner(store: storeA)
                let other = CommandLineRunner(store: harness.directory.appendingPathComponent("b.sqlite").path)
                let credentials = [
                    "--server", server.url, "--email", "watch@example.com", "--password", "correct horse",
                ]
                #expect(try await shell.run(["register"] + credentials).status == 0)
                let first: Annotation = try await shell.run("annotation", "create", "--text", "first", "--at", "0,0,0")
                    .decode()
                #expect(try await other.run(["login"] + credentials).status == 0)

                let watch = try WatchProcess(store: storeA, arguments: ["--json"])
                let banner = try await watch.line(within: .seconds(20)) { $0.contains("\"watching\"") }
                #expect(banner != nil, "no banner: \(watch.printed)")
                // The first full sync pushes what was there before.
                #expect(try await watch.line(within: .seconds(20)) { $0.contains("\"pushed\"") } != nil)

                // Another process commits to the same store; the watch pushes it, the other device pulls it.
                let note: Annotation = try await shell.run(
                    "annotation", "create", "--layer", first.layerID.uuidString, "--text", "from another shell", "--at",
                    "1,2,3"
                ).decode()
                let started = ContinuousClock.now
                var arrived = false
                while !arrived, ContinuousClock.now - started < .seconds(10) {
                    #expect(try await other.run("sync").status == 0)
                    arrived = try await other.run("annotation", "show", note.id.uuidString).status == 0
                    if !arrived { try await Task.sleep(for: .milliseconds(200)) }
                }
                #expect(arrived, "the watch did not push the other process's note within 10 s: \(watch.printed)")
                let elapsed = ContinuousClock.now - started
                #expect(elapsed < .seconds(5), "took \(elapsed)")

                let stopped = try await watch.stop(with: SIGINT)
                #expect(stopped.status == 0, "\(stopped.error)")
                let lines = watch.printed
                let events = lines.compactMap { try? RealityJSON.decode(Event.self, from: Data($0.utf8)) }
                #expect(events.count == lines.count, "every line is one JSON object: \(lines)")
                #expect(events.first?.event == "watching" && events.last?.event == "stopped")
                #expect(events.filter { $0.event == "pushed" }.compactMap(\.saved).reduce(0, +) >= 2)
                #expect(!stopped.error.contains("CancellationError"))
            }
        }

        @Test func watch_forPeople_printsLinesAsTheyHappen_andExitsZeroOnSIGTERM() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let store = harness.directory.appendingPathComponent("a.sqlite").path
                let shell = CommandLineRunner(store: store)
                let credentials = [
                    "--server", server.url, "--email", "people@example.com", "--password", "correct horse",
                ]
                #expect(try await shell.run(["register"] + credentials).status == 0)

                let watch = try WatchProcess(store: store)
                #expect(
                    try await watch.line(within: .seconds(20)) { $0.hasPrefix("Watching ") } != nil, "\(watch.printed)")
                #expect(try await shell.run("annotation", "create", "--text", "hello", "--at", "0,0,0").status == 0)
                let pushed = try await watch.line(within: .seconds(10)) {
                    $0.contains("pushed") && $0.contains("saved")
                }
                #expect(pushed != nil, "\(watch.printed)")

                let stopped = try await watch.stop(with: SIGTERM)
                #expect(stopped.status == 0, "\(stopped.error)")
                #expect(watch.printed.last == "Stopped.")
            }
        }
    }
}
