import Foundation
import Logging
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityPostgres
import RealityStore
import RealityTestSupport
import Testing

extension DeviceCommandLineTests {
    /// Out of Box's reminders through the command line, as processes against `reality serve`
    /// (issue 22): scheduled, listed and cancelled with `reality challenge reminders`, refused
    /// without the server; and one due while the server is killed is delivered once after it
    /// starts again.
    @Suite struct ChallengeReminderCommandLineTests {
        @Test(arguments: Backend.allCases) func reminders_andADeliveryAfterARestart(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let ana = try await harness.register("Ana")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let login = try await phone.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                #expect(login.status == 0, "\(login.error)")
                let off = try await phone.run("challenge", "reminders", "--days", "2")
                #expect(off.status != 0 && off.error.contains("notifications"), "\(off.error)")

                let now = Date()
                let prefs = try await phone.run(
                    "challenge", "prefs", "--notifications", "on", "--zone", "UTC", "--window",
                    Self.window(around: now))
                #expect(prefs.status == 0, "\(prefs.error)")
                let made: [ChallengeReminder] = try await phone.run("challenge", "reminders", "--days", "3").decode()
                #expect(made.count == 3 && made.allSatisfy { $0.status == .scheduled })
                let bad = try await phone.run("challenge", "reminders", "--days", "0")
                #expect(bad.status != 0 && bad.error.contains("--days"), "\(bad.error)")
                let two = try await phone.run("challenge", "reminders", "--days", "1", "--random")
                #expect(two.status != 0, "one action at a time")
                let cancelled = try await phone.run("challenge", "reminders", "--cancel", made[0].id.uuidString)
                #expect(cancelled.status == 0, "\(cancelled.error)")
                let all: CancelledReminders = try await phone.run("challenge", "reminders", "--cancel-all").decode()
                #expect(all.cancelled == 2)
                let listed: [ChallengeReminder] = try await phone.run("challenge", "reminders").decode()
                #expect(listed.count == 3 && listed.allSatisfy { $0.status == .cancelled })

                // Due while the server is down: delivered once when it is back.
                try await server.kill()
                #expect(try await phone.run("challenge", "reminders").status == 1, "reminders need the server")
                let due = ChallengeReminder(
                    userID: ana.user.id.rawValue, kind: .random, localDay: LocalDay(now, in: .gmt),
                    dueAt: Date().addingTimeInterval(-1), createdAt: now)
                try await Self.save(due, into: server)
                try await server.start(client: harness.client)
                var delivered: [AppNotification] = []
                for _ in 0..<120 where delivered.isEmpty {
                    try await Task.sleep(for: .milliseconds(500))
                    _ = try await phone.run("sync")
                    delivered = try await phone.run("notifications").decode([AppNotification].self)
                        .filter { $0.type == .challenge }
                }
                #expect(delivered.map(\.id) == [due.id], "delivered once: \(server.output.suffix(500))")
                let after: [ChallengeReminder] = try await phone.run("challenge", "reminders").decode()
                #expect(after.first { $0.id == due.id }?.status == .delivered)
            }
        }

        /// A reminder window, `HH:mm-HH:mm` in UTC, from an hour before `now` to two hours after.
        static func window(around now: Date) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            func clock(_ offset: TimeInterval) -> String {
                let parts = calendar.dateComponents([.hour, .minute], from: now.addingTimeInterval(offset))
                return String(format: "%02d:%02d", parts.hour!, parts.minute!)
            }
            return "\(clock(-3_600))-\(clock(7_200))"
        }

        /// Writes `reminder` into `server`'s own store while it is down.
        static func save(_ reminder: ChallengeReminder, into server: ServerProcess) async throws {
            if let url = server.postgresURL {
                try await PostgresStore.withStore(
                    configuration: try PostgresStore.clientConfiguration(url: url),
                    logger: Logger(label: "reality.tests")
                ) { store in try await store.saveReminders([reminder]) }
            } else {
                try await SQLiteServerStore.open(path: server.sqlitePath).saveReminders([reminder])
            }
        }
    }
}

