import Foundation
import RealityAPI
import RealityCore
import Testing

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
            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "alice@example.com", password: "correct horse"))
            #expect(login.status == .unauthorized)
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
