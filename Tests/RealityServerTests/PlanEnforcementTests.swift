import Foundation
import RealityAPI
import RealityCore
import Testing

/// The plan is enforced wherever sharing happens (issue 17): public layers, grants, world maps,
/// on REST and sync push; and what a lapsed paid plan leaves (docs/seed-fixes.md).
@Suite("Plan enforcement")
struct PlanEnforcementTests {
    @Test("a free account cannot make a layer public, by REST or by push", arguments: Backend.allCases)
    func freeAccount_cannotMakeALayerPublic(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let free = try await api.register("Fran")
            let layer = try await api.createLayer(free)
            let patch = try await api.send(
                .patch, "/api/v1/layers/\(layer.id)", token: free.token, raw: #"{"isPublic":true}"#)
            #expect(patch.status == .forbidden)
            #expect(patch.errorCode == "sharing_not_allowed_on_tier")

            var pushed = layer
            pushed.isPublic = true
            let base = try await api.store.changeTag(of: .layer, id: layer.id.uuidString)
            let results = try await api.push(
                free,
                [
                    SyncMutation(
                        mutationID: newMutationID(), recordType: .layer, recordID: layer.id.uuidString, op: .save,
                        baseChangeTag: base, fields: .layer(pushed))
                ])
            #expect(results.map(\.status) == [.rejected])
            #expect(results.first?.error?.code == "sharing_not_allowed_on_tier")
            #expect(try await api.store.layer(id: layer.id)?.isPublic == false)
        }
    }

    @Test(
        "when a paid plan lapses, shares stay readable, nobody else writes, nothing new is shared, revoking works",
        arguments: Backend.allCases)
    func lapsedPlan_keepsSharesReadable_butStopsOthersWritingAndNewShares(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            try await api.setTier(.plus, for: alice.id)
            let bob = try await api.register("Bob")
            try await api.setTier(.plus, for: bob.id)
            let carol = try await api.register("Carol")
            let layer = try await api.createLayer(alice)
            let note = try await api.createNote(alice, in: layer.id)
            try await api.share(layer.id, by: alice, with: bob, as: .editor)
            try await api.share(layer.id, by: alice, with: carol, as: .viewer)
            #expect(
                try await api.send(
                    .patch, "/api/v1/annotations/\(note.id)", token: bob.token,
                    raw: #"{"title":"Before"}"#
                ).status == .ok)

            // Alice's plan ends.
            var lapsed = try #require(try await api.store.user(id: alice.id))
            lapsed.subscriptionExpiresAt = Date().addingTimeInterval(-60)
            try await api.store.commit(ChangeSet(changes: [.saveUser(lapsed)]))

            // Existing shares stay readable.
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: bob.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: carol.token).status == .ok)
            // Nobody else writes, not even an editor on a paid plan of his own, by REST or push.
            let edit = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: bob.token, raw: #"{"title":"After"}"#)
            #expect(edit.status == .forbidden)
            let create = try await api.send(
                .post, "/api/v1/annotations", token: bob.token,
                raw: #"{"type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#)
            #expect(create.status == .forbidden)
            let pushed = Annotation(
                type: .text, content: AnnotationContent(text: "x"), position: [0, 0, 0], layerID: layer.id,
                ownerID: bob.id)
            let results = try await api.push(
                bob,
                [
                    SyncMutation(
                        mutationID: newMutationID(), recordType: .annotation, recordID: pushed.id.uuidString, op: .save,
                        fields: .annotation(pushed))
                ])
            #expect(results.map(\.status) == [.rejected])
            // Nothing new is shared: not by Alice, not by her editor, not by making the layer public.
            let dave = try await api.register("Dave")
            for token in [alice.token, bob.token] {
                let grant = try await api.send(
                    .post, "/api/v1/layers/\(layer.id)/permissions", token: token,
                    json: GrantRequest(userID: dave.id, level: .viewer))
                #expect(grant.status == .forbidden)
            }
            let publish = try await api.send(
                .patch, "/api/v1/layers/\(layer.id)", token: alice.token, raw: #"{"isPublic":true}"#)
            #expect(publish.status == .forbidden)
            // The owner still works in her own layer and may take back what she shared.
            #expect(
                try await api.send(
                    .patch, "/api/v1/annotations/\(note.id)", token: alice.token,
                    raw: #"{"title":"Mine"}"#
                ).status == .ok)
            #expect(
                try await api.send(
                    .delete, "/api/v1/layers/\(layer.id)/permissions/\(carol.id)",
                    token: alice.token
                ).status == .noContent)
            let after = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: alice.token).decode(
                Annotation.self)
            #expect(after.title == "Mine")
        }
    }
}
