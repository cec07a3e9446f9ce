import Foundation
import RealityAPI
import RealityCore
import RealitySync
import Testing

extension DeviceSyncTests {
    /// README.md's own path, run as processes as a person follows it (issue 16): notes made locally
    /// first, then `register`, more notes and `sync`; a second device that had notes of its own logs
    /// in. Nothing is rejected, lost or re-dated, and the profile keeps what was set before.
    @Suite struct ReadmePathTests {
        @Test(arguments: Backend.allCases)
        func localFirst_thenRegister_thenASecondDevice_losesAndRedatesNothing(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
                let credentials = ["--server", server.url, "--email", "ana@example.com", "--password", "correct horse"]

                // The README's first steps, before any account.
                let milk: Annotation = try await phone.run(
                    "annotation", "create", "--text", "Remember to buy milk", "--at", "0,1.5,-2"
                ).decode()
                #expect(try await phone.run("profile", "--time-zone", "Europe/Paris").status == 0)
                try await Task.sleep(for: .milliseconds(20))  // so that a re-dated note would show it

                let registered = try await phone.run(["register"] + credentials + ["--display-name", "Ana"])
                #expect(registered.status == 0, "\(registered.error)")
                let after: Annotation = try await phone.run("annotation", "create", "--text", "x", "--at", "7,0,7")
                    .decode()
                let milkNow: Annotation = try await phone.run("annotation", "show", milk.id.uuidString).decode()
                #expect(after.layerID == milkNow.layerID, "a create without --layer goes to the same default layer")
                #expect(milkNow.createdAt == milk.createdAt)
                let registeredProfile: User = try await phone.run("profile").decode()
                #expect(registeredProfile.preferences.timeZone == "Europe/Paris", "registering keeps the time zone")
                let work = try await phone.run("layer", "create", "Work")
                #expect(work.status == 0, "a free account may make one layer of its own: \(work.error)")
                let usage: UsageStats = try await phone.run("usage").decode()
                #expect(usage.layerCount == 1, "My Annotations does not count against the plan")
                #expect(try await phone.run("layer", "create", "Second").status == 6, "the plan's one layer is taken")

                let synced: SyncSummary = try await phone.run("sync").decode()
                #expect(synced.pushed.rejected == 0 && synced.pushed.conflicts == 0)
                let phoneNotes: [Annotation] = try await phone.run("annotation", "list").decode()
                #expect(Set(phoneNotes.map(\.id)) == [milk.id, after.id])
                #expect(
                    phoneNotes.first { $0.id == milk.id }?.createdAt == milk.createdAt, "the first sync keeps the date")
                let profile: User = try await phone.run("profile").decode()
                #expect(profile.preferences.timeZone == "Europe/Paris", "registering keeps the time zone set before")

                // A second device with a note of its own signs in to the same account.
                let bread: Annotation = try await tablet.run("annotation", "create", "--text", "bread", "--at", "1,0,1")
                    .decode()
                let login = try await tablet.run(["login"] + credentials)
                #expect(login.status == 0, "\(login.error)")
                let tabletSync: SyncSummary = try await tablet.run("sync").decode()
                #expect(tabletSync.pushed.rejected == 0, "the tablet's note is not rejected")
                _ = try await phone.run("sync")

                for device in [phone, tablet] {
                    let notes: [Annotation] = try await device.run("annotation", "list").decode()
                    #expect(Set(notes.map(\.id)) == [milk.id, after.id, bread.id], "\(device.store)")
                    #expect(
                        Set(notes.map(\.layerID)).count == 1, "one default layer for the account on \(device.store)")
                    #expect(notes.first { $0.id == bread.id }?.createdAt == bread.createdAt)
                    let layers: [Layer] = try await device.run("layer", "list").decode()
                    #expect(layers.filter { !$0.isDeleted }.map(\.name).sorted() == ["My Annotations", "Work"])
                    let status: DeviceCommandLineTests.SyncCommandLineTests.Status = try await device.run("status")
                        .decode()
                    #expect(status.pendingChanges == 0 && status.openConflicts == 0)
                }
            }
        }
    }
}
