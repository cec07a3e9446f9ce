import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

/// References carry no rights (issue 17, OWASP API1): every operation that takes a body, with
/// another user's IDs and hashes planted in every field that holds one, on REST and sync push.
/// Nothing of the other user's becomes readable or changes.
@Suite("Body references")
struct BodyReferenceTests {
    /// What Alice has that Mallory names: a private upload no record of hers names, her private
    /// layer, a note there, a comment on it and a world map.
    struct Planted {
        var secret: String
        var layer: LayerID
        var note: AnnotationID
        var comment: CommentID
        var worldMap: WorldMapID
    }

    /// Mallory's own layer and note, the targets of his edits.
    struct Own {
        var layer: LayerID
        var note: AnnotationID
    }

    /// A REST request Mallory sends and what it must answer: a status and, for a 400, the field.
    struct RESTCase: CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var body: String
        var status: HTTPResponse.Status
        var field: String? = nil
        var description: String { "\(method) \(path) \(body)" }
    }

    static func restCases(_ p: Planted, _ own: Own) -> [RESTCase] {
        let create = "/api/v1/annotations"
        let patch = "/api/v1/annotations/\(own.note)"
        let attachment =
            #"[{"id":"\#(UUID())","fileName":"a.png","fileType":"image/png","fileSize":13,"cloudAssetID":"\#(p.secret)"}]"#
        return [
            RESTCase(
                method: .post, path: create,
                body:
                    #"{"type":"photo","content":{"cloudAssetID":"\#(p.secret)"},"position":[0,0,0],"layerID":"\#(own.layer)"}"#,
                status: .badRequest, field: "content.cloudAssetID"),
            RESTCase(
                method: .post, path: create,
                body:
                    #"{"type":"photo","content":{},"attachments":\#(attachment),"position":[0,0,0],"layerID":"\#(own.layer)"}"#,
                status: .badRequest, field: "attachments[0].cloudAssetID"),
            RESTCase(
                method: .post, path: create,
                body: #"{"type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(p.layer)"}"#,
                status: .notFound),
            RESTCase(
                method: .post, path: create,
                body:
                    #"{"id":"\#(p.note)","type":"text","content":{"text":"x"},"position":[0,0,0],"layerID":"\#(own.layer)"}"#,
                status: .notFound),
            RESTCase(
                method: .patch, path: patch, body: #"{"type":"photo","content":{"cloudAssetID":"\#(p.secret)"}}"#,
                status: .badRequest, field: "content.cloudAssetID"),
            RESTCase(
                method: .patch, path: patch, body: #"{"attachments":\#(attachment)}"#,
                status: .badRequest, field: "attachments[0].cloudAssetID"),
            RESTCase(
                method: .post, path: "/api/v1/annotations/\(own.note)/move", body: #"{"layerID":"\#(p.layer)"}"#,
                status: .notFound),
            RESTCase(
                method: .post, path: "/api/v1/annotations/\(own.note)/comments",
                body: #"{"text":"hi","parentCommentID":"\#(p.comment)"}"#, status: .badRequest),
            RESTCase(
                method: .post, path: "/api/v1/layers", body: #"{"name":"Nest","parentLayerID":"\#(p.layer)"}"#,
                status: .notFound),
            RESTCase(
                method: .patch, path: "/api/v1/layers/\(own.layer)", body: #"{"parentLayerID":"\#(p.layer)"}"#,
                status: .notFound),
            RESTCase(
                method: .post, path: "/api/v1/worldmaps", body: #"{"worldMapAssetID":"\#(p.secret)"}"#,
                status: .badRequest, field: "worldMapAssetID"),
            RESTCase(
                method: .post, path: "/api/v1/worldmaps",
                body: #"{"worldMapAssetID":"\#(Self.ownAssetPlaceholder)","thumbnailAssetID":"\#(p.secret)"}"#,
                status: .badRequest, field: "thumbnailAssetID"),
            RESTCase(
                method: .post, path: "/api/v1/worldmaps",
                body: #"{"id":"\#(p.worldMap)","worldMapAssetID":"\#(Self.ownAssetPlaceholder)"}"#, status: .notFound),
            RESTCase(
                method: .patch, path: "/api/v1/me", body: #"{"avatarURL":"javascript:alert(1)"}"#,
                status: .badRequest, field: "avatarURL"),
        ]
    }

    /// Stands for Mallory's own upload in a case; replaced before the request is sent.
    static let ownAssetPlaceholder = "OWN-ASSET"

    /// The push mutations Mallory sends, each of which must be rejected.
    static func pushCases(_ p: Planted, _ own: Own, mallory: UserID, ownAsset: String) -> [(String, SyncMutation)] {
        func save(_ type: RecordType, _ id: String, _ fields: SyncMutationFields) -> SyncMutation {
            SyncMutation(mutationID: newMutationID(), recordType: type, recordID: id, op: .save, fields: fields)
        }
        func note(
            layer: LayerID, id: AnnotationID = AnnotationID(), content: AnnotationContent,
            attachments: [RealityCore.Attachment] = []
        ) -> SyncMutation {
            let annotation = Annotation(
                id: id, type: .photo, content: content, position: [0, 0, 0], layerID: layer, ownerID: mallory,
                attachments: attachments)
            return save(.annotation, id.uuidString, .annotation(annotation))
        }
        let attachment = RealityCore.Attachment(
            fileName: "a.png", fileType: "image/png", fileSize: 13, cloudAssetID: p.secret)
        let map = WorldMap(worldMapAssetID: p.secret, ownerID: mallory)
        let thumbnailMap = WorldMap(worldMapAssetID: ownAsset, thumbnailAssetID: p.secret, ownerID: mallory)
        let nested = Layer(name: "Nest", parentLayerID: p.layer, ownerID: mallory)
        let reply = Comment(text: "hi", authorID: mallory, annotationID: own.note, parentCommentID: p.comment)
        let onHers = Comment(text: "hi", authorID: mallory, annotationID: p.note)
        return [
            (
                "annotation content.cloudAssetID",
                note(layer: own.layer, content: AnnotationContent(cloudAssetID: p.secret))
            ),
            ("annotation attachment", note(layer: own.layer, content: AnnotationContent(), attachments: [attachment])),
            ("annotation in her layer", note(layer: p.layer, content: AnnotationContent(cloudAssetID: ownAsset))),
            (
                "annotation with her note's ID",
                note(layer: own.layer, id: p.note, content: AnnotationContent(cloudAssetID: ownAsset))
            ),
            ("world map asset", save(.worldMap, map.id.uuidString, .worldMap(map))),
            ("world map thumbnail", save(.worldMap, thumbnailMap.id.uuidString, .worldMap(thumbnailMap))),
            (
                "world map with her map's ID",
                save(
                    .worldMap, p.worldMap.uuidString,
                    .worldMap(WorldMap(id: p.worldMap, worldMapAssetID: ownAsset, ownerID: mallory)))
            ),
            ("layer parent", save(.layer, nested.id.uuidString, .layer(nested))),
            ("comment parent", save(.comment, reply.id.uuidString, .comment(reply))),
            ("comment on her note", save(.comment, onHers.id.uuidString, .comment(onHers))),
            (
                "grant on her note",
                save(
                    .grant, p.note.uuidString,
                    .grant(
                        GrantFields(
                            targetType: .annotation, targetID: p.note.rawValue, userID: mallory, level: .owner)))
            ),
            (
                "grant on her layer",
                save(
                    .grant, p.layer.uuidString,
                    .grant(
                        GrantFields(
                            targetType: .layer, targetID: p.layer.rawValue, userID: mallory, level: .owner)))
            ),
            (
                "reaction on her note",
                save(.reaction, p.note.uuidString, .reaction(ReactionFields(annotationID: p.note, emoji: "👍")))
            ),
            ("star on her note", save(.star, p.note.uuidString, .annotationReference(p.note))),
        ]
    }

    @Test(
        "another user's IDs and hashes in any body field are refused, naming the field, and grant nothing",
        arguments: Backend.allCases)
    func plantedReferences_areRefused_andNothingOfTheOtherUserBecomesReadable(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            try await api.setTier(.plus, for: alice.id)
            let mallory = try await api.register("Mallory")
            try await api.setTier(.plus, for: mallory.id)
            let planted = try await Self.plant(api, alice)
            let ownLayer = try await api.createLayer(mallory, name: "Mine")
            let own = Own(layer: ownLayer.id, note: try await api.createNote(mallory, in: ownLayer.id).id)
            let ownAsset = try await api.upload(Data("mallory's bytes".utf8), token: mallory.token)
                .decode(AssetResponse.self).id
            let before = try await Self.snapshot(api, alice, planted)
            let mine = try await api.send(.get, "/api/v1/annotations/\(own.note)", token: mallory.token).body

            for probe in Self.restCases(planted, own) {
                let body = probe.body.replacingOccurrences(of: Self.ownAssetPlaceholder, with: ownAsset)
                let result = try await api.send(probe.method, probe.path, token: mallory.token, raw: body)
                #expect(result.status == probe.status, "\(probe) → \(result.status)")
                if let field = probe.field { #expect(result.errorField == field, "\(probe)") }
            }
            for (name, mutation) in Self.pushCases(planted, own, mallory: mallory.id, ownAsset: ownAsset) {
                let results = try await api.push(mallory, [mutation])
                #expect(results.map(\.status) == [.rejected], "push \(name) → \(results)")
            }

            // Nothing of Alice's is readable by Mallory, and nothing of hers or his changed.
            #expect(
                try await api.send(.get, "/api/v1/assets/\(planted.secret)", token: mallory.token).status == .notFound)
            #expect(
                try await api.send(.get, "/api/v1/annotations/\(planted.note)", token: mallory.token).status
                    == .notFound)
            #expect(
                try await api.send(.get, "/api/v1/layers/\(planted.layer)", token: mallory.token).status == .notFound)
            #expect(try await Self.snapshot(api, alice, planted) == before)
            #expect(try await api.send(.get, "/api/v1/annotations/\(own.note)", token: mallory.token).body == mine)
            let maps = try await api.send(.get, "/api/v1/worldmaps", token: mallory.token).decode(Page<WorldMap>.self)
            #expect(maps.items.isEmpty)
            let layers = try await api.send(.get, "/api/v1/layers", token: mallory.token).decode(Page<Layer>.self)
            #expect(layers.items.map(\.id) == [own.layer])
        }
    }

    @Test(
        "an asset is readable through a record only when the record's author uploaded it",
        arguments: Backend.allCases)
    func assetRead_throughSomeoneElsesRecordNamingIt_isNotFound(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            let mallory = try await api.register("Mallory")
            let secret = try await api.upload(Data("alice's secret".utf8), token: alice.token)
                .decode(AssetResponse.self).id
            let layer = try await api.createLayer(mallory, name: "Mine")
            // A record that names the hash without its author having uploaded it, as data written
            // before references were checked may hold: it is a name, not a key.
            let forged = Annotation(
                type: .photo, content: AnnotationContent(cloudAssetID: secret), position: [0, 0, 0],
                layerID: layer.id, ownerID: mallory.id,
                attachments: [
                    RealityCore.Attachment(fileName: "a.png", fileType: "image/png", fileSize: 14, cloudAssetID: secret)
                ])
            try await api.store.commit(
                ChangeSet(changes: [
                    .saveAnnotation(forged),
                    .saveWorldMap(WorldMap(worldMapAssetID: secret, thumbnailAssetID: secret, ownerID: mallory.id)),
                ]))
            #expect(try await api.send(.get, "/api/v1/assets/\(secret)", token: mallory.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/assets/\(secret)", token: alice.token).status == .ok)
        }
    }

    /// Alice's private records, each naming her uploads.
    static func plant(_ api: APIClient, _ alice: Session) async throws -> Planted {
        let secret = try await api.upload(Data("alice's private photo".utf8), token: alice.token)
            .decode(AssetResponse.self).id
        let mapBytes = try await api.upload(Data("alice's room".utf8), token: alice.token).decode(AssetResponse.self).id
        let layer = try await api.createLayer(alice, name: "alice-PRIVATE")
        let note = try await api.createNote(alice, in: layer.id)
        let comment = try await api.comment(alice, on: note.id, "Alice's comment").decode(RealityCore.Comment.self)
        let map = try await api.send(
            .post, "/api/v1/worldmaps", token: alice.token, json: CreateWorldMapRequest(worldMapAssetID: mapBytes)
        ).decode(WorldMap.self)
        return Planted(secret: secret, layer: layer.id, note: note.id, comment: comment.id, worldMap: map.id)
    }

    /// Alice's records as she sees them.
    static func snapshot(_ api: APIClient, _ alice: Session, _ p: Planted) async throws -> [Data] {
        var bodies: [Data] = []
        for path in [
            "/api/v1/layers", "/api/v1/layers/\(p.layer)", "/api/v1/annotations/\(p.note)",
            "/api/v1/annotations/\(p.note)/comments", "/api/v1/worldmaps/\(p.worldMap)", "/api/v1/notifications",
        ] {
            bodies.append(try await api.send(.get, path, token: alice.token).body)
        }
        return bodies
    }
}