extension DeviceCommandLineTests.ChallengeReminderCommandLineTests {
    /// `reality challenge reminders --watch` prints a reminder as the server delivers it.
    @Test func watch_printsTheReminder_asItIsDelivered() async throws {
        try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
            let ana = try await harness.register("Ana")
            let anaStore = harness.directory.appendingPathComponent("ana.sqlite").path
            let phone = CommandLineRunner(store: anaStore)
            let login = try await phone.run(
                "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
            #expect(login.status == 0, "\(login.error)")
            let now = Date()
            let prefs = try await phone.run(
                "challenge", "prefs", "--notifications", "on", "--zone", "UTC", "--window",
                Self.window(around: now))
            #expect(prefs.status == 0, "\(prefs.error)")

            let watch = try WatchProcess(
                store: anaStore, command: ["challenge", "reminders"], arguments: ["--watch", "--json"])
            #expect(try await watch.line(within: .seconds(20)) { $0.contains("\"watching\"") } != nil)
            // Due now, written beside the running server (the routes schedule only what is ahead).
            let due = ChallengeReminder(
                userID: ana.user.id.rawValue, kind: .random, localDay: LocalDay(now, in: .gmt), dueAt: Date(),
                createdAt: now)
            try await Self.save(due, into: server)
            let line = try await watch.line(within: .seconds(30)) { $0.contains(#""kind":"challenge""#) }
            #expect(line != nil, "no reminder line: \(watch.printed)")
            let stopped = try await watch.stop(with: SIGINT)
            #expect(stopped.status == 0, "\(stopped.error)")
        }
    }
}

extension DeviceCommandLineTests.ChallengeReminderCommandLineTests {
    /// Two `reality serve` processes on one PostgreSQL database race for the same schedule: every
    /// reminder is delivered exactly once, whichever instance's job runner takes it.
    @Test func twoInstances_onOneDatabase_deliverEachReminderOnce() async throws {
        try await SyncTestServer.withServerProcess(.postgres) { first, harness in
            let other = harness.directory.appendingPathComponent("second", isDirectory: true)
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let second = try ServerProcess(
                directory: other, postgresURL: first.postgresURL, adminToken: SyncTestServer.adminToken)
            try await second.start(client: harness.client)
            defer { Task { try? await second.kill() } }

            let ana = try await harness.register("Ana")
            let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
            let login = try await phone.run(
                "login", "--server", second.url, "--email", "ana@example.com", "--password", "correct horse")
            #expect(login.status == 0, "\(login.error)")
            let now = Date()
            let prefs = try await phone.run(
                "challenge", "prefs", "--notifications", "on", "--zone", "UTC", "--window",
                Self.window(around: now))
            #expect(prefs.status == 0, "\(prefs.error)")

            // Twenty reminders falling due together, with both instances running.
            let due = (0..<20).map { n in
                ChallengeReminder(
                    userID: ana.user.id.rawValue, kind: .random, localDay: LocalDay(now, in: .gmt),
                    dueAt: now.addingTimeInterval(Double(n % 4) * 0.25), createdAt: now)
            }
            for reminder in due { try await Self.save(reminder, into: first) }
            var delivered: [AppNotification] = []
            for _ in 0..<120 where delivered.count < due.count {
                try await Task.sleep(for: .milliseconds(500))
                _ = try await phone.run("sync")
                delivered = try await phone.run("notifications").decode([AppNotification].self)
                    .filter { $0.type == .challenge }
            }
            // A moment more, for a second delivery to show if there were one.
            try await Task.sleep(for: .seconds(2))
            _ = try await phone.run("sync")
            delivered = try await phone.run("notifications").decode([AppNotification].self)
                .filter { $0.type == .challenge }
            #expect(delivered.count == due.count, "each once: \(first.output.suffix(300)) \(second.output.suffix(300))")
            #expect(Set(delivered.map(\.id)) == Set(due.map(\.id)))
            let after: [ChallengeReminder] = try await phone.run("challenge", "reminders").decode()
            #expect(after.filter { $0.status == .delivered }.count == due.count)
            try await second.kill()
        }
    }
}
