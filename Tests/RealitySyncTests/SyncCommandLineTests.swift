import AsyncHTTPClient
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync
import Testing

extension DeviceCommandLineTests {
    /// The sync commands of `reality` (issue 5, "CLI"), run as processes against `reality serve`:
    /// register, login, status, sync with a strategy, conflicts and their resolution, logout, and the
    /// refusals (wrong password, another account on a bound store, syncing while signed out).
    @Suite struct SyncCommandLineTests {
        /// `reality status --json`, the parts the tests read.
        struct Status: Decodable {
            struct Scope: Decodable {
                var scope: SyncScope
                var lastSyncedAt: Date?
            }
            var userID: UserID?
            var signedIn: Bool
            var pendingChanges: Int
            var openConflicts: Int
            var scopes: [Scope]
        }

        /// `reality conflicts --json`, the parts the tests read.
        struct Conflict: Decodable {
            var recordType: RecordType
            var recordID: String
        }

        /// An error as `--json` prints it on standard error.
        struct ErrorLine: Decodable {
            struct Body: Decodable { var code: String }
            var error: Body
        }

        @Test func twoStores_registerLoginSyncSettleAConflictAndSignOut() async throws {
            try await SyncTestServer.withServerProcess(.sqlite) { server, harness in
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let tablet = CommandLineRunner(store: harness.directory.appendingPathComponent("tablet.sqlite").path)
                let credentials = ["--server", server.url, "--email", "ana@example.com", "--password", "correct horse"]

                let registered = try await phone.run(["register"] + credentials + ["--display-name", "Ana"])
                #expect(registered.status == 0, "\(registered.error)")
                let layer: Layer = try await phone.run("layer", "create", "Home").decode()
                let note: Annotation = try await phone.run(
                    "annotation", "create", "--layer", layer.id.uuidString, "--text", "Milk", "--at", "1,2,3",
                    "--title", "Shop"
                ).decode()
                var status: Status = try await phone.run("status").decode()
                #expect(
                    status.signedIn && status.pendingChanges == 2 && status.scopes.allSatisfy { $0.lastSyncedAt == nil }
                )

                let pushed: SyncSummary = try await phone.run("sync").decode()
                #expect(pushed.pushed.saved == 2 && pushed.pushed.rejected == 0)
                status = try await phone.run("status").decode()
                #expect(status.pendingChanges == 0 && status.scopes.allSatisfy { $0.lastSyncedAt != nil })

                // A second store signs in to the same account and receives the note.
                #expect(try await tablet.run(["login"] + credentials).status == 0)
                let pulled: SyncSummary = try await tablet.run("sync", "--strategy", "manual").decode()
                #expect(pulled.pulled["private"] == 3, "the layer, the note and the account's profile")
                let shown: Annotation = try await tablet.run("annotation", "show", note.id.uuidString).decode()
                #expect(shown.content.text == "Milk" && shown.title == "Shop")

                // Both change the title; the tablet, on the manual strategy, keeps the conflict.
                #expect(try await phone.run("annotation", "update", note.id.uuidString, "--title", "Phone").status == 0)
                #expect(try await phone.run("sync").status == 0)
                #expect(
                    try await tablet.run("annotation", "update", note.id.uuidString, "--title", "Tablet").status == 0)
                let conflicted: SyncSummary = try await tablet.run("sync").decode()
                #expect(conflicted.conflicts == 1)
                let conflicts: [Conflict] = try await tablet.run("conflicts").decode()
                #expect(conflicts.map(\.recordID) == [note.id.uuidString])
                status = try await tablet.run("status").decode()
                #expect(status.openConflicts == 1)
                // The ID as a person might type it: upper case.
                let resolved = try await tablet.run(
                    "conflicts", "resolve", note.id.uuidString.uppercased(), "--use", "local")
                #expect(resolved.status == 0, "\(resolved.error)")
                #expect(try await tablet.run("sync").status == 0)
                #expect(try await phone.run("sync").status == 0)
                for runner in [phone, tablet] {
                    let final: Annotation = try await runner.run("annotation", "show", note.id.uuidString).decode()
                    #expect(final.title == "Tablet")
                }
                let settled: [Conflict] = try await tablet.run("conflicts").decode()
                #expect(settled.isEmpty)

                // Refusals: one line on standard error, a non-zero exit, the store unchanged.
                let missing = try await tablet.run("conflicts", "resolve", note.id.uuidString, "--use", "remote")
                #expect(
                    missing.status != 0
                        && (try? RealityJSON.decode(ErrorLine.self, from: Data(missing.error.utf8))) != nil)
                let wrongPassword = CommandLineRunner(
                    store: harness.directory.appendingPathComponent("new.sqlite").path)
                let refused = try await wrongPassword.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "wrong horse")
                #expect(refused.status != 0 && refused.error.split(separator: "\n").count == 1)
                #expect(try await wrongPassword.run("status").decode(Status.self).userID == nil)

                let bo = try await harness.register("Bo")
                let otherAccount = try await tablet.run(
                    "login", "--server", server.url, "--email", bo.user.email ?? "", "--password", "correct horse")
                #expect(otherAccount.status != 0)
                #expect(
                    try RealityJSON.decode(ErrorLine.self, from: Data(otherAccount.error.utf8)).error.code
                        == "store_bound_to_another_account")
                status = try await tablet.run("status").decode()
                #expect(status.userID == registered.userID && status.signedIn)

                #expect(try await tablet.run("logout").status == 0)
                status = try await tablet.run("status").decode()
                #expect(!status.signedIn)
                let signedOut = try await tablet.run("sync")
                #expect(signedOut.status != 0 && signedOut.output.isEmpty)
                #expect(try await tablet.run("annotation", "show", note.id.uuidString).status == 0, "data stays")
            }
        }
    }
}

extension CommandLineRunner.Outcome {
    /// The user ID `register` or `login` printed.
    var userID: UserID? {
        struct SignedIn: Decodable { var userID: UserID }
        return try? decode(SignedIn.self).userID
    }
}
