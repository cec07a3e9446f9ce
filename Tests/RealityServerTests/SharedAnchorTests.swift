import Foundation
import RealityAPI
import RealityCore
import Testing

/// Anchors are shared with a layer's members when the annotations are (issue 20): a world map
/// holding the anchor of an annotation someone may see is theirs to read (its record, its bytes,
/// through REST and the sync feed), never to change, and leaves them when that access ends; on
/// both backends.
@Suite struct SharedAnchorTests {
    @Test(arguments: Backend.allCases)
    func aMember_readsTheMapOfTheAnnotationsTheySee_andLosesItOnRevoke(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            let vera = try await api.register("Vera")
            let cy = try await api.register("Cy")
            try await api.setTier(.pro, for: ana.id)
            let sha = try await api.upload(WorldMapRouteTests.mapBytes, token: ana.token).decode(AssetResponse.self).id
            let origin = WorldAnchor(transform: Transform(translation: SIMD3(0, 0, 0)))
            let map = try await api.send(
                .post, "/api/v1/worldmaps", token: ana.token,
                json: CreateWorldMapRequest(worldMapAssetID: sha, anchors: [origin], locationName: "Kitchen")
            ).decode(WorldMap.self)
            let layer = try await api.createLayer(ana, name: "Shared")
            let benBefore = try await api.pullAll(ben, .shared)
            let veraBefore = try await api.pullAll(vera, .shared)

            // Before anything is shared, the map is Ana's alone.
            for stranger in [ben, vera, cy] {
                #expect(
                    try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: stranger.token).status == .notFound)
                #expect(try await api.send(.get, "/api/v1/assets/\(sha)", token: stranger.token).status == .notFound)
            }

            // Ana places a note at the anchor (through her session's current map), then shares the layer.
            let current = try await api.send(
                .put, "/api/v1/worldmaps/current", token: ana.token, json: CurrentWorldMapRequest(worldMapID: map.id))
            #expect(current.status == .ok)
            let note = try await api.send(
                .post, "/api/v1/annotations", token: ana.token,
                json: CreateAnnotationRequest(
                    type: .text, content: AnnotationContent(text: "Kettle"), position: [0.1, 0, 0], layerID: layer.id)
            ).decode(Annotation.self)
            #expect(note.anchorID == origin.id)
            try await api.share(layer.id, by: ana, with: ben, as: .editor)
            try await api.share(layer.id, by: ana, with: vera, as: .viewer)

            let shared = try await api.pullAll(ben, .shared, since: benBefore.token)
            #expect(shared.changes.saved(.worldMap) == [map.id.uuidString], "the map comes with the annotation")
            #expect(shared.changes.saved(.annotation) == [note.id.uuidString])
            let read = try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ben.token)
            #expect(read.status == .ok)
            #expect(try read.decode(WorldMap.self).anchors.map(\.id) == [origin.id])
            #expect(
                try await api.send(.get, "/api/v1/worldmaps", token: ben.token).decode(Page<WorldMap>.self).items.map(
                    \.id) == [map.id])
            #expect(try await api.send(.get, "/api/v1/assets/\(sha)", token: ben.token).status == .ok)
            // Cy, who sees nothing in the layer, still does not.
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: cy.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/assets/\(sha)", token: cy.token).status == .notFound)
            #expect(try await api.pullAll(cy, .shared).changes.saved(.worldMap).isEmpty)
            #expect(try await api.pullAll(cy, .public).changes.saved(.worldMap).isEmpty)

            // Reading is not changing: Ben may use the map, place at its anchors, not alter or delete it.
            let change = CreateWorldMapRequest(worldMapAssetID: sha, anchors: [], locationName: "Mine now")
            #expect(
                try await api.send(.put, "/api/v1/worldmaps/\(map.id)", token: ben.token, json: change).status
                    == .notFound)
            #expect(try await api.send(.delete, "/api/v1/worldmaps/\(map.id)", token: ben.token).status != .noContent)
            let benCurrent = try await api.send(
                .put, "/api/v1/worldmaps/current", token: ben.token, json: CurrentWorldMapRequest(worldMapID: map.id))
            #expect(benCurrent.status == .ok)
            let benNote = try await api.send(
                .post, "/api/v1/annotations", token: ben.token,
                json: CreateAnnotationRequest(
                    type: .text, content: AnnotationContent(text: "Mugs"), position: [0.3, 0, 0], layerID: layer.id)
            ).decode(Annotation.self)
            #expect(benNote.anchorID == origin.id, "a member's note joins the shared anchor")
            #expect(
                try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ana.token).decode(WorldMap.self)
                    .locationName == "Kitchen")

            // A note Ana places later, at a new anchor, brings the map's change down to Ben.
            let benAfterShare = try await api.pullAll(ben, .shared, since: shared.token)
            let later = try await api.send(
                .post, "/api/v1/annotations", token: ana.token,
                json: CreateAnnotationRequest(
                    type: .text, content: AnnotationContent(text: "Toaster"), position: [3, 0, 0], layerID: layer.id)
            ).decode(Annotation.self)
            let updates = try await api.pullAll(ben, .shared, since: benAfterShare.token)
            #expect(updates.changes.saved(.annotation).contains(later.id.uuidString))
            #expect(updates.changes.saved(.worldMap) == [map.id.uuidString], "the map now holds a second anchor")
            let withTwo = try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ben.token).decode(
                WorldMap.self)
            #expect(withTwo.anchors.count == 2 && withTwo.anchors.contains { $0.id == later.anchorID })

            // A revoke takes the map with the annotations from Vera. Ben keeps it: his own note is
            // placed in it.
            let veraHad = try await api.pullAll(vera, .shared, since: veraBefore.token)
            #expect(veraHad.changes.saved(.worldMap) == [map.id.uuidString])
            for member in [ben, vera] {
                let revoke = try await api.send(
                    .delete, "/api/v1/layers/\(layer.id)/permissions/\(member.id)", token: ana.token)
                #expect(revoke.status == .noContent)
            }
            let after = try await api.pullAll(vera, .shared, since: veraHad.token)
            #expect(after.changes.deleted(.worldMap) == [map.id.uuidString])
            #expect(try await api.send(.get, "/api/v1/assets/\(sha)", token: vera.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: vera.token).status == .notFound)
            // An anchor ID Vera once saw grants nothing: she may not place a note of her own at it.
            let veraLayer = try await api.createLayer(vera, name: "Mine")
            let placed = try await api.send(
                .post, "/api/v1/annotations", token: vera.token,
                json: CreateAnnotationRequest(
                    type: .text, content: AnnotationContent(text: "Back door"), position: [0, 0, 0],
                    anchorID: origin.id, layerID: veraLayer.id))
            #expect(placed.status == .badRequest || placed.status == .unprocessableContent, "\(placed.status)")
            // Nor through a push, where a run of creates is checked together: the note at the map's
            // anchor is refused, naming the field, and the other note of the run is saved.
            let notes = [origin.id, AnchorID()].map { anchor in
                Annotation(
                    type: .text, content: AnnotationContent(text: "Pushed"), position: [0, 0, 0], anchorID: anchor,
                    layerID: veraLayer.id, ownerID: vera.id)
            }
            let pushed = try await api.push(
                vera,
                notes.map {
                    SyncMutation(
                        mutationID: newMutationID(), recordType: .annotation, recordID: $0.id.uuidString, op: .save,
                        fields: .annotation($0))
                })
            #expect(pushed.map(\.status) == [.rejected, .saved], "\(pushed)")
            #expect(pushed.first?.error?.field == "anchorID")
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: vera.token).status == .notFound)
            let benAfter = try await api.pullAll(ben, .shared, since: updates.token)
            #expect(benAfter.changes.deleted(.worldMap).isEmpty)
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ben.token).status == .ok)
        }
    }

    /// A public layer's annotations bring their map into everyone's public scope; a map shared
    /// with a user by name comes to their shared scope and leaves it when unshared.
    @Test(arguments: Backend.allCases)
    func publicLayersAndNamedShares_reachTheFeed(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            let vera = try await api.register("Vera")
            try await api.setTier(.pro, for: ana.id)
            let sha = try await api.upload(WorldMapRouteTests.mapBytes, token: ana.token).decode(AssetResponse.self).id
            let origin = WorldAnchor(transform: Transform(translation: SIMD3(0, 0, 0)))
            let map = try await api.send(
                .post, "/api/v1/worldmaps", token: ana.token,
                json: CreateWorldMapRequest(worldMapAssetID: sha, anchors: [origin])
            ).decode(WorldMap.self)
            let square = try await api.createLayer(ana, name: "Square")
            _ = try await api.send(
                .put, "/api/v1/worldmaps/current", token: ana.token, json: CurrentWorldMapRequest(worldMapID: map.id))
            _ = try await api.createNote(ana, in: square.id)
            let anchors = try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ana.token)
                .decode(WorldMap.self).anchors
            #expect(anchors.count == 2, "the note made an anchor of its own")

            // Shared by name with Ben, then unshared.
            let benShared = try await api.pullAll(ben, .shared)
            #expect(benShared.changes.saved(.worldMap).isEmpty)
            var named = CreateWorldMapRequest(worldMapAssetID: sha, anchors: anchors)
            named.sharedWith = [ben.id]
            #expect(
                try await api.send(.put, "/api/v1/worldmaps/\(map.id)", token: ana.token, json: named).status == .ok)
            let benNamed = try await api.pullAll(ben, .shared, since: benShared.token)
            #expect(benNamed.changes.saved(.worldMap) == [map.id.uuidString])
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ben.token).status == .ok)
            named.sharedWith = []
            #expect(
                try await api.send(.put, "/api/v1/worldmaps/\(map.id)", token: ana.token, json: named).status == .ok)
            let benUnshared = try await api.pullAll(ben, .shared, since: benNamed.token)
            #expect(benUnshared.changes.deleted(.worldMap) == [map.id.uuidString])
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: ben.token).status == .notFound)

            // Made public, the layer brings the map to everyone's public scope.
            #expect(try await api.pullAll(vera, .public).changes.saved(.worldMap).isEmpty)
            let open = try await api.send(
                .patch, "/api/v1/layers/\(square.id)", token: ana.token, raw: #"{"isPublic": true}"#)
            #expect(open.status == .ok)
            let veraPublic = try await api.pullAll(vera, .public)
            #expect(veraPublic.changes.saved(.worldMap) == [map.id.uuidString])
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: vera.token).status == .ok)

            // Deleting the map takes it from everyone who had it.
            let publicBefore = veraPublic.token
            #expect(try await api.send(.delete, "/api/v1/worldmaps/\(map.id)", token: ana.token).status == .noContent)
            #expect(
                try await api.pullAll(vera, .public, since: publicBefore).changes.deleted(.worldMap) == [
                    map.id.uuidString
                ])
        }
    }
}
