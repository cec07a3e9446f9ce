import Foundation
import RealityAPI
import RealityCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension DeviceCommandLineTests {
    /// `reality watch` (issue 20), as processes: it keeps the device in sync and prints each
    /// notification that reaches its user as it arrives, once, and stops cleanly on SIGINT.
    @Suite struct WatchCommandLineTests {
        @Test func watch_printsEachNewNotification_once() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                _ = try await harness.register("Ana")
                _ = try await harness.register("Bo")
                let ana = CommandLineRunner(store: harness.directory.appendingPathComponent("ana.sqlite").path)
                let boStore = harness.directory.appendingPathComponent("bo.sqlite").path
                let bo = CommandLineRunner(store: boStore)
                for (device, email) in [(ana, "ana@example.com"), (bo, "bo@example.com")] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", email, "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                #expect(try await ana.run("annotation", "create", "--text", "Trip", "--at", "1,0,0").status == 0)
                #expect(try await bo.run("sync").status == 0)

                let watch = try WatchProcess(store: boStore, command: ["watch"], arguments: ["--json"])
                #expect(try await watch.line(within: .seconds(20)) { $0.contains("\"watching\"") } != nil)
                // Sharing notifies Bo; his watch hears the live event, pulls, and says so.
                let shared = try await ana.run(
                    "share", "My Annotations", "--with", "bo@example.com", "--level", "comment")
                #expect(shared.status == 0, "\(shared.error)")
                let line = try await watch.line(within: .seconds(20)) { $0.contains("\"notification\"") }
                #expect(line?.contains(#""kind":"shared""#) == true, "\(watch.printed)")
                // A comment on the shared note, with a mention, notifies him again.
                let trip: [Annotation] = try await ana.run("annotation", "list").decode()
                let note = try #require(trip.first { $0.content.text == "Trip" })
                #expect(
                    try await ana.run("comment", "add", note.id.uuidString, "--text", "@Bo bring the tent").status == 0)
                #expect(try await ana.run("sync").status == 0)
                let second = try await watch.line(within: .seconds(20)) { $0.contains(#""kind":"mention""#) }
                #expect(second != nil, "no mention line: \(watch.printed)")
                try await Task.sleep(for: .seconds(1))
                let stopped = try await watch.stop(with: SIGINT)
                #expect(stopped.status == 0, "\(stopped.error)")
                let notifications = watch.printed.filter { $0.contains("\"notification\"") }
                #expect(notifications.count == Set(notifications).count, "each once")
            }
        }
    }
}
