import Foundation
import RealityCore
import RealityStore
import Testing

/// Tables for people (issue 16): names, not UUIDs, for owners, authors and layers; short IDs that
/// tell records apart even when they were made in the same minute, and that resolve when typed
/// back; full IDs in JSON. Run as processes on a store file of their own.
@Suite struct TableNamesCommandLineTests {
    /// The first column of each row of a table (below its header).
    static func firstColumn(_ table: String) -> [String] {
        table.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// The row of `table` that contains `text`.
    static func row(containing text: String, in table: String) -> Substring? {
        table.split(separator: "\n").first { $0.contains(text) }
    }

    @Test func annotationAndLayerTables_showNamesAndShortIDs_thatResolveBack() async throws {
        try await NativeCommandLineTests.withStore { cli in
            let work: Layer = try await cli.run("layer", "create", "Work").decode()
            let sub: Layer = try await cli.run("layer", "create", "Errands", "--parent", "Work").decode()
            // Notes made within a minute share their first 8 hex digits (time-ordered IDs), and
            // two written through the store share their first 11 characters.
            var notes: [Annotation] = []
            for number in 1...3 {
                notes.append(
                    try await cli.run(
                        "annotation", "create", "--text", "note \(number)", "--at", "0,0,0", "--layer", "Work"
                    ).decode())
            }
            let twins = [
                try #require(AnnotationID(uuidString: "abcdef01-23aa-4000-8000-000000000001")),
                try #require(AnnotationID(uuidString: "abcdef01-23bb-4000-8000-000000000002")),
            ]
            let services = LazyServiceContainer(
                openStore: { try DeviceStore.open(path: cli.store) },
                currentUser: { try await $0.localProfile() })
            for id in twins {
                notes.append(
                    try await services.annotationService().createAnnotation(
                        AnnotationDraft(
                            id: id, type: .text, content: AnnotationContent(text: "twin"), position: .zero,
                            layerID: sub.id)))
            }

            let table = try await cli.runPlain("annotation", "list").text
            let shown = Self.firstColumn(table)
            #expect(shown.count == notes.count && Set(shown).count == notes.count, "distinct short IDs:\n\(table)")
            #expect(shown.allSatisfy { $0.count >= 8 && $0.count < 36 }, "\(table)")
            #expect(shown.contains("abcdef01-23a") && shown.contains("abcdef01-23b"), "\(table)")
            for note in notes {
                #expect(!table.contains(note.id.uuidString) && !table.contains(note.layerID.uuidString))
            }
            let firstRow = try #require(Self.row(containing: "note 1", in: table))
            #expect(firstRow.contains("Work") && firstRow.contains(" me "), "layer and owner by name: \(firstRow)")
            #expect(Self.row(containing: "twin", in: table)?.contains("Errands") == true)
            var resolved: Set<AnnotationID> = []
            for short in shown {
                let outcome = try await cli.run("annotation", "show", short)
                #expect(outcome.status == 0, "\(short): \(outcome.error)")
                resolved.insert(try outcome.decode(Annotation.self).id)
            }
            #expect(resolved == Set(notes.map(\.id)), "every short ID names its own note")

            // JSON keeps the full IDs.
            let listed: [Annotation] = try await cli.run("annotation", "list").decode()
            let me = try await services.context().userID
            #expect(listed.allSatisfy { $0.ownerID == me } && Set(listed.map(\.layerID)) == [work.id, sub.id])

            // The same in nearby, search and a note in full.
            for command in [
                ["nearby", "--at", "0,0,0", "--radius", "1"], ["search", "note"], ["search", "--creator", "me"],
            ] {
                let found = try await cli.runVerbatim(command + ["--store", cli.store]).text
                #expect(Self.row(containing: "note 2", in: found)?.contains("Work") == true, "\(command): \(found)")
                #expect(!found.contains(me.uuidString), "\(command): \(found)")
            }
            let detail = try await cli.runPlain("annotation", "show", notes[0].id.uuidString).text
            #expect(
                detail.contains("layer Work") && detail.contains("by me") && !detail.contains(me.uuidString),
                "\(detail)")

            // Layers: their own short IDs, the parent and the owner by name.
            let layers = try await cli.runPlain("layer", "list").text
            #expect(Self.row(containing: "Errands", in: layers)?.contains("Work") == true, "\(layers)")
            #expect(Self.row(containing: "Errands", in: layers)?.contains("me") == true, "\(layers)")
            #expect(!layers.contains(work.id.uuidString) && !layers.contains(me.uuidString), "\(layers)")
            for short in Self.firstColumn(layers) {
                #expect(try await cli.run("layer", "show", short).status == 0, "\(short)")
            }
        }
    }

