import Foundation
import RealityAPI
import RealityCore
import Testing

/// World maps people can use (issue 20): each session picks the map it is relocalised in, new
/// annotations made through it anchor there, maps change, and relocalising moves annotations to
/// the nearest anchors after a merge; on both backends.
@Suite struct WorldMapRouteTests {
    static let mapBytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    @Test(arguments: Backend.allCases)
    func current_anchorsNewAnnotations_updateAndRelocalize(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let ben = try await api.register("Ben")
            let asset = try await api.upload(Self.mapBytes, token: ana.token, contentType: "application/octet-stream")
            #expect(asset.status == .created, "\(String(decoding: asset.body, as: UTF8.self))")
            let sha = try asset.decode(AssetResponse.self).id
            let origin = WorldAnchor(transform: Transform(translation: SIMD3(0, 0, 0)))
            let far = WorldAnchor(transform: Transform(translation: SIMD3(10, 0, 0)))
            let created = try await api.send(
                .post, "/api/v1/worldmaps", token: ana.token,
                json: CreateWorldMapRequest(worldMapAssetID: sha, anchors: [origin, far], locationName: "Kitchen"))
            #expect(created.status == .created)
            let map = try created.decode(WorldMap.self)
            let layer = try await api.createLayer(ana)

            #expect(try await api.send(.get, "/api/v1/worldmaps/current", token: ana.token).status == .notFound)
            let chosen = try await api.send(
                .put, "/api/v1/worldmaps/current", token: ana.token, json: CurrentWorldMapRequest(worldMapID: map.id))
            #expect(chosen.status == .ok)
            #expect(
                try await api.send(.get, "/api/v1/worldmaps/current", token: ana.token).decode(WorldMap.self).id
                    == map.id)
            let near = try await api.send(
                .post, "/api/v1/annotations", token: ana.token,
                json: CreateAnnotationRequest(
                    type: .text, content: AnnotationContent(text: "Kettle"), position: [0.2, 0, 0], layerID: layer.id))
            #expect(try near.decode(Annotation.self).anchorID == origin.id, "anchored in the session's map")

            // Another session of Ana's has its own current map: none.
            let other = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ana@example.com", password: "correct horse"))
            let otherToken = try other.decode(AuthResponse.self).token
            #expect(try await api.send(.get, "/api/v1/worldmaps/current", token: otherToken).status == .notFound)
            let loose = try await api.send(
                .post, "/api/v1/annotations", token: otherToken,
                json: CreateAnnotationRequest(
                    type: .text, content: AnnotationContent(text: "Shelf"), position: [5.1, 0, 0], layerID: layer.id))
            let shelf = try loose.decode(Annotation.self)
            #expect(![origin.id, far.id].contains(shelf.anchorID))

            // Ben may neither use nor change Ana's map; nor learn that it exists.
            let foreign = try await api.send(
                .put, "/api/v1/worldmaps/current", token: ben.token, json: CurrentWorldMapRequest(worldMapID: map.id))
            #expect(foreign.status == .notFound)
            let merged = WorldAnchor(transform: Transform(translation: SIMD3(5, 0, 0)))
            let change = CreateWorldMapRequest(
                worldMapAssetID: sha, anchors: [origin, far, merged], locationName: "Kitchen and pantry")
            #expect(
                try await api.send(.put, "/api/v1/worldmaps/\(map.id)", token: ben.token, json: change).status
                    == .notFound)
            let mismatched = CreateWorldMapRequest(id: WorldMapID(), worldMapAssetID: sha)
            #expect(
                try await api.send(.put, "/api/v1/worldmaps/\(map.id)", token: ana.token, json: mismatched).status
                    == .badRequest)
            #expect(
                try await api.send(.put, "/api/v1/worldmaps/current", token: ana.token, raw: "{}").status == .badRequest
            )

            let updated = try await api.send(.put, "/api/v1/worldmaps/\(map.id)", token: ana.token, json: change)
            #expect(updated.status == .ok)
            let saved = try updated.decode(WorldMap.self)
            #expect(saved.anchors.count == 3 && saved.locationName == "Kitchen and pantry")
            #expect(saved.createdAt == map.createdAt)

            // After the merge, relocalising moves the shelf to the new anchor; the kettle stays.
            #expect(
                try await api.send(.post, "/api/v1/worldmaps/\(map.id)/relocalize", token: ben.token).status
                    == .notFound)
            let report = try await api.send(.post, "/api/v1/worldmaps/\(map.id)/relocalize", token: ana.token)
            #expect(try report.decode(RelocalizeReport.self).annotationsUpdated == 1)
            let moved = try await api.send(.get, "/api/v1/annotations/\(shelf.id)", token: ana.token).decode(
                Annotation.self)
            #expect(moved.anchorID == merged.id && moved.position == shelf.position)
            let again = try await api.send(.post, "/api/v1/worldmaps/\(map.id)/relocalize", token: ana.token)
            #expect(try again.decode(RelocalizeReport.self).annotationsUpdated == 0)

            #expect(try await api.send(.delete, "/api/v1/worldmaps/current", token: ana.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/worldmaps/current", token: ana.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/worldmaps/current").status == .unauthorized)
        }
    }
}
