import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// No user reads or changes another's data without a grant, on every route (SPEC C3).
@Suite("Cross-user sweep")
struct CrossUserSweepTests {
    /// A request B sends with A's IDs, and what B must get.
    struct Probe: CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var body: String?
        var description: String { "\(method) \(path)" }
    }

    /// A's records that B probes besides the layer and the note.
    struct Others {
        var comment: CommentID
        var asset: String
        var worldMap: WorldMapID
        var notification: UUID
    }

    static func probes(
        layer: LayerID, note: AnnotationID, bLayer: LayerID, bNote: AnnotationID, b: UserID, others: Others
    ) -> [Probe] {
        [
            Probe(method: .get, path: "/api/v1/annotations/\(note)/comments"),
            Probe(method: .post, path: "/api/v1/annotations/\(note)/comments", body: #"{"text":"Hi"}"#),
            Probe(method: .delete, path: "/api/v1/comments/\(others.comment)"),
            Probe(method: .post, path: "/api/v1/annotations/\(note)/reactions", body: #"{"emoji":"👍"}"#),
            Probe(method: .delete, path: "/api/v1/annotations/\(note)/reactions/%F0%9F%91%8D"),
            Probe(method: .post, path: "/api/v1/annotations/\(note)/views"),
            Probe(method: .put, path: "/api/v1/annotations/\(note)/star"),
            Probe(method: .delete, path: "/api/v1/annotations/\(note)/star"),
            Probe(method: .get, path: "/api/v1/assets/\(others.asset)"),
            Probe(method: .get, path: "/api/v1/worldmaps/\(others.worldMap)"),
            Probe(method: .delete, path: "/api/v1/worldmaps/\(others.worldMap)"),
            Probe(method: .post, path: "/api/v1/notifications/\(others.notification)/read"),
            Probe(method: .get, path: "/api/v1/layers/\(layer)"),
            Probe(method: .patch, path: "/api/v1/layers/\(layer)", body: #"{"name":"Mine now"}"#),
            Probe(method: .delete, path: "/api/v1/layers/\(layer)"),
            Probe(method: .get, path: "/api/v1/layers/\(layer)/permissions"),
            Probe(
                method: .post, path: "/api/v1/layers/\(layer)/permissions", body: #"{"userID":"\#(b)","level":"owner"}"#
            ),
            Probe(method: .delete, path: "/api/v1/layers/\(layer)/permissions/\(b)"),
            Probe(method: .get, path: "/api/v1/annotations/\(note)"),
            Probe(method: .patch, path: "/api/v1/annotations/\(note)", body: #"{"title":"Mine now"}"#),
            Probe(method: .delete, path: "/api/v1/annotations/\(note)"),
            Probe(method: .post, path: "/api/v1/annotations/\(note)/move", body: #"{"layerID":"\#(bLayer)"}"#),
            Probe(method: .post, path: "/api/v1/annotations/\(bNote)/move", body: #"{"layerID":"\#(layer)"}"#),
            Probe(method: .get, path: "/api/v1/annotations/\(note)/permissions"),
            Probe(
                method: .post, path: "/api/v1/annotations/\(note)/permissions",
                body: #"{"userID":"\#(b)","level":"editor"}"#),
            Probe(method: .delete, path: "/api/v1/annotations/\(note)/permissions/\(b)"),
            Probe(
                method: .post, path: "/api/v1/annotations",
                body: #"{"type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(layer)"}"#),
        ]
    }

    @Test(arguments: Backend.allCases) func withoutGrant_everyRouteIs404_andNothingChanges(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let bLayer = try await api.createLayer(b)
            let bNote = try await api.createNote(b, in: bLayer.id, text: "Bob's milk")
            let others = try await Self.seedOthers(api, a: a, layer: layer.id, note: note.id)
            let before = try await snapshot(api, a, layer.id, note.id)

            for probe in Self.probes(
                layer: layer.id, note: note.id, bLayer: bLayer.id, bNote: bNote.id, b: b.id, others: others)
            {
                let result = try await api.send(probe.method, probe.path, token: b.token, raw: probe.body)
                #expect(result.status == .notFound, "\(probe) → \(result.status)")
            }
            let list = try await api.send(.get, "/api/v1/annotations?layerID=\(layer.id)", token: b.token)
            #expect(try list.decode(Page<Annotation>.self).items.isEmpty)
            let layers = try await api.send(.get, "/api/v1/layers", token: b.token)
            #expect(try layers.decode(Page<Layer>.self).items.map(\.id) == [bLayer.id])
            // Lists and searches show B nothing of A's.
            for path in [
                "/api/v1/search?q=milk", "/api/v1/annotations/recent", "/api/v1/annotations/unread",
                "/api/v1/annotations/starred",
            ] {
                let ids = try await api.send(.get, path, token: b.token).decode(Page<Annotation>.self).items.map(\.id)
                #expect(!ids.contains(note.id), "\(path)")
            }
            let feed = try await api.send(.get, "/api/v1/activity", token: b.token).decode(Page<Activity>.self)
            #expect(feed.items.allSatisfy { $0.actorID == b.id }, "activity")
            #expect(try await api.notifications(b).isEmpty)
            let maps = try await api.send(.get, "/api/v1/worldmaps", token: b.token).decode(Page<WorldMap>.self)
            #expect(maps.items.isEmpty)
            // B's own reply may not hang under A's comment.
            let reply = try await api.comment(b, on: bNote.id, "x", replyTo: others.comment)
            #expect(reply.status == .badRequest)
            #expect(try await snapshot(api, a, layer.id, note.id) == before)
        }
    }

    @Test(arguments: Backend.allCases)
    func collaborationRoutes_followTheGrant_viewerReads_commenterComments_revokeEndsIt(_ backend: Backend) async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let others = try await Self.seedOthers(api, a: a, layer: layer.id, note: note.id)
            let photo = try await api.send(
                .post, "/api/v1/annotations", token: a.token,
                raw:
                    #"{"type":"photo","content":{"cloudAssetID":"\#(others.asset)"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#
            )
            #expect(photo.status == .created)
            let comments = "/api/v1/annotations/\(note.id)/comments"
            let reactions = "/api/v1/annotations/\(note.id)/reactions"

            // Viewer: reads comments and assets, views and stars, but may not comment or react.
            try await api.share(layer.id, by: a, with: b, as: .viewer)
            #expect(try await api.send(.get, comments, token: b.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/assets/\(others.asset)", token: b.token).status == .ok)
            #expect(
                try await api.send(.post, "/api/v1/annotations/\(note.id)/views", token: b.token).status == .noContent)
            #expect(
                try await api.send(.put, "/api/v1/annotations/\(note.id)/star", token: b.token).status == .noContent)
            for probe in [
                Probe(method: .post, path: comments, body: #"{"text":"Hi"}"#),
                Probe(method: .post, path: comments, body: #"{"text":"Hi","parentCommentID":"\#(others.comment)"}"#),
                Probe(method: .delete, path: "/api/v1/comments/\(others.comment)"),
                Probe(method: .post, path: reactions, body: #"{"emoji":"👍"}"#),
                Probe(method: .delete, path: "\(reactions)/%F0%9F%91%8D"),
            ] {
                let result = try await api.send(probe.method, probe.path, token: b.token, raw: probe.body)
                #expect(result.status == .forbidden, "viewer: \(probe) → \(result.status)")
            }
            #expect(
                try await api.send(.delete, "/api/v1/worldmaps/\(others.worldMap)", token: b.token).status == .notFound)

            // Commenter: comments and reacts, but may not edit or delete A's comment.
            try await api.share(layer.id, by: a, with: b, as: .commenter)
            let mine = try await api.comment(b, on: note.id, "From Bob")
            #expect(mine.status == .created)
            #expect(try await api.send(.post, reactions, token: b.token, raw: #"{"emoji":"👍"}"#).status == .ok)
            #expect(
                try await api.send(
                    .patch, "/api/v1/annotations/\(note.id)", token: b.token,
                    raw: #"{"title":"Mine"}"#
                ).status == .forbidden)
            #expect(
                try await api.send(.delete, "/api/v1/comments/\(others.comment)", token: b.token).status == .forbidden)
            let bobsComment = try mine.decode(RealityCore.Comment.self).id
            #expect(try await api.send(.delete, "/api/v1/comments/\(bobsComment)", token: b.token).status == .noContent)
            let after = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: a.token).decode(
                Annotation.self)
            #expect(after.title == note.title && after.comments.map(\.id).contains(others.comment))

            // Revoked: every route answers 404 again.
            _ = try await api.send(.delete, "/api/v1/layers/\(layer.id)/permissions/\(b.id)", token: a.token)
            for probe in [
                Probe(method: .get, path: comments),
                Probe(method: .post, path: comments, body: #"{"text":"Hi"}"#),
                Probe(method: .post, path: reactions, body: #"{"emoji":"🎉"}"#),
                Probe(method: .delete, path: "\(reactions)/%F0%9F%91%8D"),
                Probe(method: .post, path: "/api/v1/annotations/\(note.id)/views"),
                Probe(method: .delete, path: "/api/v1/annotations/\(note.id)/star"),
                Probe(method: .get, path: "/api/v1/assets/\(others.asset)"),
            ] {
                let result = try await api.send(probe.method, probe.path, token: b.token, raw: probe.body)
                #expect(result.status == .notFound, "revoked: \(probe) → \(result.status)")
            }
            let starred = try await api.send(.get, "/api/v1/annotations/starred", token: b.token)
            #expect(try starred.decode(Page<Annotation>.self).items.isEmpty)

            // Expired: a commenter grant that lapses stops commenting.
            let inTime = try await Deadline.observeBefore(
                setUp: { try await api.share(layer.id, by: a, with: b, as: .commenter, expiresAt: $0) },
                look: { try await api.comment(b, on: note.id, "In time").status })
            #expect(inTime.seen == .created)
            #expect(try await api.comment(b, on: note.id, "Too late").status == .notFound)
            #expect(try await api.send(.get, comments, token: b.token).status == .notFound)
        }
    }

    /// A's comment, asset, world map and a notification for A (from C, a commenter).
    static func seedOthers(_ api: APIClient, a: Session, layer: LayerID, note: AnnotationID) async throws -> Others {
        let comment = try await api.comment(a, on: note, "Alice's comment").decode(RealityCore.Comment.self)
        let asset = try await api.upload(Data("alice's bytes".utf8), token: a.token).decode(AssetResponse.self).id
        let map = try await api.send(
            .post, "/api/v1/worldmaps", token: a.token, json: CreateWorldMapRequest(worldMapAssetID: asset)
        ).decode(WorldMap.self)
        let c = try await api.register("Carol")
        try await api.share(layer, by: a, with: c, as: .commenter)
        _ = try await api.comment(c, on: note, "Carol's comment")
        let notification = try #require(try await api.notifications(a).first)
        return Others(comment: comment.id, asset: asset, worldMap: map.id, notification: notification.id)
    }

    @Test(arguments: Backend.allCases) func viewerGrant_seesButCannotChange_revokeAndExpiryEndIt(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let grant = try await api.send(
                .post, "/api/v1/layers/\(layer.id)/permissions", token: a.token,
                json: GrantRequest(userID: b.id, level: .viewer))
            #expect(grant.status == .created)
            let before = try await snapshot(api, a, layer.id, note.id)

            #expect(try await api.send(.get, "/api/v1/layers/\(layer.id)", token: b.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: b.token).status == .ok)
            for probe in [
                Probe(method: .patch, path: "/api/v1/annotations/\(note.id)", body: #"{"title":"Mine now"}"#),
                Probe(method: .delete, path: "/api/v1/annotations/\(note.id)"),
                Probe(method: .patch, path: "/api/v1/layers/\(layer.id)", body: #"{"name":"Mine now"}"#),
                Probe(method: .delete, path: "/api/v1/layers/\(layer.id)"),
                Probe(method: .get, path: "/api/v1/layers/\(layer.id)/permissions"),
                Probe(
                    method: .post, path: "/api/v1/annotations",
                    body: #"{"type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#),
            ] {
                let result = try await api.send(probe.method, probe.path, token: b.token, raw: probe.body)
                #expect(result.status == .forbidden, "\(probe) → \(result.status)")
            }
            #expect(try await snapshot(api, a, layer.id, note.id) == before)

            // Editor: B may now change the note.
            _ = try await api.send(
                .post, "/api/v1/layers/\(layer.id)/permissions", token: a.token,
                json: GrantRequest(userID: b.id, level: .editor))
            let edit = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: b.token, raw: #"{"title":"Edited by Bob"}"#)
            #expect(edit.status == .ok)

            // Revoked: gone again.
            let revoke = try await api.send(.delete, "/api/v1/layers/\(layer.id)/permissions/\(b.id)", token: a.token)
            #expect(revoke.status == .noContent)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: b.token).status == .notFound)

            // Expired: works until expiresAt, then not.
            let timed = try await Deadline.observeBefore(
                setUp: { expiry in
                    let grant = try await api.send(
                        .post, "/api/v1/annotations/\(note.id)/permissions", token: a.token,
                        json: GrantRequest(userID: b.id, level: .viewer, expiresAt: expiry))
                    #expect(grant.status == .created)
                },
                look: { try await api.send(.get, "/api/v1/annotations/\(note.id)", token: b.token).status })
            #expect(timed.seen == .ok)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: b.token).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases) func freeTier_cannotShare(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let grant = try await api.send(
                .post, "/api/v1/layers/\(layer.id)/permissions", token: a.token,
                json: GrantRequest(userID: b.id, level: .viewer))
            #expect(grant.status == .forbidden)
            #expect(grant.errorCode == "sharing_not_allowed_on_tier")
        }
    }

    /// A's layer and note as A sees them.
    private func snapshot(_ api: APIClient, _ a: Session, _ layer: LayerID, _ note: AnnotationID) async throws
        -> [Data]
    {
        [
            try await api.send(.get, "/api/v1/layers/\(layer)", token: a.token).body,
            try await api.send(.get, "/api/v1/annotations/\(note)", token: a.token).body,
            try await api.send(.get, "/api/v1/annotations/\(note)/comments", token: a.token).body,
            try await api.send(.get, "/api/v1/worldmaps", token: a.token).body,
            try await api.send(.get, "/api/v1/notifications", token: a.token).body,
            try await api.send(.get, "/api/v1/annotations/starred", token: a.token).body,
        ]
    }
}
