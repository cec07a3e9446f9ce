import Foundation
import RealityAPI
import RealityCore
import Testing

extension DeviceCommandLineTests {
    /// World maps from the command line (issue 20), as processes against `reality serve`: save a
    /// scanned map, use it so new annotations anchor to it, relocalise, leave, delete.
    @Suite struct WorldMapCommandLineTests {
        @Test(arguments: Backend.allCases) func save_use_anchor_relocalize_leave_delete(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let login = try await phone.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                #expect(login.status == 0, "\(login.error)")
                let file = harness.directory.appendingPathComponent("kitchen.arworldmap")
                try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: file)

                let map: WorldMap = try await phone.run(
                    "worldmap", "save", file.path, "--name", "Kitchen", "--anchor", "0,0,0", "--anchor", "10,0,0"
                ).decode()
                #expect(map.anchors.count == 2 && map.locationName == "Kitchen")
                let listed = try await phone.runPlain("worldmap", "list")
                #expect(listed.text.contains("*") && listed.text.contains("Kitchen"), "\(listed.text)")
                let note: Annotation = try await phone.run(
                    "annotation", "create", "--text", "Kettle", "--at", "0.2,0,0"
                )
                .decode()
                #expect(note.anchorID == map.anchors[0].id, "anchored in the map in use")
                let report: RelocalizeReport = try await phone.run("relocalize").decode()
                #expect(report.annotationsUpdated == 0, "already on its nearest anchor")

                #expect(try await phone.run("worldmap", "leave").status == 0)
                let loose: Annotation = try await phone.run(
                    "annotation", "create", "--text", "Shelf", "--at", "9.9,0,0"
                )
                .decode()
                #expect(!map.anchors.map(\.id).contains(loose.anchorID))
                #expect(try await phone.run("sync").status == 0)
                let moved: RelocalizeReport = try await phone.run("relocalize", "Kitchen").decode()
                #expect(moved.annotationsUpdated == 1)
                let shelf: Annotation = try await phone.run("annotation", "show", loose.id.uuidString).decode()
                #expect(shelf.anchorID == map.anchors[1].id, "the device has the server's anchor after the sync")

                #expect(try await phone.run("worldmap", "use", "nowhere").status == 4)
                #expect(try await phone.run("worldmap", "save", "/nonexistent/map").status == 4)
                #expect(try await phone.run("worldmap", "delete", "Kitchen").status == 0)
                #expect(try await phone.run("sync").status == 0)
                let none: [WorldMap] = try await phone.run("worldmap", "list").decode()
                #expect(none.isEmpty)
            }
        }

        /// A layer's member syncs the world map its annotations are placed in, uses it, and loses it
        /// with the layer.
        @Test(arguments: Backend.allCases) func aMembersDevice_syncsTheMapOfSharedAnnotations(backend: Backend)
            async throws
        {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                _ = try await harness.register("Bo")
                let ana = CommandLineRunner(store: harness.directory.appendingPathComponent("ana.sqlite").path)
                let bo = CommandLineRunner(store: harness.directory.appendingPathComponent("bo.sqlite").path)
                for (device, email) in [(ana, "ana@example.com"), (bo, "bo@example.com")] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", email, "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                let file = harness.directory.appendingPathComponent("hall.arworldmap")
                try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 13) }).write(to: file)
                let map: WorldMap = try await ana.run(
                    "worldmap", "save", file.path, "--name", "Hall", "--anchor", "0,0,0"
                ).decode()
                #expect(try await ana.run("layer", "create", "House").status == 0)
                let note: Annotation = try await ana.run(
                    "annotation", "create", "--layer", "House", "--text", "Keys", "--at", "0.1,0,0"
                ).decode()
                #expect(note.anchorID == map.anchors[0].id)
                #expect(try await ana.run("sync").status == 0)
                #expect(try await ana.run("share", "House", "--with", "bo@example.com", "--level", "edit").status == 0)

                #expect(try await bo.run("sync").status == 0)
                let seen: [WorldMap] = try await bo.run("worldmap", "list").decode()
                #expect(seen.map(\.id) == [map.id], "the map came with the layer")
                let shown: WorldMap = try await bo.run("worldmap", "show", "Hall").decode()
                #expect(shown.anchors.map(\.id) == map.anchors.map(\.id))
                #expect(try await bo.run("worldmap", "use", "Hall").status == 0)
                let boNote: Annotation = try await bo.run(
                    "annotation", "create", "--layer", "House", "--text", "Coat", "--at", "0,0,0.2"
                ).decode()
                #expect(boNote.anchorID == map.anchors[0].id, "placed at the shared anchor")
                #expect(try await bo.run("worldmap", "delete", "Hall").status != 0, "not Bo's to delete")
                #expect(try await bo.run("sync").status == 0)

                // Bo's note is his, in Ana's map: he keeps the map after the revoke; once it is gone, so is the map.
                #expect(try await ana.run("revoke", "House", "--from", "bo@example.com").status == 0)
                #expect(try await bo.run("sync").status == 0)
                let kept: [WorldMap] = try await bo.run("worldmap", "list").decode()
                #expect(kept.map(\.id) == [map.id])
                #expect(try await ana.run("worldmap", "delete", "Hall").status == 0)
                #expect(try await ana.run("sync").status == 0)
                #expect(try await bo.run("sync").status == 0)
                let gone: [WorldMap] = try await bo.run("worldmap", "list").decode()
                #expect(gone.isEmpty)
            }
        }
    }
}
