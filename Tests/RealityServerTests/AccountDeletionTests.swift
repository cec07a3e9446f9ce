import Foundation
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

@Suite("Account deletion and export")
struct AccountDeletionTests {
    @Test(arguments: Backend.allCases) func deleteMe_removesEverything_andTheTokenStopsAtOnce(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            _ = try await api.send(
                .post, "/api/v1/layers/\(layer.id)/permissions", token: a.token,
                json: GrantRequest(userID: b.id, level: .viewer))

            // Her lookups spent: her bucket is empty.
            var spent = false
            for _ in 0...SharedRateLimit.emailLookups.burst where !spent {
                spent = try await api.store.takeToken(.emailLookups, subject: a.id.uuidString, now: Date()) != nil
            }
            #expect(spent)
            let export = try await api.send(.get, "/api/v1/me/export", token: a.token)
            #expect(export.status == .ok)
            let document = try export.decode(AccountExport.self)
            #expect(document.annotations.map(\.id) == [note.id])
            #expect(document.layers.map(\.id) == [layer.id])

            #expect(try await api.send(.delete, "/api/v1/me", token: a.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/me", token: a.token).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: b.token).status == .notFound)
            #expect(try await api.store.deletionRecorded(for: a.id))
            #expect(try await api.store.user(id: a.id) == nil)
            #expect(try await api.store.annotation(id: note.id) == nil)
            #expect(try await api.store.layer(id: layer.id) == nil)
            // Nothing keyed by the account stays, not even the bucket of its lookups.
            #expect(try await api.store.takeToken(.emailLookups, subject: a.id.uuidString, now: Date()) == nil)
            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "alice@example.com", password: "correct horse"))
            #expect(login.status == .unauthorized)
        }
    }

    /// The export holds everything the user did, not only what they own (issue 20).
    @Test(arguments: Backend.allCases) func export_holdsStarsReadsReactionsGrantsInvitations_andEveryNotification(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            try await api.setTier(.plus, for: a.id)
            try await api.setTier(.plus, for: b.id)
            let bobs = try await api.createLayer(b)
            let note = try await api.createNote(b, in: bobs.id)
            try await api.share(bobs.id, by: b, with: a, as: .editor)
            #expect(try await api.send(.put, "/api/v1/annotations/\(note.id)/star", token: a.token).status.code < 300)
            #expect(try await api.send(.post, "/api/v1/annotations/\(note.id)/views", token: a.token).status.code < 300)
            #expect(try await api.send(.post, "/api/v1/annotations/\(note.id)/views", token: a.token).status.code < 300)
            let reacted = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/reactions", token: a.token, json: ReactionRequest(emoji: "🎉"))
            #expect(reacted.status.code < 300)
            let c = try await api.register("Carol")
            let shared = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/permissions", token: a.token,
                json: GrantRequest(userID: c.id, level: .viewer))
            #expect(shared.status == .created, "an editor may share Bob's note")
            let invited = try await api.send(
                .post, "/api/v1/invitations", token: a.token,
                json: InvitationRequest(email: "dan@example.com", layerID: bobs.id, level: .viewer))
            #expect(invited.status == .created)
            // Bob's comments notify Alice; more than one page of them.
            for index in 0..<3 {
                _ = try await api.comment(b, on: note.id, "note \(index) for @Alice")
            }

            let document = try await api.send(.get, "/api/v1/me/export", token: a.token).decode(AccountExport.self)
            #expect(document.stars.map(\.annotationID) == [note.id])
            #expect(document.reads.map(\.annotationID) == [note.id] && document.reads.first?.views == 2)
            #expect(document.reactionsGiven.map(\.reaction.emoji) == ["🎉"])
            #expect(document.reactionsGiven.first?.annotationID == note.id)
            #expect(document.grantsGiven.map(\.permission.userID) == [c.id])
            #expect(document.grantsGiven.first?.annotationID == note.id && document.grantsGiven.first?.layerID == nil)
            #expect(document.invitations.map(\.email) == ["dan@example.com"])
            #expect(document.notifications.count >= 3)
            #expect(document.annotations.isEmpty, "the note is Bob's")
            let bobsExport = try await api.send(.get, "/api/v1/me/export", token: b.token).decode(AccountExport.self)
            #expect(bobsExport.stars.isEmpty && bobsExport.invitations.isEmpty)
            #expect(bobsExport.grantsGiven.map(\.permission.userID) == [a.id])
        }
    }

    @Test(arguments: Backend.allCases) func me_patch_preferences_usage(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let renamed = try await api.send(.patch, "/api/v1/me", token: a.token, raw: #"{"displayName":"Ally"}"#)
            #expect(renamed.status == .ok)
            #expect(try renamed.decode(User.self).displayName == "Ally")
            var preferences = UserPreferences()
            preferences.timeZone = "Europe/Berlin"
            let put = try await api.send(.put, "/api/v1/me/preferences", token: a.token, json: preferences)
            #expect(put.status == .ok)
            #expect(try put.decode(User.self).preferences.timeZone == "Europe/Berlin")
            let bad = try await api.send(.put, "/api/v1/me/preferences", token: a.token, raw: #"{"theme":"neon"}"#)
            #expect(bad.status == .badRequest)
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token)
            #expect(usage.status == .ok)
            #expect(try usage.decode(UsageStats.self).limits.maxLayers == 1)
        }
    }
}
