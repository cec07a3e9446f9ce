import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// `GET /api/v1/sync/changes`: scopes, paging, tokens, and access changes (docs/sync-protocol.md).
@Suite("Sync feed")
struct SyncFeedRouteTests {
    @Test("the owner's records come down in the private scope, once, and only there", arguments: Backend.allCases)
    func privateScope(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id)
            let first = try await api.pullAll(ann, .private)
            #expect(first.changes.saved(.layer) == [layer.id.uuidString])
            #expect(first.changes.saved(.annotation) == [note.id.uuidString])
            #expect(first.changes.saved(.user) == [ann.id.uuidString])
            #expect(first.changes.allSatisfy { !$0.changeTag.isEmpty && !$0.deleted })
            #expect(try await api.pullAll(ann, .shared).changes.isEmpty)
            #expect(try await api.pullAll(ann, .public).changes.outsideTheCatalog.isEmpty)
            // Nothing new since the token: an empty page.
            let again = try await api.pull(ann, .private, since: first.token)
            #expect(again.changes.isEmpty && !again.moreComing)

            // An edit comes down with a new tag.
            let oldTag = first.changes.first { $0.recordID == note.id.uuidString }?.changeTag
            let patch = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: ann.token, raw: #"{"title": "Freezer"}"#)
            #expect(patch.status == .ok)
            let edited = try await api.pull(ann, .private, since: first.token)
            let change = try #require(edited.changes.first { $0.recordID == note.id.uuidString })
            #expect(change.changeTag != oldTag)
            guard case .annotation(let annotation) = change.record else {
                Issue.record("expected an annotation record")
                return
            }
            #expect(annotation.title == "Freezer")
        }
    }

    @Test("small pages return every record exactly once, in order", arguments: Backend.allCases)
    func paging(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            var notes: Set<String> = []
            for index in 0..<7 {
                notes.insert(try await api.createNote(ann, in: layer.id, text: "note \(index)").id.uuidString)
            }
            var pages = 0
            var token: String?
            var seen: [SyncChange] = []
            repeat {
                let page = try await api.pull(ann, .private, since: token, limit: 2)
                #expect(page.changes.count <= 2)
                seen += page.changes
                token = page.token
                pages += 1
                if !page.moreComing { break }
            } while pages < 50
            #expect(pages >= 5)
            #expect(seen.saved(.annotation) == notes)
            #expect(seen.filter { $0.recordType == .annotation }.count == notes.count)
        }
    }

    @Test(
        "a grant brings the layer's records into the grantee's shared feed; a revoke takes them out",
        arguments: Backend.allCases)
    func shareAndRevoke(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            let cat = try await api.register("Cat")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id)
            let comment = try await api.comment(ann, on: note.id, "first")
            #expect(comment.status == .created)
            let bobStart = try await api.pullAll(bob, .shared)
            let catStart = try await api.pullAll(cat, .shared)
            #expect(bobStart.changes.isEmpty)

            try await api.share(layer.id, by: ann, with: bob, as: .viewer)
            let granted = try await api.pullAll(bob, .shared, since: bobStart.token)
            #expect(granted.changes.saved(.layer) == [layer.id.uuidString])
            #expect(granted.changes.saved(.annotation) == [note.id.uuidString])
            #expect(granted.changes.saved(.comment).count == 1)
            #expect(try await api.pullAll(bob, .private, since: nil).changes.saved(.annotation).isEmpty)

            let revoke = try await api.send(
                .delete, "/api/v1/layers/\(layer.id)/permissions/\(bob.id)", token: ann.token)
            #expect(revoke.status == .noContent)
            let revoked = try await api.pullAll(bob, .shared, since: granted.token)
            #expect(revoked.changes.deleted(.layer) == [layer.id.uuidString])
            #expect(revoked.changes.deleted(.annotation) == [note.id.uuidString])
            #expect(revoked.changes.saved(.annotation).isEmpty)

            // Someone with no grant hears nothing of any of it.
            #expect(try await api.pullAll(cat, .shared, since: catStart.token).changes.isEmpty)
            #expect(try await api.pullAll(cat, .public).changes.outsideTheCatalog.isEmpty)
        }
    }

    @Test("an expired grant turns into deletions at the grantee's next pull", arguments: Backend.allCases)
    func expiry(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id)
            let granted = try await Deadline.observeBefore(
                setUp: { try await api.share(layer.id, by: ann, with: bob, as: .viewer, expiresAt: $0) },
                look: { try await api.pullAll(bob, .shared) }
            ).seen
            #expect(granted.changes.saved(.annotation) == [note.id.uuidString])
            let expired = try await api.pullAll(bob, .shared, since: granted.token)
            #expect(expired.changes.deleted(.annotation) == [note.id.uuidString])
        }
    }

    @Test("a public layer reaches everyone's public feed, and leaves it when made private", arguments: Backend.allCases)
    func publicScope(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            try await api.setTier(.pro, for: ann.id)
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id)
            let start = try await api.pullAll(bob, .public)
            let publish = try await api.send(
                .patch, "/api/v1/layers/\(layer.id)", token: ann.token, raw: #"{"isPublic": true}"#)
            #expect(publish.status == .ok)
            let published = try await api.pullAll(bob, .public, since: start.token)
            #expect(published.changes.saved(.annotation) == [note.id.uuidString])
            #expect(try await api.pullAll(bob, .shared).changes.isEmpty)
            let hide = try await api.send(
                .patch, "/api/v1/layers/\(layer.id)", token: ann.token, raw: #"{"isPublic": false}"#)
            #expect(hide.status == .ok)
            let hidden = try await api.pullAll(bob, .public, since: published.token)
            #expect(hidden.changes.deleted(.annotation) == [note.id.uuidString])
            #expect(hidden.changes.deleted(.layer) == [layer.id.uuidString])
        }
    }

    @Test(
        "tokens that are malformed, forged, another user's or scope's, or from before an account deletion answer 410",
        arguments: Backend.allCases)
    func badTokens(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let bob = try await api.register("Bob")
            let token = try await api.pull(ann, .private).token
            for bad in [
                "", "garbage", "a.b", token + "x", String(token.reversed()), String(repeating: "A", count: 10_000),
            ] {
                let result = try await api.pullResult(ann, .private, since: bad)
                #expect(result.status == .gone, "token \(bad.prefix(20))")
                #expect(result.errorCode == "resync_required")
            }
            #expect(try await api.pullResult(bob, .private, since: token).status == .gone)
            #expect(try await api.pullResult(ann, .shared, since: token).status == .gone)
            #expect(try await api.pullResult(ann, .private, since: token).status == .ok)

            let cat = try await api.register("Cat")
            #expect(try await api.send(.delete, "/api/v1/me", token: cat.token).status == .noContent)
            #expect(try await api.pullResult(ann, .private, since: token).status == .gone)
            #expect(try await api.pullResult(ann, .private).status == .ok)
        }
    }

    @Test("bad parameters answer 400 and no token answers 401", arguments: Backend.allCases)
    func badParameters(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            for query in [
                "", "scope=mine", "scope=private&limit=0", "scope=private&limit=1001", "scope=private&limit=x",
            ] {
                let result = try await api.send(.get, "/api/v1/sync/changes?\(query)", token: ann.token)
                #expect(result.status == .badRequest, "query \(query)")
            }
            #expect(try await api.send(.get, "/api/v1/sync/changes?scope=private").status == .unauthorized)
            #expect(try await api.send(.post, "/api/v1/sync/push", raw: "{}").status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/sync/limits").status == .unauthorized)
        }
    }
}
