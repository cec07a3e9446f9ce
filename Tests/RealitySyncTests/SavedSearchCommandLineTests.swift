import Foundation
import RealityAPI
import RealityCore
import Testing

extension DeviceCommandLineTests {
    /// Saved searches from the command line, as processes against `reality serve` (issue 18: the
    /// first owned kind): saved on a phone offline-first, synced to the person's tablet, changed
    /// there, deleted on the phone and gone from the tablet; never on anyone else's device.
    @Suite struct SavedSearchCommandLineTests {
        @Test(arguments: Backend.allCases)
        func saveOnOneDevice_runChangeAndDeleteOnAnother_andNoOneElseHasIt(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                _ = try await harness.register("Ben")
                func device(_ name: String, _ email: String) async throws -> CommandLineRunner {
                    let runner = CommandLineRunner(store: harness.directory.appendingPathComponent(name).path)
                    let login = try await runner.run(
                        "login", "--server", server.url, "--email", email, "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                    return runner
                }
                let phone = try await device("phone.sqlite", "ana@example.com")
                let tablet = try await device("tablet.sqlite", "ana@example.com")
                let bens = try await device("ben.sqlite", "ben@example.com")

                let note: Annotation = try await phone.run(
                    "annotation", "create", "--text", "Coffee corner", "--at", "0,0,0"
                )
                .decode()
                let found: [Annotation] = try await phone.run("search", "coffee", "--type", "text", "--save", "Cafés")
                    .decode()
                #expect(found.map(\.id) == [note.id])
                let saved: [SavedSearch] = try await phone.run("searches").decode()
                #expect(saved.map(\.name) == ["Cafés"] && saved.first?.types == [.text])
                #expect(try await phone.run("sync").status == 0)

                #expect(try await tablet.run("sync").status == 0)
                let synced: [SavedSearch] = try await tablet.run("searches").decode()
                #expect(synced == saved)
                let ran: [Annotation] = try await tablet.run("searches", "run", "cafés").decode()
                #expect(ran.map(\.id) == [note.id])
                // The same name in another letter case is the same search (as `searches run` finds it).
                let changed: [Annotation] = try await tablet.run("search", "tea", "--save", "CAFÉS").decode()
                #expect(changed.isEmpty)
                #expect(try await tablet.run("sync").status == 0)
                #expect(try await phone.run("sync").status == 0)
                let onPhone: [SavedSearch] = try await phone.run("searches").decode()
                #expect(onPhone.map(\.query) == ["tea"] && onPhone.map(\.id) == saved.map(\.id))

                #expect(try await bens.run("sync").status == 0)
                let bensOwn: [SavedSearch] = try await bens.run("searches").decode()
                #expect(bensOwn.isEmpty)
                #expect(try await bens.run("searches", "run", saved[0].id.uuidString).status == 4)

                // Bad input changes nothing.
                #expect(try await phone.run("search", "x", "--save", " ").status != 0)
                #expect(try await phone.run("search", "x", "--save", String(repeating: "n", count: 101)).status != 0)
                #expect(try await phone.run("searches", "delete", "nothing").status == 4)

                #expect(try await phone.run("searches", "delete", "cafés").status == 0)
                #expect(try await phone.run("sync").status == 0)
                #expect(try await tablet.run("sync").status == 0)
                let gone: [SavedSearch] = try await tablet.run("searches").decode()
                #expect(gone.isEmpty)
            }
        }
    }
}
