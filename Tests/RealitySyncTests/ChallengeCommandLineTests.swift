import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

extension DeviceCommandLineTests {
    /// Out of Box from the command line (issue 21), as processes against `reality serve`: two
    /// devices of one person asking at once get one challenge, a completion with a photo made on
    /// one shows on the other, refusals exit with the platform's codes, preferences follow the
    /// person, and an administrator imports challenges.
    @Suite struct ChallengeCommandLineTests {
        @Test(arguments: Backend.allCases) func theDailyLoop_onTwoDevices(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let laptop = CommandLineRunner(store: harness.directory.appendingPathComponent("laptop.sqlite").path)
                let stranger = CommandLineRunner(store: harness.directory.appendingPathComponent("none.sqlite").path)
                let notSignedIn = try await stranger.run("challenge", "today")
                #expect(notSignedIn.status == 5, "\(notSignedIn.error)")
                for device in [phone, laptop] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                async let onPhone = phone.run("challenge", "today")
                async let onLaptop = laptop.run("challenge", "today")
                let (first, second) = try await (onPhone, onLaptop)
                let today: AssignedChallenge = try first.decode()
                #expect(try second.decode(AssignedChallenge.self) == today, "one challenge for both devices")
                let plain = try await phone.runPlain("challenge", "today")
                #expect(plain.text.contains(today.challenge.title) && plain.text.contains("assigned"), "\(plain.text)")

                let photo = harness.directory.appendingPathComponent("photo.png")
                try GeneratedMedia.png(width: 120, height: 80).write(to: photo)
                let notes = harness.directory.appendingPathComponent("notes.txt")
                try Data("just words".utf8).write(to: notes)
                let notImage = try await phone.run("challenge", "complete", "--photo", notes.path)
                #expect(notImage.status == 3, "\(notImage.error)")
                #expect(try await phone.run("challenge", "complete", "--photo", "/no/such/file.png").status == 4)
                let done = try await phone.run("challenge", "complete", "--photo", photo.path, "--notes", "Did it")
                #expect(done.status == 0, "\(done.error)")
                let completed: AssignedChallenge = try done.decode()
                #expect(completed.assignment.status == .completed && completed.assignment.photoAssetID != nil)
                let again = try await laptop.run("challenge", "complete", today.challenge.id)
                #expect(again.status == 7, "completed once, on whichever device: \(again.error)")
                #expect(try await laptop.run("challenge", "rate", "0").status == 3)
                #expect(try await laptop.run("challenge", "rate", "5").status == 0)
                let history: [AssignedChallenge] = try await laptop.run("challenge", "history").decode()
                #expect(history.count == 1 && history.first?.assignment.userRating == 5)
                #expect(history.first?.assignment.userNotes == "Did it")
                let stats: ChallengeStats = try await phone.run("challenge", "stats").decode()
                #expect(stats.currentStreak == 1 && stats.totalCompleted == 1 && stats.averageRating == 5)
                let words = try await phone.runPlain("challenge", "stats")
                #expect(words.text.contains("Streak: 1 day"), "\(words.text)")

                // The zone the day was assigned in: another zone's day may already be tomorrow (Berlin's
                // is from 23:00 UTC), and the offline check below expects today's challenge.
                let zone = TimeZone.current.identifier
                let set = try await phone.run(
                    "challenge", "prefs", "--zone", zone, "--categories", "nature,food", "--social-comfort", "2")
                #expect(set.status == 0, "\(set.error)")
                let restored: UserPreferencesDTO = try await laptop.run("challenge", "prefs").decode()
                #expect(restored.notificationSettings.timeZone == zone)
                #expect(restored.challengePreferences.preferredCategories == [.nature, .food])
                let refused = try await laptop.run("challenge", "prefs", "--social-comfort", "9")
                #expect(refused.status == 3 && refused.error.contains("--social-comfort"), "\(refused.error)")
                #expect(try await laptop.run("challenge", "prefs", "--categories", "cooking").status == 3)

                let found: [Challenge] = try await phone.run(
                    "challenge", "search", "photo", "--max-cost", "free", "--difficulty", "1-2", "--limit", "50"
                ).decode()
                #expect(!found.isEmpty && found.allSatisfy { $0.costLevel == .free && $0.difficultyLevel <= 2 })
                #expect(try await phone.run("challenge", "search", "--difficulty", "0-9").status == 3)
                #expect(try await phone.run("challenge", "show", "no-such-challenge").status == 4)

                let catalog = harness.directory.appendingPathComponent("catalog.json")
                try Data(
                    #"{"version": 2, "challenges": [{"id": "whistle-a-tune", "title": "Whistle a tune", "description": "Whistle a whole song.", "category": "creativity", "timeInvestment": "quick", "socialRequirement": "solo", "costLevel": "free", "difficultyLevel": 2, "tags": ["music"], "locationType": "anywhere"}]}"#
                        .utf8
                ).write(to: catalog)
                let noToken = try await phone.run(
                    "challenge", "admin", "import", catalog.path, "--admin-token", "wrong")
                #expect(noToken.status == 5, "\(noToken.error)")
                let imported = try await phone.runPlain(
                    "challenge", "admin", "import", catalog.path, "--admin-token", SyncTestServer.adminToken)
                #expect(imported.status == 0 && imported.text.contains("Imported 1 challenge"), "\(imported.error)")
                let whistle: Challenge = try await laptop.run("challenge", "show", "whistle-a-tune").decode()
                #expect(whistle.title == "Whistle a tune")

                let flagged: AppConfiguration = try await phone.run(
                    "challenge", "admin", "config", "--flag", "personalization=on", "--minimum-version", "0.1.0",
                    "--admin-token", SyncTestServer.adminToken
                ).decode()
                #expect(flagged.featureFlags == ["personalization": true] && flagged.catalogVersion == 2)
                let shown = try await laptop.runPlain("challenge", "config")
                #expect(shown.text.contains("personalization on") && shown.text.contains("Catalog version: 2"))
                let badFlag = try await phone.run(
                    "challenge", "admin", "config", "--flag", "personalization=maybe", "--admin-token",
                    SyncTestServer.adminToken)
                #expect(badFlag.status == 3)
                let badVersion = try await phone.run(
                    "challenge", "admin", "config", "--minimum-version", "one", "--admin-token",
                    SyncTestServer.adminToken)
                #expect(badVersion.status == 3 && badVersion.error.contains("--minimum-version"), "\(badVersion.error)")

                // The device's copy of the catalog: the phone's came down with its first command and
                // took the administrator's import on the next one. With the server gone, reading the
                // catalog works from the copy, and so does the day's challenge (ChallengeOfflineCommandLineTests).
                #expect(try await phone.run("challenge", "list", "--count", "3").status == 0)
                try await server.kill()
                let offline = try await phone.run("challenge", "search", "whistle")
                #expect(offline.status == 0, "\(offline.error)")
                #expect(try offline.decode([Challenge].self).map(\.id).contains("whistle-a-tune"), "the import's copy")
                #expect(offline.error.contains("offline"), "\(offline.error)")
                let shownOffline: Challenge = try await phone.run("challenge", "show", today.challenge.id).decode()
                #expect(shownOffline == today.challenge)
                let all: [Challenge] = try await phone.run("challenge", "search", "--limit", "100").decode()
                #expect(all.count == 100)
                let todayOffline = try await phone.run("challenge", "today")
                #expect(try todayOffline.decode(AssignedChallenge.self).challenge.id == today.challenge.id, "the copy")
                let neverCopied = try await stranger.run("challenge", "search", "photo")
                #expect(neverCopied.status != 0)
            }
        }
    }
}
