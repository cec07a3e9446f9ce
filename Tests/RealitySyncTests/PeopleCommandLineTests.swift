import Foundation
import RealityAPI
import RealityCore
import Testing

extension DeviceCommandLineTests {
    /// Sharing by email from the command line (issue 20), as processes against `reality serve`:
    /// `share` gives someone with an account access at once and invites anyone else until they
    /// register; `members` lists who is in; `revoke` takes access back; `invitations` lists and
    /// withdraws what was sent.
    @Suite struct PeopleCommandLineTests {
        @Test(arguments: Backend.allCases) func shareByEmail_members_revoke_andInvitations(backend: Backend)
            async throws
        {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                _ = try await harness.register("Bo")
                let ana = CommandLineRunner(store: harness.directory.appendingPathComponent("ana.sqlite").path)
                let bo = CommandLineRunner(store: harness.directory.appendingPathComponent("bo.sqlite").path)
                let cy = CommandLineRunner(store: harness.directory.appendingPathComponent("cy.sqlite").path)
                for (device, email) in [(ana, "ana@example.com"), (bo, "bo@example.com")] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", email, "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }
                let trip: Layer = try await ana.run("layer", "create", "Trip").decode()
                #expect(
                    try await ana.run("annotation", "create", "--layer", "Trip", "--text", "Tent", "--at", "0,0,0")
                        .status
                        == 0)
                #expect(try await ana.run("sync").status == 0)

                // Bo has an account: access at once, and his next sync brings the layer.
                let shared = try await ana.runPlain("share", "Trip", "--with", "BO@example.com", "--level", "comment")
                #expect(shared.status == 0 && shared.text.contains("Shared Trip with bo@example.com"), "\(shared.text)")
                #expect(try await bo.run("sync").status == 0)
                let boLayers: [Layer] = try await bo.run("layer", "list").decode()
                #expect(boLayers.contains { $0.id == trip.id })

                // Cy has none: invited until Cy registers.
                let invited: Invitation = try await ana.run(
                    "share", "Trip", "--with", "cy@example.com", "--level", "view", "--expires", "2099-01-01"
                ).decode()
                #expect(invited.status == .pending && invited.level == .viewer && invited.grantExpiresAt != nil)
                #expect(
                    try await cy.run(
                        "register", "--server", server.url, "--email", "cy@example.com", "--display-name", "Cy",
                        "--password",
                        "correct horse"
                    ).status == 0)
                #expect(try await cy.run("sync").status == 0)
                let cyLayers: [Layer] = try await cy.run("layer", "list").decode()
                #expect(cyLayers.contains { $0.id == trip.id })

                let members = try await ana.runPlain("members", "Trip")
                #expect(members.status == 0, "\(members.error)")
                for expected in ["Ana", "owner", "Bo", "commenter", "Cy", "viewer", "2099"] {
                    #expect(members.text.contains(expected), "\(expected) in \(members.text)")
                }
                let sent: [Invitation] = try await ana.run("invitations").decode()
                #expect(Set(sent.map(\.status)) == [.accepted])

                // A comment Ana edits reaches Bo edited; Bo cannot edit hers.
                let tent: [Annotation] = try await ana.run("annotation", "list").decode()
                let note = try #require(tent.first { $0.layerID == trip.id })
                let comment: RealityCore.Comment = try await ana.run(
                    "comment", "add", note.id.uuidString, "--text", "Tnet"
                ).decode()
                let edited: RealityCore.Comment = try await ana.run(
                    "comment", "edit", comment.id.uuidString, "--text", "Tent"
                ).decode()
                #expect(edited.isEdited && edited.text == "Tent")
                #expect(try await ana.run("sync").status == 0)
                #expect(try await bo.run("sync").status == 0)
                let seen: [RealityCore.Comment] = try await bo.run("comment", "list", note.id.uuidString).decode()
                #expect(
                    seen.first { $0.id == comment.id }.map { ($0.text, $0.isEdited) } ?? ("", false) == ("Tent", true))
                #expect(try await bo.run("comment", "edit", comment.id.uuidString, "--text", "Mine").status != 0)
                // Edited again after it went: the push carries the new text.
                #expect(try await ana.run("comment", "edit", comment.id.uuidString, "--text", "The tent").status == 0)
                #expect(try await ana.run("sync").status == 0)
                #expect(try await bo.run("sync").status == 0)
                let again: [RealityCore.Comment] = try await bo.run("comment", "list", note.id.uuidString).decode()
                #expect(again.first { $0.id == comment.id }?.text == "The tent")

                // Revoked by email: Bo's next sync takes the layer away.
                #expect(try await ana.run("revoke", "Trip", "--from", "bo@example.com").status == 0)
                #expect(try await bo.run("sync").status == 0)
                let after: [Layer] = try await bo.run("layer", "list").decode()
                #expect(!after.contains { $0.id == trip.id })

                // A layer made a moment ago on the device is shared without a sync first (share pushes).
                #expect(try await ana.run("layer", "create", "Fresh").status == 0)
                let fresh = try await ana.run("share", "Fresh", "--with", "bo@example.com", "--level", "view")
                #expect(fresh.status == 0, "\(fresh.error)")
                let unknown = try await ana.run("share", "Nowhere", "--with", "bo@example.com", "--level", "view")
                #expect(unknown.status == 4 && unknown.error.contains("no layer or annotation"), "\(unknown.error)")

                // A pending invitation withdrawn; an unknown level or a viewer sharing are refused.
                let pending: Invitation = try await ana.run(
                    "share", "Trip", "--with", "dee@example.com", "--level", "edit"
                ).decode()
                let withdrawn: [Invitation] = try await ana.run(
                    "invitations", "--withdraw", pending.id.uuidString
                ).decode()
                #expect(withdrawn.first { $0.id == pending.id }?.status == .revoked)
                let badLevel = try await ana.run("share", "Trip", "--with", "x@example.com", "--level", "emperor")
                #expect(badLevel.status == 64, "\(badLevel.error)")
                let notAllowed = try await cy.run(
                    "share", trip.id.uuidString, "--with", "x@example.com", "--level", "view")
                #expect(notAllowed.status != 0, "\(notAllowed.error)")
            }
        }
    }
}
