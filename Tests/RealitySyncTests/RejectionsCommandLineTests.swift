import Foundation
import RealityCore
import RealityStore
import RealitySync
import Testing

extension DeviceCommandLineTests {
    /// Rejected changes through the command line (issue 16), run as processes against `reality
    /// serve`: a change the server rejects stays on the device as made, is listed with its reason by
    /// `reality rejections`, is not pushed again by itself, and goes only when discarded, or up
    /// when retried after the cause is fixed.
    @Suite struct RejectionsCommandLineTests {
        /// The parts of `reality status --json` these tests read.
        struct Status: Decodable {
            var pendingChanges: Int
            var rejections: Int
        }

        @Test func freePlan_26thNoteMadeOffline_isKeptAndListed_untilDiscarded() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
                let credentials = [
                    "--server", server.url, "--email", "free@example.com", "--password", "correct horse",
                ]
                #expect(try await phone.run(["register"] + credentials).status == 0)
                let first: Annotation = try await phone.run("annotation", "create", "--text", "note 1", "--at", "1,0,1")
                    .decode()
                let layer = first.layerID.uuidString
                #expect(try await phone.run("sync").status == 0)
                #expect(try await tablet.run(["login"] + credentials).status == 0)
                #expect(try await tablet.run("sync").status == 0)

                // Offline on both: the phone makes notes 2 to 24, the tablet two more.
                for number in 2...24 {
                    let made = try await phone.run(
                        "annotation", "create", "--layer", layer, "--text", "note \(number)", "--at", "1,0,1")
                    #expect(made.status == 0, "\(made.error)")
                }
                let accepted: Annotation = try await tablet.run(
                    "annotation", "create", "--layer", layer, "--text", "25th", "--at", "2,0,2"
                ).decode()
                let refused: Annotation = try await tablet.run(
                    "annotation", "create", "--layer", layer, "--text", "the 26th", "--title", "Offline", "--at",
                    "2,0,2"
                ).decode()
                #expect(try await phone.run("sync").decode(SyncSummary.self).pushed.saved == 23)
                let pushed: SyncSummary = try await tablet.run("sync").decode()
                #expect(pushed.pushed.saved == 1 && pushed.pushed.rejected == 1)

                // Kept as made, listed with the server's reason, and not pushed again by itself.
                let rejections: [SyncRejection] = try await tablet.run("rejections").decode()
                #expect(rejections.map(\.recordID) == [refused.id.uuidString])
                #expect(rejections.first?.code == "annotation_limit_reached" && rejections.first?.summary == "Offline")
                #expect(rejections.first?.message.contains("25") == true, "\(rejections.first?.message ?? "")")
                #expect(try await tablet.run("annotation", "show", refused.id.uuidString).status == 0)
                var status: Status = try await tablet.run("status").decode()
                #expect(status.rejections == 1 && status.pendingChanges == 0)
                let again: SyncSummary = try await tablet.run("sync").decode()
                #expect(again.pushed.rejected == 0 && again.pushed.saved == 0)
                #expect(try await tablet.run("rejections").decode([SyncRejection].self).count == 1)
                #expect(try await tablet.run("annotation", "show", accepted.id.uuidString).status == 0)

                // Naming no rejection, or one that is not there, is refused.
                #expect(try await tablet.run("rejections", "discard").status != 0)
                #expect(try await tablet.run("rejections", "discard", "999").status == 4)

                // Named by a unique prefix of its record's ID, as the table shows it: retried, it is
                // rejected again (the plan is still full) and kept.
                let table = try await tablet.runPlain("rejections").text
                let shown = try #require(
                    table.split(separator: "\n").dropFirst().first?.split(separator: " ").dropFirst(2).first)
                #expect(shown.count >= 8 && shown.count < 36 && refused.id.uuidString.hasPrefix(shown), "\(table)")
                struct Retried: Decodable { var retried: [SyncRejection] }
                let retried: Retried = try await tablet.run(
                    "rejections", "retry", String(refused.id.uuidString.prefix(8))
                ).decode()
                #expect(retried.retried.map(\.recordID) == [refused.id.uuidString])
                #expect(try await tablet.run("sync").decode(SyncSummary.self).pushed.rejected == 1)

