import Foundation
import OutOfBoxCore
import RealityAPI
import RealityTestSupport
import Testing

extension DeviceCommandLineTests {
    /// Out of Box's personalization engine through the command line, as processes against
    /// `reality serve` (issue 22): turned on with `prefs`, shown with `model`, asked with
    /// `recommend`, working from the device's copy when the server is gone, and reset only through
    /// the server.
    @Suite struct ChallengePersonalizationCommandLineTests {
        @Test(arguments: Backend.allCases) func model_recommend_andReset(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let login = try await phone.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                #expect(login.status == 0, "\(login.error)")

                let on: UserPreferencesDTO = try await phone.run("challenge", "prefs", "--personalized", "on").decode()
                #expect(on.isPersonalized)
                let badFlag = try await phone.run("challenge", "prefs", "--personalized", "maybe")
                #expect(badFlag.status != 0 && badFlag.error.contains("--personalized"), "\(badFlag.error)")

                let today: AssignedChallenge = try await phone.run("challenge", "today").decode()
                #expect(try await phone.run("challenge", "complete").status == 0)
                let report: PersonalizationReport = try await phone.run("challenge", "model").decode()
                #expect(report.enabled && report.learning && report.metrics.totalTrainingData == 1)
                let recommended: [Recommendation] = try await phone.run("challenge", "recommend", "--count", "3")
                    .decode()
                #expect(recommended.count == 3 && !recommended.map(\.challenge.id).contains(today.challenge.id))
                let tooMany = try await phone.run("challenge", "recommend", "--count", "500")
                #expect(tooMany.status != 0 && tooMany.error.contains("--count"), "\(tooMany.error)")
                let words = try await phone.runPlain("challenge", "model")
                #expect(
                    words.text.contains("Personalized: on") && words.text.contains("Learned from: 1 day"),
                    "\(words.text)")

                let week: ChallengeInsights = try await phone.run("insights").decode()
                #expect(week.completed == 1 && week.currentStreak == 1)
                let weekInWords = try await phone.runPlain("insights")
                #expect(weekInWords.text.contains("Streak: 1 day(s)"), "\(weekInWords.text)")

                // Without the server: the device's copy answers; a reset needs the server.
                try await server.kill()
                let offline = try await phone.run("challenge", "model")
                #expect(offline.status == 0 && offline.error.contains("offline"), "\(offline.error)")
                #expect(try offline.decode(PersonalizationReport.self).metrics.totalTrainingData == 1)
                let offlineRecommended = try await phone.run("challenge", "recommend", "--count", "2")
                #expect(try offlineRecommended.decode([Recommendation].self).count == 2)
                #expect(try await phone.run("insights").decode(ChallengeInsights.self).completed == 1)
                let noReset = try await phone.run("challenge", "model", "--reset")
                #expect(noReset.status == 1, "\(noReset.error)")

                try await server.start(client: harness.client)
                let reset: PersonalizationReport = try await phone.run("challenge", "model", "--reset").decode()
                #expect(reset.metrics.totalTrainingData == 0 && reset.resetAt != nil && reset.enabled)
                let after: PersonalizationReport = try await phone.run("challenge", "model").decode()
                #expect(after.metrics.totalTrainingData == 0 && after.resetAt == reset.resetAt)
            }
        }
    }
}