    @Test func commentNotificationAndActivityTables_nameTheirAuthors_andTheirShortIDsResolve() async throws {
        try await NativeCommandLineTests.withStore { cli in
            #expect(try await cli.run("profile", "--name", "Ana").status == 0)
            let note: Annotation = try await cli.run("annotation", "create", "--text", "Milk", "--at", "1,0,0").decode()
            for text in ["first", "second"] {
                #expect(try await cli.run("comment", "add", note.id.uuidString, "--text", text).status == 0)
            }
            let comments = try await cli.runPlain("comment", "list", note.id.uuidString).text
            let ids = Self.firstColumn(comments)
            #expect(
                ids.count == 2 && Set(ids).count == 2 && ids.allSatisfy { $0.count >= 8 && $0.count < 36 },
                "\(comments)")
            #expect(Self.row(containing: "first", in: comments)?.contains(" me ") == true, "\(comments)")
            let reply = try await cli.run("comment", "reply", ids[0], "--text", "a reply")
            #expect(reply.status == 0, "\(reply.error)")
            let replies = try await cli.runPlain("comment", "list", note.id.uuidString).text
            #expect(
                Self.row(containing: "a reply", in: replies)?.contains(ids[0]) == true, "reply to, short: \(replies)")

            let activity = try await cli.runPlain("activity").text
            #expect(activity.contains(" me ") && !activity.contains(note.id.uuidString), "\(activity)")
            let shortNote = try #require(
                Self.row(containing: "Milk", in: try await cli.runPlain("annotation", "list").text)?
                    .split(separator: " ").first.map(String.init))
            #expect(activity.contains(shortNote), "\(activity)")

            // Two notifications made the same millisecond: the table tells them apart.
            let me = try await DeviceStore.open(path: cli.store).localProfile()
            let other = LazyServiceContainer(
                openStore: { try DeviceStore.open(path: cli.store) }, currentUser: { _ in UserID() })
            for body in ["one", "two"] {
                try await other.notificationService().send(
                    to: me, type: .comment, title: "Hi", body: body, annotationID: nil)
            }
            let inbox = try await cli.runPlain("notifications").text
            let shortIDs = Self.firstColumn(inbox)
            #expect(shortIDs.count == 2 && Set(shortIDs).count == 2, "\(inbox)")
            for short in shortIDs {
                let shown = try await cli.runPlain("notifications", "--show", short)
                #expect(shown.status == 0, "\(short): \(shown.error)")
            }
        }
    }

    @Test func profileAndUsage_countLayersAlike_withoutMyAnnotations() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reality-profile-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cli = CommandLineRunner(store: directory.appendingPathComponent("free.sqlite").path)
        #expect(try await cli.run("annotation", "create", "--text", "x", "--at", "0,0,0").status == 0)
        for expected in [0, 1] {
            let profile: User = try await cli.run("profile").decode()
            let usage: UsageStats = try await cli.run("usage").decode()
            #expect(profile.layerCount == expected && usage.layerCount == expected)
            #expect(try await cli.runPlain("profile").text.contains("\(expected) layers"))
            #expect(try await cli.runPlain("usage").text.contains("layers      \(expected) of 1"))
            if expected == 0 { #expect(try await cli.run("layer", "create", "Work").status == 0) }
        }
    }
}
