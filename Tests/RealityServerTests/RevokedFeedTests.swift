import Foundation
import RealityAPI
import RealityCore
import Testing

/// What the shared feed tells a user whose grant was revoked (issue 17): deletions of exactly the
/// records they could have had, comments included, and nothing of what came after.
@Suite("Revoked feed")
struct RevokedFeedTests {
    @Test(
        "after a revoke the feed deletes exactly the notes and comments the grantee had, and names nothing made later",
        arguments: Backend.allCases)
    func revokedFeed_deletesWhatTheGranteeHad_andNothingMadeAfter(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            let bob = try await api.register("Bob")
            try await api.setTier(.pro, for: alice.id)
            let layer = try await api.createLayer(alice, name: "Shared")
            let elsewhere = try await api.createLayer(alice, name: "Private")
            let had = [
                try await api.createNote(alice, in: layer.id, text: "one"),
                try await api.createNote(alice, in: layer.id, text: "two"),
            ]
            let aliceComment = try await api.comment(alice, on: had[0].id, "before")
            let movedLater = try await api.createNote(alice, in: elsewhere.id, text: "moved in after the revoke")
            try await api.share(layer.id, by: alice, with: bob, as: .commenter)
            let before = try await api.pullAll(bob, .shared)
            #expect(before.changes.saved(.annotation) == Set(had.map(\.id.uuidString)))
            // Bob's own comment, made after his last pull: his device has it, so it goes too.
            let bobComment = try await api.comment(bob, on: had[1].id, "mine")
            let commentIDs = try [aliceComment, bobComment].map {
                try $0.decode(RealityCore.Comment.self).id.uuidString
            }

            let revoke = try await api.send(
                .delete, "/api/v1/layers/\(layer.id)/permissions/\(bob.id)", token: alice.token)
            #expect(revoke.status == .noContent)
            // What Alice does in the layer afterwards is none of Bob's business.
            let later = [
                try await api.createNote(alice, in: layer.id, text: "three"),
                try await api.createNote(alice, in: layer.id, text: "four"),
            ]
            let laterComment = try await api.comment(alice, on: had[0].id, "after").decode(RealityCore.Comment.self)
            let child = try await api.createLayer(alice, name: "Child")
            let reparent = try await api.send(
                .patch, "/api/v1/layers/\(child.id)", token: alice.token, raw: #"{"parentLayerID": "\#(layer.id)"}"#)
            #expect(reparent.status == .ok)
            let inChild = try await api.createNote(alice, in: child.id, text: "in the child")
            let move = try await api.send(
                .post, "/api/v1/annotations/\(movedLater.id)/move", token: alice.token,
                raw: #"{"layerID": "\#(layer.id)"}"#)
            #expect(move.status == .ok)
            let unseen = Set(
                (later + [inChild, movedLater]).map(\.id.uuidString) + [
                    laterComment.id.uuidString, child.id.uuidString,
                ])

            // Whole pages and pages of one entry (the cursor moves between them) say the same.
            for limit in [nil, 1] {
                let after = try await api.pullAll(bob, .shared, since: before.token, limit: limit)
                #expect(
                    after.changes.deleted(.annotation) == Set(had.map(\.id.uuidString)),
                    "limit \(String(describing: limit))")
                #expect(after.changes.deleted(.comment) == Set(commentIDs), "limit \(String(describing: limit))")
                #expect(after.changes.deleted(.layer) == [layer.id.uuidString])
                #expect(after.changes.allSatisfy { $0.deleted })
                #expect(Set(after.changes.map(\.recordID)).isDisjoint(with: unseen))
            }
            let raw = try await api.pullResult(bob, .shared, since: before.token)
            let text = String(decoding: raw.body, as: UTF8.self)
            #expect(unseen.allSatisfy { !text.contains($0) && !text.contains($0.lowercased()) })
        }
    }

    @Test(
        "a direct grant's revoke deletes the note and the comments the grantee had, not one written after",
        arguments: Backend.allCases)
    func revokedAnnotationGrant_deletesItsCommentsToo(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            let bob = try await api.register("Bob")
            try await api.setTier(.pro, for: alice.id)
            let layer = try await api.createLayer(alice)
            let note = try await api.createNote(alice, in: layer.id)
            let first = try await api.comment(alice, on: note.id, "first").decode(RealityCore.Comment.self)
            let grant = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/permissions", token: alice.token,
                json: GrantRequest(userID: bob.id, level: .viewer))
            #expect(grant.status == .created)
            let before = try await api.pullAll(bob, .shared)
            #expect(before.changes.saved(.comment) == [first.id.uuidString])
            let revoke = try await api.send(
                .delete, "/api/v1/annotations/\(note.id)/permissions/\(bob.id)", token: alice.token)
            #expect(revoke.status == .noContent)
            let second = try await api.comment(alice, on: note.id, "second").decode(RealityCore.Comment.self)
            let after = try await api.pullAll(bob, .shared, since: before.token)
            #expect(after.changes.deleted(.annotation) == [note.id.uuidString])
            #expect(after.changes.deleted(.comment) == [first.id.uuidString])
            #expect(!after.changes.map(\.recordID).contains(second.id.uuidString))
        }
    }
}
