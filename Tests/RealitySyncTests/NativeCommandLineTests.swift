import Foundation
import RealityCore
import RealityStore
import Testing

/// The command line as `git`, `gh` and `psql` users expect it (issue 16, part 2), run as
/// processes on a store file of their own.
@Suite struct NativeCommandLineTests {
    /// An error as `--json` prints it on standard error.
    struct ErrorLine: Decodable {
        struct Body: Decodable {
            var code: String
            var message: String
        }
        var error: Body
    }

    /// Runs `body` with a runner on a fresh store in a temporary directory whose local profile is
    /// on the plus plan (the free plan allows one layer, and these tests need several).
    static func withStore(_ body: (CommandLineRunner) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("reality-native-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("device.sqlite").path
        try await LazyServiceContainer(
            openStore: { try DeviceStore.open(path: path) }, currentUser: { try await $0.localProfile() }
        ).userService().upgradeSubscription(to: .plus)
        try await body(CommandLineRunner(store: path))
    }

    /// White space collapsed to single spaces, so that wrapped help text compares with README.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func negativeCoordinates_areReadAsValuesNotOptions() async throws {
        try await Self.withStore { cli in
            let created = try await cli.run("annotation", "create", "--text", "Cellar", "--at", "-4,2,1")
            #expect(created.status == 0, "\(created.error)")
            let note: Annotation = try created.decode()
            #expect(note.position == SIMD3(-4, 2, 1))
            let near: [Annotation] = try await cli.run("nearby", "--at", "-4,2,1.5", "--radius", "1").decode()
            #expect(near.map(\.id) == [note.id])
            let moved = try await cli.run("annotation", "update", note.id.uuidString, "--at", "-1,-2.5,-3")
            #expect(try moved.decode(Annotation.self).position == SIMD3(-1, -2.5, -3), "\(moved.error)")
            let visible = try await cli.run("visible", "--viewer", "-1,-2.5,-3")
            #expect(visible.status == 0, "\(visible.error)")
            let titled = try await cli.run("annotation", "update", note.id.uuidString, "--title", "-5 degrees")
            #expect(try titled.decode(Annotation.self).title == "-5 degrees", "\(titled.error)")
        }
    }

