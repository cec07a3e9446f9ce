import Foundation
import HTTPTypes
import Testing
import RealityAPI
import RealityCore

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

    static func probes(layer: LayerID, note: AnnotationID, bLayer: LayerID, bNote: AnnotationID, b: UserID) -> [Probe] {
        [
            Probe(method: .get, path: "/api/v1/layers/\(layer)"),
            Probe(method: .patch, path: "/api/v1/layers/\(layer)", body: #"{"name":"Mine now"}"#),
            Probe(method: .delete, path: "/api/v1/layers/\(layer)"),
            Probe(method: .get, path: "/api/v1/layers/\(layer)/permissions"),
            Probe(method: .post, path: "/api/v1/layers/\(layer)/permissions", body: #"{"userID":"\#(b)","level":"owner"}"#),
            Probe(method: .delete, path: "/api/v1/layers/\(layer)/permissions/\(b)"),
            Probe(method: .get, path: "/api/v1/annotations/\(note)"),
            Probe(method: .patch, path: "/api/v1/annotations/\(note)", body: #"{"title":"Mine now"}"#),
            Probe(method: .delete, path: "/api/v1/annotations/\(note)"),
            Probe(method: .post, path: "/api/v1/annotations/\(note)/move", body: #"{"layerID":"\#(bLayer)"}"#),
            Probe(method: .post, path: "/api/v1/annotations/\(bNote)/move", body: #"{"layerID":"\#(layer)"}"#),
            Probe(method: .get, path: "/api/v1/annotations/\(note)/permissions"),
            Probe(method: .post, path: "/api/v1/annotations/\(note)/permissions", body: #"{"userID":"\#(b)","level":"editor"}"#),
            Probe(method: .delete, path: "/api/v1/annotations/\(note)/permissions/\(b)"),
            Probe(
                method: .post, path: "/api/v1/annotations",
                body: #"{"type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(layer)"}"#),
        ]
    }

    @Test(arguments: Backend.allCases) func withoutGrant_everyRouteIs404_andNothingChanges(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let layer = try await api.createLayer(a)
            let note = try await api.createNote(a, in: layer.id)
            let bLayer = try await api.createLayer(b)
            let bNote = try await api.createNote(b, in: bLayer.id)
            let before = try await snapshot(api, a, layer.id, note.id)

            for probe in Self.probes(layer: layer.id, note: note.id, bLayer: bLayer.id, bNote: bNote.id, b: b.id) {
                let result = try await api.send(probe.method, probe.path, token: b.token, raw: probe.body)
                #expect(result.status == .notFound, "\(probe) → \(result.status)")
            }
            let list = try await api.send(.get, "/api/v1/annotations?layerID=\(layer.id)", token: b.token)
            #expect(try list.decode(Page<Annotation>.self).items.isEmpty)
            let layers = try await api.send(.get, "/api/v1/layers", token: b.token)
            #expect(try layers.decode(Page<Layer>.self).items.map(\.id) == [bLayer.id])
            #expect(try await snapshot(api, a, layer.id, note.id) == before)
        }
    }

    @Test(arguments: Backend.allCases) func viewerGrant_seesButCannotChange_revokeAndExpiryEndIt(_ backend: Backend) async throws {
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
            let expiry = Date().addingTimeInterval(1.5)
            let timed = try await api.send(
                .post, "/api/v1/annotations/\(note.id)/permissions", token: a.token,
                json: GrantRequest(userID: b.id, level: .viewer, expiresAt: expiry))
            #expect(timed.status == .created)
            #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: b.token).status == .ok)
            try await Task.sleep(for: .milliseconds(1_800))
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
        ]
    }
}
