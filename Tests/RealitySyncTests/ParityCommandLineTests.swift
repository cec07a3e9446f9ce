import Foundation
import RealityAPI
import RealityCore
import Testing

extension DeviceCommandLineTests {
    /// What the services can do, the command line can (issue 20), as processes: visibility rules
    /// in words, rotation and scale, layer settings, avatar and theme, and deleting the account.
    @Suite struct ParityCommandLineTests {
        static func device() throws -> (CommandLineRunner, URL) {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-parity-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return (CommandLineRunner(store: directory.appendingPathComponent("device.sqlite").path), directory)
        }

        @Test func visibilityRules_rotationAndScale_inWords() async throws {
            let (cli, directory) = try Self.device()
            defer { try? FileManager.default.removeItem(at: directory) }
            let note: Annotation = try await cli.run(
                "annotation", "create", "--text", "Coffee", "--at", "0,0,0", "--visible",
                "weekdays 08:00-10:00 Europe/Berlin", "--visible", "sat 09:00-12:00", "--within", "5m", "--views", "3",
                "--expires", "2099-01-01", "--scale", "2", "--orientation", "0,0,0.6,0.8"
            ).decode()
            let rules = try #require(note.visibilityRules)
            #expect(rules.timeRules?.count == 2 && rules.expiresAfterViews == 3 && rules.expiresAt != nil)
            let weekdays = try #require(rules.timeRules?.first?.recurrence)
            #expect(weekdays.frequency == .weekly && weekdays.daysOfWeek == [2, 3, 4, 5, 6])
            #expect(weekdays.timeOfDay == TimeOfDay(hour: 8, minute: 0, endHour: 10, endMinute: 0))
            #expect(weekdays.timeZone == "Europe/Berlin" && rules.timeRules?.last?.recurrence?.daysOfWeek == [7])
            #expect(rules.locationRules == [LocationRule(type: .proximity, radiusMeters: 5)])
            #expect(note.scale == 2 && note.orientation == Quaternion(x: 0, y: 0, z: 0.6, w: 0.8))

            let shown = try await cli.runPlain("annotation", "show", note.id.uuidString)
            for words in [
                "weekdays 08:00-10:00 Europe/Berlin", "weekly sat 09:00-12:00", "within 5 m", "for 3 views",
                "until 2099-01-01", "scale 2.0",
            ] {
                #expect(shown.text.contains(words), "\(words) in \(shown.text)")
            }
            let changed: Annotation = try await cli.run(
                "annotation", "update", note.id.uuidString, "--visible", "every 2 weeks sun from 2026-12-06",
                "--scale", "0.5"
            ).decode()
            #expect(changed.visibilityRules?.timeRules?.first?.recurrence?.interval == 2 && changed.scale == 0.5)
            #expect(changed.visibilityRules?.expiresAfterViews == 3, "what was not named stays")
            let cleared: Annotation = try await cli.run("annotation", "update", note.id.uuidString, "--no-rules")
                .decode()
            #expect(cleared.visibilityRules == nil)

            // Words it cannot read are refused, and nothing is made.
            for bad in [
                ["--visible", "sometimes"], ["--visible", "monthly"], ["--visible", "daily 25:00-26:00"],
                ["--views", "0"],
            ] {
                let refused = try await cli.run(["annotation", "create", "--text", "x", "--at", "0,0,0"] + bad)
                #expect(refused.status == 3, "\(bad): \(refused.error)")
            }
            for bad in [["--within", "-1m"], ["--orientation", "1,2,3"], ["--scale", "nan"]] {
                let refused = try await cli.run(["annotation", "create", "--text", "x", "--at", "0,0,0"] + bad)
                #expect(refused.status != 0, "\(bad)")
            }
            let all: [Annotation] = try await cli.run("annotation", "list").decode()
            #expect(all.count == 1)
        }

        @Test func layerSettings_avatarAndTheme() async throws {
            let (cli, directory) = try Self.device()
            defer { try? FileManager.default.removeItem(at: directory) }
            _ = try await cli.run("layer", "create", "Garden").decode(Layer.self)
            // The first note makes the default layer.
            #expect(try await cli.run("annotation", "create", "--text", "x", "--at", "0,0,0").status == 0)
            let nested: Layer = try await cli.run("layer", "update", "Garden", "--parent", "My Annotations").decode()
            #expect(nested.parentLayerID != nil)
            let set: Layer = try await cli.run(
                "layer", "update", "Garden", "--auto-expire", "7", "--default-level", "comment", "--parent", "none"
            ).decode()
            #expect(set.autoExpireDays == 7 && set.defaultPermission == .commenter && set.parentLayerID == nil)
            let shown = try await cli.runPlain("layer", "show", "Garden")
            #expect(shown.text.contains("default to commenter; annotations expire after 7 days"), "\(shown.text)")
            let off: Layer = try await cli.run("layer", "update", "Garden", "--auto-expire", "off").decode()
            #expect(off.autoExpireDays == nil)
            #expect(try await cli.run("layer", "update", "Garden", "--auto-expire", "0").status == 3)
            let free = try await cli.run("layer", "update", "Garden", "--enable-public")
            #expect(free.status == 5 && free.error.contains("plan"), "the free plan does not share: \(free.error)")

            let profile: User = try await cli.run(
                "profile", "--theme", "dark", "--avatar", "https://example.com/ana.png"
            ).decode()
            #expect(
                profile.preferences.theme == .dark && profile.avatarURL?.absoluteString == "https://example.com/ana.png"
            )
            #expect(try await cli.run("profile", "--avatar", "not a url").status == 3)
        }

        @Test(arguments: Backend.allCases) func accountDelete_needsYes_thenTheAccountIsGone(backend: Backend)
            async throws
        {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                let cli = CommandLineRunner(store: harness.directory.appendingPathComponent("ana.sqlite").path)
                let login = try await cli.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                #expect(login.status == 0, "\(login.error)")
                #expect(try await cli.run("annotation", "create", "--text", "Mine", "--at", "0,0,0").status == 0)
                #expect(try await cli.run("sync").status == 0)
                let unsure = try await cli.run("account", "delete")
                #expect(unsure.status == 64 && unsure.error.contains("--yes"), "\(unsure.error)")
                #expect(try await cli.run("sync").status == 0, "nothing happened")
                let deleted = try await cli.runPlain("account", "delete", "--yes")
                #expect(deleted.status == 0 && deleted.text.contains("Deleted your account"), "\(deleted.error)")
                #expect(try await cli.run("sync").status != 0, "signed out")
                let again = try await cli.run(
                    "login", "--server", server.url, "--email", "ana@example.com", "--password", "correct horse")
                #expect(again.status != 0, "the account is gone")
            }
        }
    }
}