    @Test func version_isPrintedFromOneDeclaration() async throws {
        let outcome = try await CommandLineRunner(store: "/nonexistent").runVerbatim(["--version"])
        #expect(outcome.status == 0)
        let version = outcome.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil },
            "\(version)")
    }

    @Test func exitCodes_helpReadmeAndBehaviourAgree() async throws {
        let cli = CommandLineRunner(store: "/nonexistent")
        let help = Self.flattened(try await cli.runVerbatim(["--help"]).text)
        let listed = try #require(
            help.range(of: "Exit codes: ").map { help[$0.upperBound...] }?
                .prefix { $0 != "." })
        let codes = Dictionary(
            uniqueKeysWithValues: listed.split(separator: ",").map { pair in
                let words = pair.split(separator: " ", maxSplits: 1)
                return (String(words[1]), Int32(words[0]) ?? -1)
            })
        #expect(
            codes["usage"] == 64 && codes["invalid input"] == 3 && codes["not found"] == 4 && codes["conflict"] == 7)
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        #expect(
            Self.flattened(try String(contentsOf: readme, encoding: .utf8)).contains(String(listed)),
            "README lists the codes as help does: \(listed)")

        try await Self.withStore { cli in
            let usage = try await cli.run("annotation", "create", "--text", "x", "--at", "1,2,3", "--no-such-flag")
            #expect(usage.status == codes["usage"])
            let line = try RealityJSON.decode(ErrorLine.self, from: Data(usage.error.utf8))
            #expect(line.error.code == "usage" && line.error.message.contains("--no-such-flag"))
            let plain = try await cli.runPlain("annotation", "create", "--text", "x", "--at", "1,2,3", "--no-such-flag")
            #expect(
                plain.status == codes["usage"] && plain.error.hasPrefix("error: ")
                    && !plain.error.contains("error: error:"))
            #expect(!plain.error.lowercased().contains("\nerror:"), "one error: line: \(plain.error)")

            let invalid = try await cli.run("annotation", "create", "--at", "1,2,3")
            #expect(invalid.status == codes["invalid input"])
            let missing = try await cli.runPlain("annotation", "show", UUID().uuidString)
            #expect(
                missing.status == codes["not found"] && missing.error.hasPrefix("error: ")
                    && !missing.error.contains("error: error:"))
        }
    }

    @Test func errors_nameTheFlagsTheUserTyped() async throws {
        try await Self.withStore { cli in
            let noText = try await cli.runPlain("annotation", "create", "--at", "1,2,3")
            #expect(noText.status == 3 && noText.error == "error: --text is required.\n", "\(noText.error)")
            let photo = try await cli.run("annotation", "create", "--at", "1,2,3", "--type", "photo")
            #expect(
                try RealityJSON.decode(ErrorLine.self, from: Data(photo.error.utf8)).error.message
                    .hasPrefix("--media "))
            let far = try await cli.runPlain("annotation", "create", "--text", "x", "--at", "1e9,0,0")
            #expect(far.status == 3 && far.error.hasPrefix("error: --at must be between"), "\(far.error)")
            let longName = try await cli.runPlain("layer", "create", String(repeating: "n", count: 60))
            #expect(
                longName.status == 3 && longName.error.hasPrefix("error: NAME must be at most"), "\(longName.error)")
        }
    }

    @Test func serverAddresses_unreachableOrWithoutScheme_getASentenceAndAHint() async throws {
        try await Self.withStore { cli in
            let credentials = ["--email", "ana@example.com", "--password", "correct horse"]
            let noScheme = try await cli.runVerbatim(
                ["register", "--server", "127.0.0.1:9"] + credentials + ["--store", cli.store])
            #expect(
                noScheme.status == 3 && noScheme.error.contains("Hint: ") && noScheme.error.contains("http://"),
                "\(noScheme.error)")
            // Port 1 on loopback: nothing listens there.
            let down = try await cli.runVerbatim(
                ["login", "--server", "http://127.0.0.1:1"] + credentials + ["--store", cli.store])
            #expect(
                down.status == 1 && down.error.hasPrefix("error: Cannot reach the server")
                    && down.error.contains("Hint: "),
                "\(down.error)")
            for outcome in [noScheme, down] {
                #expect(!outcome.error.contains("HTTPClientError") && outcome.error.split(separator: "\n").count == 1)
            }
        }
    }

    @Test func tables_alignByDisplayWidthAndNeverCutACharacter() async throws {
        try await Self.withStore { cli in
            // Each name with the columns a terminal gives it.
            let names: [(String, Int)] = [
                ("Home 🏠", 7), ("🏠 Home", 7), ("東京オフィス", 12), ("Cafe\u{301}", 4), ("👩‍💻 Work", 7), ("한국", 4),
            ]
            for (name, _) in names {
                let created = try await cli.run("layer", "create", name)
                #expect(created.status == 0, "\(created.error)")
            }
            let table = try await cli.runPlain("layer", "list").text
            #expect(!table.contains("\u{FFFD}"))
            // The NAME column's width, read from the header's padding: every name pads to it.
            let rows = table.split(separator: "\n")
            let header = try #require(rows.first)
            let column = try #require(Self.spaces(after: "NAME", in: header)) + 4 - 2
            #expect(column >= names.map(\.1).max() ?? 0)
            for (name, width) in names {
                let row = try #require(rows.first { $0.contains(name) }, "\(name) in:\n\(table)")
                #expect(Self.spaces(after: name, in: row) == column - width + 2, "\(name) in:\n\(table)")
            }

            // Text longer than its column is cut between characters, in columns, with an ellipsis.
            let wide = String(repeating: "東", count: 30)
            #expect(try await cli.run("annotation", "create", "--text", wide, "--at", "0,0,0").status == 0)
            let list = try await cli.runPlain("annotation", "list").text
            #expect(
                list.contains(String(repeating: "東", count: 19) + "…")
                    && !list.contains(String(repeating: "東", count: 20)),
                "\(list)")
        }
    }

    @Test func ids_takeUniquePrefixesAndLayerNames_andAmbiguityListsTheCandidates() async throws {
        try await Self.withStore { cli in
            #expect(try await cli.run("layer", "create", "Work").status == 0)
            // Two notes whose IDs share their first four hex digits, written through the store.
            let first = try #require(AnnotationID(uuidString: "abcd1234-0000-4000-8000-000000000001"))
            let second = try #require(AnnotationID(uuidString: "abcd5678-0000-4000-8000-000000000002"))
            let container = LazyServiceContainer(
                openStore: { try DeviceStore.open(path: cli.store) },
                currentUser: { try await $0.localProfile() })
            let layerID = try await container.layerService().defaultLayer().id
            for (id, text) in [(first, "one"), (second, "two")] {
                _ = try await container.annotationService().createAnnotation(
                    AnnotationDraft(
                        id: id, type: .text, content: AnnotationContent(text: text), position: SIMD3(0, 0, 0),
                        layerID: layerID))
            }

            let ambiguous = try await cli.run("annotation", "show", "ABCD")
            let line = try RealityJSON.decode(ErrorLine.self, from: Data(ambiguous.error.utf8))
            #expect(ambiguous.status == 3 && line.error.code == "ambiguous_id")
            #expect(line.error.message.contains(first.uuidString) && line.error.message.contains(second.uuidString))
            let shown: Annotation = try await cli.run("annotation", "show", "abcd12").decode()
            #expect(shown.id == first)
            #expect(try await cli.run("annotation", "show", "ABCD5678-0000").decode(Annotation.self).id == second)
            let tooShort = try await cli.run("annotation", "show", "abc")
            #expect(tooShort.status == 3, "\(tooShort.error)")
            let none = try await cli.run("annotation", "show", "ffff")
            #expect(none.status == 4, "\(none.error)")

            // A layer by name or prefix; a user as `me`.
            let moved: Annotation = try await cli.run("annotation", "move", "abcd1", "--layer", "work").decode()
            let work: Layer = try await cli.run("layer", "show", "Work").decode()
            #expect(moved.layerID == work.id && work.name == "Work")
            #expect(
                try await cli.run("layer", "show", String(work.id.uuidString.prefix(6))).decode(Layer.self).id
                    == work.id)
            let mine: [Annotation] = try await cli.run("search", "--creator", "me").decode()
            #expect(Set(mine.map(\.id)) == [first, second])
            let inWork: [Annotation] = try await cli.run("search", "--layer", "Work").decode()
            #expect(inWork.map(\.id) == [first])
        }
    }

    @Test func times_relativeInTables_iso8601InJSON_andDayWordsAccepted() async throws {
        try await Self.withStore { cli in
            let created = try await cli.run("annotation", "create", "--text", "Today's note", "--at", "0,0,0")
            let note: Annotation = try created.decode()
            let json = try #require(try JSONSerialization.jsonObject(with: created.output) as? [String: Any])
            let stamp = try #require(json["createdAt"] as? String)
            #expect(Timestamp.parse(stamp) != nil && stamp.contains("T"), "ISO 8601 in JSON: \(stamp)")
            #expect(try await cli.run("comment", "add", note.id.uuidString, "--text", "Seen").status == 0)
            let comments = try await cli.runPlain("comment", "list", String(note.id.uuidString.prefix(8))).text
            #expect(comments.contains("just now"), "\(comments)")

            let today: [Annotation] = try await cli.run("search", "--from", "today").decode()
            #expect(today.map(\.id) == [note.id])
            let before: [Annotation] = try await cli.run("search", "--to", "yesterday").decode()
            #expect(before.isEmpty)
            let sinceYesterday: [Annotation] = try await cli.run("search", "--from", "yesterday", "--to", "tomorrow")
                .decode()
            #expect(sinceYesterday.map(\.id) == [note.id])
            #expect(try await cli.run("visible", "--at", "yesterday").status == 0)
            #expect(try await cli.run("search", "--from", "someday").status == 64, "not a date: a usage error")
        }
    }

    @Test func hiddenLayers_leaveListsNearbyAndSearch_unlessAll_andDeletingSaysWhatMoves() async throws {
        try await Self.withStore { cli in
            #expect(try await cli.run("layer", "create", "Work").status == 0)
            let home: Annotation = try await cli.run("annotation", "create", "--text", "milk", "--at", "1,0,0").decode()
            let work: Annotation = try await cli.run(
                "annotation", "create", "--text", "milk report", "--at", "1,0,0", "--layer", "Work"
            ).decode()
            #expect(try await cli.run("layer", "hide", "Work").status == 0)

            let listed: [Annotation] = try await cli.run("annotation", "list").decode()
            #expect(listed.map(\.id) == [home.id])
            let all: [Annotation] = try await cli.run("annotation", "list", "--all").decode()
            #expect(Set(all.map(\.id)) == [home.id, work.id])
            let near: [Annotation] = try await cli.run("nearby", "--at", "1,0,0", "--radius", "1").decode()
            #expect(near.map(\.id) == [home.id])
            let found: [Annotation] = try await cli.run("search", "milk").decode()
            #expect(found.map(\.id) == [home.id])
            let foundAll: [Annotation] = try await cli.run("search", "milk", "--all").decode()
            #expect(Set(foundAll.map(\.id)) == [home.id, work.id])
            let visible: [Annotation] = try await cli.run("visible").decode()
            #expect(!visible.map(\.id).contains(work.id))

            let deleted = try await cli.runPlain("layer", "delete", "Work")
            #expect(
                deleted.status == 0 && deleted.text.contains("1 annotation moved to My Annotations"), "\(deleted.text)")
            let after: [Annotation] = try await cli.run("annotation", "list").decode()
            #expect(Set(after.map(\.id)) == [home.id, work.id], "the notes moved to a visible layer")
        }
    }

    @Test func notifications_readInFull_andAllMarkedRead() async throws {
        try await Self.withStore { cli in
            #expect(try await cli.run("profile").status == 0)
            let me = try await DeviceStore.open(path: cli.store).localProfile()
            // Someone else (not in this store) tells the device's user two things.
            let other = LazyServiceContainer(
                openStore: { try DeviceStore.open(path: cli.store) }, currentUser: { _ in UserID() })
            let long = String(repeating: "A long message that does not fit a table cell. ", count: 4)
            for body in [long, "Short"] {
                try await other.notificationService().send(
                    to: me, type: .comment, title: "New comment", body: body, annotationID: nil)
            }
            let inbox: [AppNotification] = try await cli.run("notifications").decode()
            #expect(inbox.count == 2 && inbox.allSatisfy { !$0.isRead })
            let longOne = try #require(inbox.first { $0.body == long })
            let shown = try await cli.runPlain("notifications", "--show", String(longOne.id.lowercasedString.prefix(8)))
            #expect(shown.status == 0 && shown.text.contains(long), "in full: \(shown.text)\(shown.error)")
            let afterShow: [AppNotification] = try await cli.run("notifications", "--unread").decode()
            #expect(afterShow.map(\.body) == ["Short"])
            #expect(try await cli.run("notifications", "--mark-all-read").status == 0)
            let unread: [AppNotification] = try await cli.run("notifications", "--unread").decode()
            #expect(unread.isEmpty)
        }
    }

    /// How many spaces follow `text` in `line`.
    static func spaces(after text: String, in line: Substring) -> Int? {
        line.firstRange(of: text).map { line[$0.upperBound...].prefix { $0 == " " }.count }
    }

    @Test func serveHelp_listsOnlyTheServersOptions() async throws {
        let help = try await CommandLineRunner(store: "/nonexistent").runVerbatim(["serve", "--help"]).text
        #expect(help.contains("--port") && help.contains("--postgres"))
        #expect(!help.contains("--store") && !help.contains("--json"), "\(help)")
    }
}

extension DeviceCommandLineTests {
    /// The native command line against `reality serve`: the server's refusals exit with the
    /// codes README and `--help` list.
    @Suite struct NativeServerCommandLineTests {
        @Test func registeringATakenEmail_exitsWithTheConflictCode() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let first = CommandLineRunner(store: harness.directory.appendingPathComponent("first.sqlite").path)
                let second = CommandLineRunner(store: harness.directory.appendingPathComponent("second.sqlite").path)
                let credentials = ["--server", server.url, "--email", "ana@example.com", "--password", "correct horse"]
                let registered = try await first.run(["register"] + credentials)
                #expect(registered.status == 0, "\(registered.error)")
                let taken = try await second.run(["register"] + credentials)
                #expect(taken.status == 7, "\(taken.error)")
                let line = try RealityJSON.decode(NativeCommandLineTests.ErrorLine.self, from: Data(taken.error.utf8))
                #expect(line.error.code == "email_taken")
            }
        }
    }
}