                // Discarded: only now is the note gone from the device.
                struct Discarded: Decodable { var discarded: [SyncRejection] }
                let discarded: Discarded = try await tablet.run("rejections", "discard", String(shown)).decode()
                #expect(discarded.discarded.map(\.recordID) == [refused.id.uuidString])
                #expect(try await tablet.run("annotation", "show", refused.id.uuidString).status == 4)
                #expect(try await tablet.run("rejections").decode([SyncRejection].self).isEmpty)
                status = try await tablet.run("status").decode()
                #expect(status.rejections == 0 && status.pendingChanges == 0)
            }
        }

        @Test func layerLimit_rejectsANewLayerAndItsNote_retriedTogetherAfterAnotherLayerIsDeleted() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
                let credentials = [
                    "--server", server.url, "--email", "layers@example.com", "--password", "correct horse",
                ]
                #expect(try await phone.run(["register"] + credentials).status == 0)
                #expect(try await tablet.run(["login"] + credentials).status == 0)
                // Each device makes a layer offline; the free plan holds one.
                let home: Layer = try await phone.run("layer", "create", "Home").decode()
                let work: Layer = try await tablet.run("layer", "create", "Work").decode()
                let note: Annotation = try await tablet.run(
                    "annotation", "create", "--layer", work.id.uuidString, "--text", "Desk", "--title", "Desk", "--at",
                    "0,1,0"
                ).decode()
                #expect(try await phone.run("sync").decode(SyncSummary.self).pushed.saved >= 1)
                let refused: SyncSummary = try await tablet.run("sync").decode()
                #expect(refused.pushed.rejected == 2)
                var rejections: [SyncRejection] = try await tablet.run("rejections").decode()
                #expect(rejections.map(\.recordID) == [work.id.uuidString, note.id.uuidString])
                #expect(rejections.first?.code == "layer_limit_reached" && rejections.first?.summary == "Work")
                #expect(rejections.last?.code == "not_found" && rejections.last?.summary == "Desk")

                // Retried before the cause is fixed: rejected again, still kept.
                struct Retried: Decodable { var retried: [SyncRejection] }
                #expect(try await tablet.run("rejections", "retry", "--all").decode(Retried.self).retried.count == 2)
                #expect(try await tablet.run("sync").decode(SyncSummary.self).pushed.rejected == 2)
                rejections = try await tablet.run("rejections").decode()
                #expect(rejections.map(\.recordID) == [work.id.uuidString, note.id.uuidString])
                #expect(try await tablet.run("layer", "show", work.id.uuidString).status == 0)

                // The phone deletes its layer; retrying the note takes its layer along, layer first.
                #expect(try await phone.run("layer", "delete", home.id.uuidString).status == 0)
                #expect(try await phone.run("sync").status == 0)
                let retried: Retried = try await tablet.run("rejections", "retry", note.id.uuidString).decode()
                #expect(retried.retried.map(\.recordID) == [work.id.uuidString, note.id.uuidString])
                let saved: SyncSummary = try await tablet.run("sync").decode()
                #expect(saved.pushed.saved == 2 && saved.pushed.rejected == 0)
                #expect(try await tablet.run("rejections").decode([SyncRejection].self).isEmpty)
                #expect(try await phone.run("sync").status == 0)
                let arrived: Annotation = try await phone.run("annotation", "show", note.id.uuidString).decode()
                #expect(arrived.layerID == work.id && arrived.title == "Desk")
            }
        }

        @Test func editingARejectedNote_queuesItAgain() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let credentials = [
                    "--server", server.url, "--email", "edit@example.com", "--password", "correct horse",
                ]
                #expect(try await phone.run(["register"] + credentials).status == 0)
                #expect(try await tablet.run(["login"] + credentials).status == 0)
                let home: Layer = try await phone.run("layer", "create", "Home").decode()
                let work: Layer = try await tablet.run("layer", "create", "Work").decode()
                let note: Annotation = try await tablet.run(
                    "annotation", "create", "--layer", work.id.uuidString, "--text", "Desk", "--at", "0,1,0"
                ).decode()
                #expect(try await phone.run("sync").status == 0)
                #expect(try await tablet.run("sync").decode(SyncSummary.self).pushed.rejected == 2)

                // Moving the note to the account's layer is an edit: it goes up at the next sync.
                let moved = try await tablet.run(
                    "annotation", "move", note.id.uuidString, "--layer", home.id.uuidString)
                #expect(moved.status == 0, "\(moved.error)")
                let rejections: [SyncRejection] = try await tablet.run("rejections").decode()
                #expect(rejections.map(\.recordID) == [work.id.uuidString])
                // Two entries wait: the held save and the move; they go up as one save.
                #expect(try await tablet.run("status").decode(Status.self).pendingChanges == 2)
                #expect(try await tablet.run("sync").decode(SyncSummary.self).pushed.saved == 1)
                #expect(try await phone.run("sync").status == 0)
                #expect(try await phone.run("annotation", "show", note.id.uuidString).status == 0)
            }
        }
    }
}
