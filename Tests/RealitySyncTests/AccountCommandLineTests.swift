import Foundation
import RealityAPI
import RealityCore
import RealitySync
import Testing

extension DeviceCommandLineTests {
    /// The account commands of `reality` run as processes against `reality serve`: passwords from
    /// standard input (never the command line), `sessions`, `sessions revoke`, `password`, and a sync
    /// whose session the server ended, which stops (with or without --watch) and says to log in again.
    @Suite struct AccountCommandLineTests {
        struct ErrorLine: Decodable {
            struct Body: Decodable {
                var code: String
                var message: String
            }
            var error: Body
        }

        struct Listed: Decodable {
            var id: UUID
            var deviceName: String?
            var current: Bool
        }

        @Test func passwordsFromStandardInput_sessionsListedAndRevoked_andAPasswordChange() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
                let laptop = CommandLineRunner(store: harness.directory.appendingPathComponent("laptop.sqlite").path)
                let account = ["--server", server.url, "--email", "ana@example.com", "--password-stdin"]

                let registered = try await phone.run(["register"] + account, input: "correct horse\n")
                #expect(registered.status == 0, "\(registered.error)")
                for device in [tablet, laptop] {
                    let signedIn = try await device.run(["login"] + account, input: "correct horse\n")
                    #expect(signedIn.status == 0, "\(signedIn.error)")
                }
                // Without a terminal and without --password-stdin there is nobody to ask: refused.
                let noTerminal = try await CommandLineRunner(
                    store: harness.directory.appendingPathComponent("x.sqlite").path
                )
                .run(["login", "--server", server.url, "--email", "ana@example.com"])
                #expect(noTerminal.status == 3 && noTerminal.error.contains("--password-stdin"), "\(noTerminal.error)")

                let listed: [Listed] = try await phone.run("sessions").decode()
                #expect(listed.count == 3)
                #expect(listed.filter(\.current).count == 1)
                #expect(listed.allSatisfy { $0.deviceName?.hasPrefix("reality CLI on ") == true })

                let tabletSessions: [Listed] = try await tablet.run("sessions", "list").decode()
                let tabletID = try #require(tabletSessions.first { $0.current }).id
                #expect(try await phone.run("sessions", "revoke", tabletID.uuidString).status == 0)
                let ended = try await tablet.run("sync")
                #expect(ended.status == 5)
                let line = try RealityJSON.decode(ErrorLine.self, from: Data(ended.error.utf8))
                #expect(
                    line.error.code == "session_ended" && line.error.message.contains("reality login"), "\(ended.error)"
                )

                let others = try await phone.run("sessions", "revoke", "--others")
                #expect(others.status == 0)
                #expect(try others.decode(RevokedSessions.self).revoked == 1, "the laptop")
                #expect(try await laptop.run("sync").status == 5)
                #expect(try await phone.run("sessions", "revoke").status != 0, "an ID or --others is needed")

                let wrong = try await phone.run(
                    ["password", "--password-stdin"], input: "not the one\nmauve lantern 88\n")
                #expect(wrong.status != 0)
                let changed = try await phone.run(
                    ["password", "--password-stdin"], input: "correct horse\nmauve lantern 88\n")
                #expect(changed.status == 0, "\(changed.error)")
                #expect(try await phone.run("sync").status == 0, "this device stays signed in")
                let old = try await tablet.run(["login"] + account, input: "correct horse\n")
                #expect(old.status != 0)
                #expect(try await tablet.run(["login"] + account, input: "mauve lantern 88\n").status == 0)
            }
        }

        @Test func anExpiredSession_endsSync_withAMessageToLogInAgain() async throws {
            try await SyncTestServer.withServerProcess(.sqlite, arguments: ["--session-idle", "1s"]) {
                server, harness in
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let account = ["--server", server.url, "--email", "ana@example.com", "--password-stdin"]
                #expect(try await phone.run(["register"] + account, input: "correct horse\n").status == 0)
                try await Task.sleep(for: .milliseconds(1_500))
                let started = ContinuousClock.now
                let ended = try await phone.run("sync")
                #expect(ended.status == 5)
                #expect(ContinuousClock.now - started < .seconds(10), "no retrying")
                let line = try RealityJSON.decode(ErrorLine.self, from: Data(ended.error.utf8))
                #expect(line.error.code == "session_expired")
                #expect(line.error.message.contains("reality login"), "\(line.error.message)")
                // `--watch` stops too, rather than retrying for ever.
                let watched = try await phone.run("sync", "--watch")
                #expect(watched.status == 5)
                #expect(watched.error.contains("session_expired"), "\(watched.error)")
            }
        }
    }
}
