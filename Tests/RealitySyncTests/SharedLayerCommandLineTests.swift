import Foundation
import RealityCore
import Testing

extension DeviceCommandLineTests {
    /// A shared layer through the command line (issue 16), run as processes against `reality
    /// serve`: `layer show` says whether the layer is public, whom it is shared with (by name, with
    /// level and expiry, as far as the caller may see) and the caller's own level; tables name the
    /// other person, as the device knows them from what they wrote.
    @Suite struct SharedLayerCommandLineTests {
        @Test func layerShow_listsSharingAndYourLevel_andTablesNameTheOtherPerson() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let ana = try await harness.register("Ana")
                let bo = try await harness.register("Bo")
                let anaDevice = CommandLineRunner(store: harness.directory.appendingPathComponent("ana.sqlite").path)
                let boDevice = CommandLineRunner(store: harness.directory.appendingPathComponent("bo.sqlite").path)
                for (device, email) in [(anaDevice, "ana@example.com"), (boDevice, "bo@example.com")] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", email, "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                let trip: Layer = try await anaDevice.run("layer", "create", "Trip").decode()
                let note: Annotation = try await anaDevice.run(
                    "annotation", "create", "--layer", "Trip", "--text", "Pack the tent", "--at", "1,0,1"
                ).decode()
                #expect(
                    try await anaDevice.run("comment", "add", note.id.uuidString, "--text", "Bo, see this").status == 0)
                #expect(try await anaDevice.run("sync").status == 0)
                let unshared = try await anaDevice.runPlain("layer", "show", "Trip").text
                #expect(unshared.contains("not public") && unshared.contains("shared with nobody"), "\(unshared)")
                #expect(unshared.contains("owner me") && unshared.contains("your level owner"), "\(unshared)")

                let expiry = Date().addingTimeInterval(30 * 86_400)
                try await harness.grant(.commenter, to: bo.user.id, onLayer: trip.id, as: ana, expiresAt: expiry)
                #expect(try await boDevice.run("sync").status == 0)
                #expect(try await boDevice.run("comment", "add", note.id.uuidString, "--text", "Packed").status == 0)
                #expect(try await boDevice.run("sync").status == 0)
                #expect(try await anaDevice.run("sync").status == 0)

                let shared = try await anaDevice.runPlain("layer", "show", "Trip").text
                let grant = shared.split(separator: "\n").first { $0.contains("commenter") }
                #expect(grant?.contains("Bo") == true && grant?.contains("until") == true, "\(shared)")
                #expect(shared.contains("your level owner") && !shared.contains(bo.user.id.uuidString), "\(shared)")

                let granted = try await boDevice.runPlain("layer", "show", "Trip").text
                #expect(granted.contains("owner Ana") && granted.contains("your level commenter"), "\(granted)")
                #expect(
                    granted.split(separator: "\n").contains { $0.contains("me") && $0.contains("commenter") },
                    "\(granted)")
                #expect(!granted.contains(ana.user.id.uuidString), "\(granted)")
                let layer: Layer = try await boDevice.run("layer", "show", "Trip").decode()
                #expect(
                    layer.ownerID == ana.user.id && layer.permissions.map(\.userID) == [bo.user.id], "JSON keeps IDs")

                let list = try await boDevice.runPlain("annotation", "list").text
                let row = list.split(separator: "\n").first { $0.contains("Pack the tent") }
                #expect(row?.contains("Trip") == true && row?.contains("Ana") == true, "\(list)")
                let comments = try await anaDevice.runPlain("comment", "list", note.id.uuidString).text
                #expect(
                    comments.split(separator: "\n").first { $0.contains("Packed") }?.contains("Bo") == true,
                    "\(comments)")
                #expect(
                    comments.split(separator: "\n").first { $0.contains("see this") }?.contains("me") == true,
                    "\(comments)")
            }
        }
    }
}
