import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import RealityTestSupport
import Synchronization
import Testing

extension DeviceCommandLineTests {
    /// Out of Box offline, as processes against `reality serve` killed and started again (issue
    /// 21): with the server gone, a device picks the day's challenge itself, completes (with a
    /// photo), skips and rates it, and answers stats from its copy; when the server is back,
    /// `reality sync` or the next `reality challenge` command sends it all with its times, and
    /// the person's other device sees it.
    @Suite struct ChallengeOfflineCommandLineTests {
        @Test(arguments: Backend.allCases) func whatIsDoneOffline_reachesTheServerLater(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                _ = try await harness.register("Ben")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let laptop = CommandLineRunner(store: harness.directory.appendingPathComponent("laptop.sqlite").path)
                let bens = CommandLineRunner(store: harness.directory.appendingPathComponent("bens.sqlite").path)
                for (device, email) in [(phone, "ana"), (laptop, "ana"), (bens, "ben")] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", "\(email)@example.com", "--password",
                        "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                // Ana's day is given by the server; Ben's device has only the catalog when the server
                // goes, which its `reality sync` brought down in the feed's public scope.
                let today: AssignedChallenge = try await phone.run("challenge", "today").decode()
                #expect(try await bens.run("sync").status == 0)
                try await server.kill()

                let photo = harness.directory.appendingPathComponent("photo.png")
                try GeneratedMedia.png(width: 40, height: 30).write(to: photo)
                let done = try await phone.run("challenge", "complete", "--photo", photo.path, "--notes", "Offline")
                #expect(done.status == 0 && done.error.contains("kept on this device"), "\(done.error)")
                let completed: AssignedChallenge = try done.decode()
                #expect(completed.assignment.id == today.assignment.id && completed.assignment.status == .completed)
                #expect(completed.assignment.photoAssetID != nil)
                #expect(try await phone.run("challenge", "rate", "4").status == 0)
                let offlineStats = try await phone.run("challenge", "stats")
                #expect(offlineStats.error.contains("offline"), "\(offlineStats.error)")
                #expect(try offlineStats.decode(ChallengeStats.self).totalCompleted == 1)
                let noPrefs = try await phone.run("challenge", "prefs", "--zone", "Europe/Berlin")
                #expect(noPrefs.status == 1, "preferences are kept on the server: \(noPrefs.error)")
                #expect(try await phone.run("challenge", "complete").status == 7, "completed once, offline too")
                let waiting = try await phone.runPlain("status")
                #expect(waiting.text.contains("pending   1 Out of Box day done offline"), "\(waiting.text)")

                let picked = try await bens.run("challenge", "today")
                #expect(picked.status == 0, "the device picks the day: \(picked.error)")
                let bensDay: AssignedChallenge = try picked.decode()
                let skipped = try await bens.run("challenge", "skip", "--reason", "weather")
                #expect(skipped.status == 0, "\(skipped.error)")

                try await server.start(client: harness.client)
                let synced = try await phone.run("sync")
                #expect(synced.status == 0 && synced.error.contains("Out of Box"), "\(synced.error)")
                #expect(try await !phone.runPlain("status").text.contains("Out of Box"), "nothing waits")
                let history: [AssignedChallenge] = try await laptop.run("challenge", "history").decode()
                let kept = try #require(history.first)
                #expect(history.count == 1 && kept.assignment.id == today.assignment.id)
                #expect(kept.assignment.status == .completed && kept.assignment.userRating == 4)
                #expect(kept.assignment.userNotes == "Offline" && kept.assignment.photoAssetID != nil)
                #expect(kept.assignment.completedDate == completed.assignment.completedDate, "its time kept")
                let photoID = try #require(kept.assignment.photoAssetID)
                #expect(try await laptop.run("media", "get", photoID).status == 0, "the photo went up first")

                // Ben's next command sends his offline day; the server had none, so it stands.
                let bensHistory: [AssignedChallenge] = try await bens.run("challenge", "history").decode()
                #expect(bensHistory.map(\.challenge.id) == [bensDay.challenge.id])
                #expect(bensHistory.first?.assignment.status == .skipped)
                #expect(bensHistory.first?.assignment.skipReason == .weather)
                #expect(bensHistory.first?.assignment.assignedDate == bensDay.assignment.assignedDate)
                let again: AssignedChallenge = try await bens.run("challenge", "today").decode()
                #expect(again.assignment.status == .skipped, "the server's day is the one the device made")
            }
        }

        /// A device's waiting changes go in one request; when the server refuses one, the others are
        /// still kept, and the refused one is dropped from the device with the person told why.
        @Test func aRefusedOfflineChange_isDropped_andTheOthersStillGo() async throws {
            try await SyncTestServer.run(.sqlite) { harness in
                let ana = try await harness.register("Ana")
                let phone = try await harness.device("phone", as: ana)
                let transport = await phone.engine.serverTransport
                try await ChallengeCatalogCopy.refresh(phone.store, over: transport)
                let userID = ana.user.id.rawValue
                let challenge = try #require(try await phone.store.challenges(includingRetired: false).first)
                let yesterday = Date().addingTimeInterval(-86_400)
                var done = UserChallenge(
                    userID: userID, challengeID: challenge.id, localDay: LocalDay(yesterday, in: .gmt),
                    assignedAt: yesterday)
                _ = try await phone.store.assign(done)
                done.status = .completed
                done.completedDate = yesterday.addingTimeInterval(120)
                #expect(try await phone.store.updateAssignment(done, whereStatus: .assigned))
                let unknown = UserChallenge(
                    userID: userID, challengeID: "known-only-here", localDay: LocalDay(Date(), in: .gmt),
                    assignedAt: Date())
                _ = try await phone.store.assign(unknown)
                let waiting = try await phone.store.pendingAssignments(of: userID)
                #expect(waiting.count == 2, "a device's own writes wait")

                let told = Mutex<[String]>([])
                let service = try await DeviceChallengeService.connect(
                    store: phone.store, userID: userID, transport: transport,
                    notice: { text in told.withLock { $0.append(text) } })
                #expect(service.isOnline)
                #expect(
                    told.withLock { $0 }.contains {
                        $0.contains("refused") && $0.contains(unknown.localDay.description)
                    })
                #expect(try await phone.store.pendingAssignments(of: userID).isEmpty)
                #expect(try await phone.store.assignment(of: userID, on: unknown.localDay) == nil, "dropped")
                let onServer = try await ServerChallengeService(transport: transport).challengeHistory(
                    limit: 10, before: nil)
                #expect(onServer.map(\.assignment.status) == [.completed])
                #expect(onServer.first?.assignment.completedDate == waiting.first?.completedDate, "its time kept")
            }
        }
    }
}
