import Foundation
import RealityCore
import RealitySync
import Testing

extension DeviceCommandLineTests {
    /// Conflicts through the command line (issue 16), run as processes against `reality serve`:
    /// which fields differ with both values, one vocabulary for `--strategy` and `--use`, the
    /// strategy in `status`, and a sync summary that counts the conflicts it met and how they ended.
    @Suite struct ConflictCommandLineTests {
        /// `reality conflicts --json`, the parts these tests read.
        struct Listed: Decodable {
            struct Field: Decodable {
                var field: String
                var name: String
                var local: String?
                var remote: String?
            }
            var recordID: String
            var fields: [Field]
        }

        /// `reality status --json`, the parts these tests read.
        struct Status: Decodable {
            var strategy: String
            var openConflicts: Int
        }

        /// Two devices of one account, signed in and synced, with one note on both.
        static func twoDevices(
            _ server: ServerProcess, _ harness: SyncTestServer
        ) async throws -> (CommandLineRunner, CommandLineRunner, Annotation) {
            let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
            let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
            let credentials = ["--server", server.url, "--email", "ana@example.com", "--password", "correct horse"]
            #expect(try await phone.run(["register"] + credentials + ["--display-name", "Ana"]).status == 0)
            let note: Annotation = try await phone.run(
                "annotation", "create", "--text", "Milk", "--title", "Shop", "--at", "1,2,3"
            ).decode()
            #expect(try await phone.run("sync").status == 0)
            #expect(try await tablet.run(["login"] + credentials).status == 0)
            #expect(try await tablet.run("sync").status == 0)
            return (phone, tablet, note)
        }

        @Test func manualConflicts_showEachDifferingFieldWithBothValues_inOneVocabulary() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let (phone, tablet, note) = try await Self.twoDevices(server, harness)
                // The words README showed before are still read; status says the strategy in the new ones.
                #expect(try await tablet.run("sync", "--strategy", "useRemote").status == 0)
                #expect(try await tablet.run("status").decode(Status.self).strategy == "remote")
                #expect(try await tablet.runPlain("status").text.contains("strategy  remote"))
                #expect(try await tablet.run("sync", "--strategy", "manual").status == 0)
                #expect(try await tablet.runPlain("status").text.contains("strategy  manual"))

