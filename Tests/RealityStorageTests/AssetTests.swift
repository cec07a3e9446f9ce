import Foundation
import RealityCore
import RealityTestSupport
import Testing
@testable import RealityPostgres

/// Content-addressed assets on PostgreSQL: one copy of the bytes, one reference per owner.
@Suite struct AssetTests {
    @Test func sameBytesFromTwoOwners_areStoredOnce_andCountForEach() async throws {
        try await withPostgresStore { store in
            let ana = Samples.user("Ana"), ben = Samples.user("Ben")
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveUser(ben)]))
            let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let sha = String(repeating: "ab", count: 32)
            let now = Timestamp.now()
            try await store.putAsset(sha256: sha, owner: ana.id, contentType: "image/png", data: bytes, at: now)
            try await store.putAsset(sha256: sha, owner: ana.id, contentType: "image/png", data: bytes, at: now)
            try await store.putAsset(sha256: sha, owner: ben.id, contentType: "image/png", data: bytes, at: now)
            #expect(try await store.rowCount("asset_blobs") == 1)
            #expect(try await store.rowCount("asset_refs") == 2)
            #expect(try await store.storageUsed(by: ana.id) == 4096)
            #expect(try await store.storageUsed(by: ben.id) == 4096)
            #expect(try await store.ownsAsset(sha256: sha, owner: ana.id))
            let stored = try #require(try await store.asset(sha256: sha))
            #expect(stored.data == bytes && stored.contentType == "image/png")
            #expect(try await store.asset(sha256: String(repeating: "cd", count: 32)) == nil)
        }
    }

    @Test func references_nameTheLiveAnnotationsAndMapsThatUseTheAsset() async throws {
        try await withPostgresStore { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let sha = String(repeating: "ef", count: 32)
            var photo = Samples.note(owner: ana.id, layer: layer.id)
            photo.content.cloudAssetID = sha
            var gone = Samples.note(owner: ana.id, layer: layer.id)
            gone.content.cloudAssetID = sha
            gone.isDeleted = true
            let map = WorldMap(worldMapAssetID: sha, ownerID: ana.id)
            try await store.commit(ChangeSet(changes: [
                .saveUser(ana), .saveLayer(layer), .saveAnnotation(photo), .saveAnnotation(gone), .saveWorldMap(map),
            ]))
            let references = try await store.assetReferences(sha256: sha)
            #expect(references.annotations == [photo.id])
            #expect(references.worldMaps == [map.id])
        }
    }
}
