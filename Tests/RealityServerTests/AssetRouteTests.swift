import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// Assets and world maps (SPEC D5, S8).
@Suite("Asset and world-map routes")
struct AssetRouteTests {
    static let png = MediaSamples.png
    static let pngSHA256 = "f1b0b5bbb5e5b7b1c0b1b4a1c7c9d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8"

    @Test(arguments: Backend.allCases) func upload_isContentAddressed_readableByOwner_countsTowardUsage(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let result = try await api.upload(Self.png, token: a.token)
            #expect(result.status == .created)
            let asset = try result.decode(AssetResponse.self)
            #expect(asset.size == Int64(Self.png.count) && asset.id == asset.sha256 && asset.sha256.count == 64)
            let again = try await api.upload(Self.png, token: a.token)
            #expect(try again.decode(AssetResponse.self) == asset, "same bytes, same address")

            let download = try await api.send(.get, "/api/v1/assets/\(asset.id)", token: a.token)
            #expect(download.status == .ok)
            #expect(download.body == Self.png)
            #expect(download.headers[.contentType] == "image/png")
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token).decode(UsageStats.self)
            #expect(usage.storageUsed == Int64(Self.png.count), "stored twice, counted once")

            // Another user uploading the same bytes holds a reference of their own.
            let b = try await api.register("Bob")
            #expect(try await api.send(.get, "/api/v1/assets/\(asset.id)", token: b.token).status == .notFound)
            #expect(try await api.upload(Self.png, token: b.token).status == .created)
            #expect(try await api.send(.get, "/api/v1/assets/\(asset.id)", token: b.token).status == .ok)
        }
    }

    @Test(arguments: Backend.allCases) func upload_refusesOversize_overQuota_emptyAndAnonymous(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend, { $0.maxAssetBytes = 1_000 }) { api in
            let a = try await api.register("Alice")
            let big = try await api.upload(Data(repeating: 7, count: 1_001), token: a.token)
            #expect(big.status == .contentTooLarge)
            #expect(big.errorCode == "body_too_large")
            #expect(try await api.upload(Data(), token: a.token).status == .badRequest)
            #expect(try await api.upload(Self.png, token: nil).status == .unauthorized)
            // The uploader's claim of a type is not read: the bytes say what they are.
            let claimed = try await api.upload(
                Self.png, token: a.token, contentType: "image/" + String(repeating: "x", count: 300))
            #expect(try claimed.decode(AssetResponse.self).contentType == "image/png")
            #expect(try await api.send(.get, "/api/v1/assets/nothex", token: a.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/assets/\(Self.pngSHA256)", token: a.token).status == .notFound)
        }
        // The free plan stores 100 MiB: over it, 403 with the limit's code and nothing stored.
        try await TestServer.run(backend, { $0.maxAssetBytes = 60 << 20 }) { api in
            let a = try await api.register("Alice")
            #expect(try await api.upload(Data(repeating: 1, count: 55 << 20), token: a.token).status == .created)
            let over = try await api.upload(Data(repeating: 2, count: 50 << 20), token: a.token)
            #expect(over.status == .forbidden)
            #expect(over.errorCode == "storage_quota_exceeded")
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token).decode(UsageStats.self)
            #expect(usage.storageUsed == 55 << 20)
        }
    }

    @Test(arguments: Backend.allCases) func asset_isReadableByWhoeverSeesAnAnnotationThatNamesIt(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let id = try await api.upload(Self.png, token: a.token).decode(AssetResponse.self).id
            let layer = try await api.createLayer(a)
            let photo = try await api.send(
                .post, "/api/v1/annotations", token: a.token,
                raw:
                    #"{"type":"photo","content":{"cloudAssetID":"\#(id)"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#
            )
            #expect(photo.status == .created, "\(String(decoding: photo.body, as: UTF8.self))")
            #expect(try await api.send(.get, "/api/v1/assets/\(id)", token: b.token).status == .notFound)
            try await api.share(layer.id, by: a, with: b, as: .viewer)
            #expect(try await api.send(.get, "/api/v1/assets/\(id)", token: b.token).status == .ok)
            _ = try await api.send(.delete, "/api/v1/layers/\(layer.id)/permissions/\(b.id)", token: a.token)
            #expect(try await api.send(.get, "/api/v1/assets/\(id)", token: b.token).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases) func worldMaps_ownerAndSharedRead_onlyOwnerDeletes_assetsMustBeOwn(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            try await api.setTier(.plus, for: a.id)
            let b = try await api.register("Bob")
            let c = try await api.register("Carol")
            let asset = try await api.upload(Self.png, token: a.token).decode(AssetResponse.self).id
            let create = try await api.send(
                .post, "/api/v1/worldmaps", token: a.token,
                json: CreateWorldMapRequest(worldMapAssetID: asset, locationName: "Kitchen", sharedWith: [b.id]))
            #expect(create.status == .created, "\(String(decoding: create.body, as: UTF8.self))")
            let map = try create.decode(WorldMap.self)
            #expect(map.ownerID == a.id && map.isShared)
            // Bob hears that the map is shared with him; Carol hears nothing.
            #expect(try await api.notifications(b).map(\.type) == [.shared])
            #expect(try await api.notifications(c).isEmpty)

            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: a.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: b.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/assets/\(asset)", token: b.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: c.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/assets/\(asset)", token: c.token).status == .notFound)
            let list = try await api.send(.get, "/api/v1/worldmaps", token: b.token)
            #expect(try list.decode(Page<WorldMap>.self).items.map(\.id) == [map.id])
            let cList = try await api.send(.get, "/api/v1/worldmaps", token: c.token)
            #expect(try cList.decode(Page<WorldMap>.self).items.isEmpty)

            #expect(try await api.send(.delete, "/api/v1/worldmaps/\(map.id)", token: c.token).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/worldmaps/\(map.id)", token: b.token).status == .forbidden)
            #expect(try await api.send(.delete, "/api/v1/worldmaps/\(map.id)", token: a.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(map.id)", token: a.token).status == .notFound)

            // Bob may not build a map on Alice's bytes, nor on bytes that do not exist.
            for body in [
                #"{"worldMapAssetID":"\#(asset)"}"#, #"{"worldMapAssetID":"\#(Self.pngSHA256)"}"#,
            ] {
                let result = try await api.send(.post, "/api/v1/worldmaps", token: b.token, raw: body)
                #expect(result.status == .badRequest && result.errorField == "worldMapAssetID")
            }
            for body in [
                #"{}"#, #"{"worldMapAssetID":"xyz"}"#, #"{"worldMapAssetID":5}"#, "[",
                #"{"worldMapAssetID":"\#(asset)","sharedWith":["\#(UUID())"]}"#,
            ] {
                let result = try await api.send(.post, "/api/v1/worldmaps", token: a.token, raw: body)
                #expect(result.status == .badRequest, "\(body) → \(result.status)")
            }
            // The free plan does not share.
            let bAsset = try await api.upload(Data("bob's map".utf8), token: b.token).decode(AssetResponse.self).id
            let shared = try await api.send(
                .post, "/api/v1/worldmaps", token: b.token,
                json: CreateWorldMapRequest(worldMapAssetID: bAsset, sharedWith: [c.id]))
            #expect(shared.status == .forbidden)
            #expect(try await api.send(.get, "/api/v1/worldmaps/\(UUID())", token: a.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/worldmaps/x", token: a.token).status == .badRequest)
        }
    }
}