                #expect(
                    try await phone.run(
                        "annotation", "update", note.id.uuidString, "--title", "Phone", "--text", "Oat milk"
                    ).status == 0)
                #expect(try await phone.run("sync").status == 0)
                #expect(
                    try await tablet.run(
                        "annotation", "update", note.id.uuidString, "--title", "Tablet", "--text", "Soy milk"
                    ).status == 0)
                #expect(try await tablet.run("sync").decode(SyncSummary.self).conflicts == 1)

                let listed: [Listed] = try await tablet.run("conflicts").decode()
                let fields = try #require(listed.first).fields
                #expect(listed.map(\.recordID) == [note.id.uuidString])
                #expect(fields.map(\.name).sorted() == ["text", "title"], "\(fields.map(\.field))")
                #expect(
                    fields.first { $0.name == "title" }.map { [$0.local, $0.remote] } == [Optional("Tablet"), "Phone"])
                #expect(
                    fields.first { $0.name == "text" }.map { [$0.local, $0.remote] } == [
                        Optional("Soy milk"), "Oat milk",
                    ])

                let table = try await tablet.runPlain("conflicts").text
                #expect(
                    table.split(separator: "\n").contains {
                        $0.contains("title") && $0.contains("Tablet") && $0.contains("Phone")
                    },
                    "\(table)")
                #expect(
                    table.split(separator: "\n").contains {
                        $0.contains("text") && $0.contains("Soy milk") && $0.contains("Oat milk")
                    },
                    "\(table)")
                let short = try #require(
                    table.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
                #expect(short.count >= 8 && short.count < 36 && !table.contains(note.id.uuidString), "\(table)")
                let shown = try await tablet.runPlain("conflicts", "show", short)
                #expect(
                    shown.status == 0 && shown.text.contains("edited") && shown.text.contains("Soy milk"),
                    "\(shown.text)\(shown.error)")

                // --use takes the same words; manual is a strategy, not a version.
                #expect(try await tablet.run("conflicts", "resolve", short, "--use", "manual").status == 64)
                let resolved = try await tablet.run("conflicts", "resolve", short, "--use", "remote")
                #expect(resolved.status == 0, "\(resolved.error)")
                #expect(try await tablet.run("status").decode(Status.self).openConflicts == 0)
                #expect(
                    try await tablet.run("annotation", "show", note.id.uuidString).decode(Annotation.self).title
                        == "Phone")

                // Merged on request: each field takes its later edit. The tablet's title is older
                // than the phone's, its text newer.
                #expect(
                    try await tablet.run("annotation", "update", note.id.uuidString, "--title", "Tablet again").status
                        == 0)
                try await Task.sleep(for: .milliseconds(20))
                #expect(
                    try await phone.run(
                        "annotation", "update", note.id.uuidString, "--title", "Phone again", "--text", "Rice milk"
                    ).status == 0)
                #expect(try await phone.run("sync").status == 0)
                try await Task.sleep(for: .milliseconds(20))
                #expect(
                    try await tablet.run("annotation", "update", note.id.uuidString, "--text", "Almond milk").status
                        == 0)
                #expect(try await tablet.run("sync").decode(SyncSummary.self).conflicts == 1)
                let merged = try await tablet.run(
                    "conflicts", "resolve", String(note.id.uuidString.prefix(8)), "--use", "merge")
                #expect(merged.status == 0, "\(merged.error)")
                #expect(try await tablet.run("sync").status == 0)
                #expect(try await phone.run("sync").status == 0)
                for device in [phone, tablet] {
                    let final: Annotation = try await device.run("annotation", "show", note.id.uuidString).decode()
                    #expect(final.title == "Phone again" && final.content.text == "Almond milk", "\(device.store)")
                }

                // Help lists the words from one declaration.
                let syncHelp = try await tablet.runVerbatim(["sync", "--help"]).text
                let useHelp = try await tablet.runVerbatim(["conflicts", "resolve", "--help"]).text
                for word in [
                    "merge (merge field by field, the later edit of each field wins)",
                    "local (keep this device's version)", "remote (take the server's version)",
                ] {
                    #expect(NativeCommandLineTests.flattened(syncHelp).contains(word), "\(syncHelp)")
                    #expect(NativeCommandLineTests.flattened(useHelp).contains(word), "\(useHelp)")
                }
                #expect(syncHelp.contains("merge|local|remote|manual") && useHelp.contains("merge|local|remote"))
            }
        }

        @Test func aConflictMergedOnPush_isCountedAsFoundAndMergedAutomatically() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let (phone, tablet, note) = try await Self.twoDevices(server, harness)
                #expect(
                    try await phone.run("annotation", "update", note.id.uuidString, "--text", "phone's text").status
                        == 0)
                try await Task.sleep(for: .milliseconds(20))
                #expect(
                    try await tablet.run("annotation", "update", note.id.uuidString, "--text", "tablet's text").status
                        == 0)
                #expect(try await phone.run("sync").status == 0)
                let summary: SyncSummary = try await tablet.run("sync").decode()
                #expect(summary.pushed.conflicts == 1 && summary.merged == 1 && summary.conflicts == 0, "\(summary)")
                #expect(summary.pushed.merged == 1 && summary.pushed.leftForUser == 0, "\(summary)")
                #expect(try await phone.run("sync").status == 0)
                for device in [phone, tablet] {
                    let text = try await device.run("annotation", "show", note.id.uuidString).decode(Annotation.self)
                        .content.text
                    #expect(text == "tablet's text", "the later edit wins on \(device.store)")
                }

                // The summary for people says the same.
                #expect(
                    try await phone.run("annotation", "update", note.id.uuidString, "--title", "phone's title").status
                        == 0)
                try await Task.sleep(for: .milliseconds(20))
                #expect(
                    try await tablet.run("annotation", "update", note.id.uuidString, "--title", "tablet's title").status
                        == 0)
                #expect(try await phone.run("sync").status == 0)
                let text = try await tablet.runPlain("sync").text
                #expect(text.contains("conflicts  1 found: 1 merged automatically, 0 left for you"), "\(text)")
                #expect(text.contains("1 saved, 1 conflicts, 0 rejected"), "\(text)")
            }
        }
    }
}
