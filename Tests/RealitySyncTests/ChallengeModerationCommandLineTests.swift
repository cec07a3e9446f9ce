import Foundation
import OutOfBoxCore
import RealityAPI
import RealityTestSupport
import Testing

extension DeviceCommandLineTests {
    /// Reports and feedback through the command line, as processes against `reality serve`
    /// (issue 22): a reported challenge leaves the person's lists at once, on the server and
    /// offline on their device; the administrator sees the report and the feedback and retires
    /// the challenge.
    @Suite struct ChallengeModerationCommandLineTests {
        @Test(arguments: Backend.allCases) func report_feedback_andTheAdministratorsQueue(backend: Backend) async throws
        {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let login = try await phone.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                #expect(login.status == 0, "\(login.error)")
                let target = "bark-rubbing"
                let before: [Challenge] = try await phone.run("challenge", "search", "bark", "rubbing").decode()
                #expect(before.map(\.id).contains(target))

                let badReason = try await phone.run("challenge", "report", target, "--reason", "boring")
                #expect(badReason.status != 0 && badReason.error.contains("--reason"), "\(badReason.error)")
                let report: ContentReport = try await phone.run(
                    "challenge", "report", target, "--reason", "unsafe", "--details", "Sharp bark"
                ).decode()
                #expect(report.targetID == target && report.status == .open)
                let after: [Challenge] = try await phone.run("challenge", "search", "bark", "rubbing").decode()
                #expect(!after.map(\.id).contains(target), "hidden at once")
                let sent = try await phone.run("challenge", "feedback", "More rainy-day ones", "--challenge", target)
                #expect(sent.status == 0, "\(sent.error)")
                let empty = try await phone.run("challenge", "feedback", "  ")
                #expect(empty.status != 0, "\(empty.error)")

                let token = SyncTestServer.adminToken
                let queue: [ContentReport] = try await phone.run(
                    "challenge", "admin", "reports", "--admin-token", token
                ).decode()
                #expect(queue.map(\.id) == [report.id])
                let notAdmin = try await phone.run("challenge", "admin", "reports", "--admin-token", "wrong")
                #expect(notAdmin.status != 0)
                #expect(
                    notAdmin.error.contains("admin token") && !notAdmin.error.contains("reality login"),
                    "a wrong admin token is not a person's session ending: \(notAdmin.error)")
                let feedback: [ContentFeedback] = try await phone.run(
                    "challenge", "admin", "feedback", "--admin-token", token
                ).decode()
                #expect(feedback.map(\.message) == ["More rainy-day ones"])

                // Offline, the device's own lists leave it out too.
                try await server.kill()
                let offline: [Challenge] = try await phone.run("challenge", "list", "--count", "100").decode()
                #expect(!offline.isEmpty && !offline.map(\.id).contains(target))
                try await server.start(client: harness.client)

                let resolved: ContentReport = try await phone.run(
                    "challenge", "admin", "reports", "--admin-token", token, "--resolve", report.id.uuidString,
                    "--action", "retire"
                ).decode()
                #expect(resolved.status == .actioned)
                let retired: Challenge = try await phone.run("challenge", "show", target).decode()
                #expect(!retired.isActive)
            }
        }
    }
}
