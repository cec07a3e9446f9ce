import Foundation
import RealityAPI
import RealityCore
import Testing

extension DeviceCommandLineTests {
    /// The trash from the command line (issue 20), as processes: a signed-in device lists and
    /// restores through the server (so every device gets the record back); a device that never
    /// signed in keeps its own trash.
    @Suite struct TrashCommandLineTests {
        @Test(arguments: Backend.allCases) func deleted_isListed_restoredByPrefix_andBackOnEveryDevice(backend: Backend)
            async throws
        {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let laptop = CommandLineRunner(store: harness.directory.appendingPathComponent("laptop.sqlite").path)
                for device in [phone, laptop] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                let note: Annotation = try await phone.run(
                    "annotation", "create", "--text", "Spare key", "--title", "Key", "--at", "1,0,2"
                ).decode()
                #expect(try await phone.run("sync").status == 0)
                #expect(try await laptop.run("sync").status == 0)
                // Deleted on the phone and not yet sent: `trash` sends it first.
                #expect(try await phone.run("annotation", "delete", note.id.uuidString).status == 0)
                let listed = try await phone.runPlain("trash")
                #expect(listed.status == 0 && listed.text.contains("Key"), "\(listed.text) \(listed.error)")
                let entries: [TrashEntry] = try await phone.run("trash").decode()
                #expect(entries.map(\.id) == [note.id.rawValue])
                #expect(try await laptop.run("sync").status == 0)
                let gone: [Annotation] = try await laptop.run("annotation", "list").decode()
                #expect(!gone.contains { $0.id == note.id })

                let prefix = String(note.id.uuidString.prefix(8))
                let restored = try await phone.runPlain("restore", prefix)
                #expect(restored.status == 0 && restored.text.contains("Restored annotation Key"), "\(restored.error)")
                let onPhone: [Annotation] = try await phone.run("annotation", "list").decode()
                #expect(onPhone.contains { $0.id == note.id }, "the phone synced it back")
                #expect(try await laptop.run("sync").status == 0)
                let onLaptop: [Annotation] = try await laptop.run("annotation", "list").decode()
                #expect(onLaptop.contains { $0.id == note.id && $0.content.text == "Spare key" })

                let missing = try await phone.run("restore", prefix)
                #expect(missing.status == 4, "nothing of that ID is in the trash now: \(missing.error)")
                #expect(try await phone.run("restore", "").status != 0)
            }
        }

        @Test func aDeviceWithoutAServer_keepsItsOwnTrash() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-trash-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let cli = CommandLineRunner(store: directory.appendingPathComponent("alone.sqlite").path)
            let layer: Layer = try await cli.run("layer", "create", "Garden").decode()
            #expect(try await cli.run("layer", "delete", layer.id.uuidString).status == 0)
            let entries: [TrashEntry] = try await cli.run("trash").decode()
            #expect(entries.map(\.kind) == [.layer] && entries.first?.title == "Garden")
            let restored = try await cli.runPlain("restore", layer.id.uuidString)
            #expect(restored.status == 0 && restored.text.contains("Restored layer Garden"), "\(restored.error)")
            let layers: [Layer] = try await cli.run("layer", "list").decode()
            #expect(layers.contains { $0.id == layer.id })
            let empty: [TrashEntry] = try await cli.run("trash").decode()
            #expect(empty.isEmpty)
            let purged = try await cli.runPlain("purge")
            #expect(purged.status == 0 && purged.text.contains("Expired 0 annotations"), "\(purged.text)")
        }
    }
}
