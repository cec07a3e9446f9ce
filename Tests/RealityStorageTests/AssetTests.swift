import Foundation
import OutOfBoxCore
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// Content-addressed assets: one row per SHA-256, one reference per owner.
@Suite struct AssetTests {
    @Test func sameBytesFromTwoOwners_areStoredOnce_andCountForEach() async throws {
        try await withPostgresStore { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveUser(ben)]))
            let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let sha = String(repeating: "ab", count: 32)
            let now = Timestamp.now()
            try await store.putAsset(
                sha256: sha, owner: ana.id, contentType: "image/png", byteCount: Int64(bytes.count), at: now,
                quotaBytes: nil, job: nil)
            try await store.putAsset(
                sha256: sha, owner: ana.id, contentType: "image/png", byteCount: Int64(bytes.count), at: now,
                quotaBytes: nil, job: nil)
            try await store.putAsset(
                sha256: sha, owner: ben.id, contentType: "image/png", byteCount: Int64(bytes.count), at: now,
                quotaBytes: nil, job: nil)
            #expect(try await store.rowCount("asset_blobs") == 1)
            #expect(try await store.rowCount("asset_refs") == 2)
            #expect(try await store.storageUsed(by: ana.id) == 4096)
            #expect(try await store.storageUsed(by: ben.id) == 4096)
            #expect(try await store.ownsAsset(sha256: sha, owner: ana.id))
            let stored = try #require(try await store.asset(sha256: sha))
            #expect(stored.byteCount == 4096 && stored.contentType == "image/png")
            #expect(try await store.asset(sha256: String(repeating: "cd", count: 32)) == nil)
        }
    }

    @Test func references_nameTheLiveAnnotationsAndMapsThatUseTheAsset_byItsUploader() async throws {
        try await withPostgresStore { store in
            let ana = Samples.user("Ana")
            let bob = Samples.user("Bob")
            let layer = Samples.layer(owner: ana.id)
            let bobsLayer = Samples.layer(owner: bob.id)
            let sha = String(repeating: "ef", count: 32)
            var photo = Samples.note(owner: ana.id, layer: layer.id)
            photo.content.cloudAssetID = sha
            var gone = Samples.note(owner: ana.id, layer: layer.id)
            gone.content.cloudAssetID = sha
            gone.isDeleted = true
            // Bob names Ana's upload in records of his own: a name, not a key.
            var borrowed = Samples.note(owner: bob.id, layer: bobsLayer.id)
            borrowed.content.cloudAssetID = sha
            let map = WorldMap(worldMapAssetID: sha, ownerID: ana.id)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(bob), .saveLayer(layer), .saveLayer(bobsLayer), .saveAnnotation(photo),
                    .saveAnnotation(gone), .saveAnnotation(borrowed), .saveWorldMap(map),
                    .saveWorldMap(WorldMap(worldMapAssetID: sha, ownerID: bob.id)),
                ]))
            try await store.putAsset(
                sha256: sha, owner: ana.id, contentType: "image/png", byteCount: 3, at: Timestamp.now(),
                quotaBytes: nil, job: nil)
            let references = try await store.assetReferences(sha256: sha)
            #expect(references.annotations == [photo.id])
            #expect(references.worldMaps == [map.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func quota_isCheckedInsideTheWrite_soRacingUploadsCannotOvershootIt(_ backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            let assets = try #require(store as? any AssetRepository)
            let ana = Samples.user("Ana")
            try await store.commit(ChangeSet(changes: [.saveUser(ana)]))
            let now = Timestamp.now()
            // Ten different 1,000-byte uploads race against a 4,500-byte quota: four fit.
            let stored = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        do {
                            try await assets.putAsset(
                                sha256: Self.sha(index), owner: ana.id, contentType: "application/octet-stream",
                                byteCount: 1_000, at: now, quotaBytes: 4_500, job: nil)
                            return index
                        } catch let error as AssetQuotaExceeded {
                            #expect(error.usedBytes >= 4_000)
                            return nil
                        }
                    }
                }
                return try await group.reduce(into: [Int]()) { if let index = $1 { $0.append(index) } }
            }
            #expect(stored.count == 4)
            #expect(try await store.storageUsed(by: ana.id) == 4_000)
            #expect(try await store.rowCount("asset_refs") == 4)
            // Storing bytes the owner already has is free, even at the quota (which four won the
            // race is up to the scheduler).
            let kept = try #require(stored.first)
            try await assets.putAsset(
                sha256: Self.sha(kept), owner: ana.id, contentType: "application/octet-stream",
                byteCount: 1_000, at: now, quotaBytes: 4_500, job: nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func release_refusesWhileTheOwnersLiveRecordsUseIt_andCollectsWithTheLastReference(_ backend: StoreBackend)
        async throws
    {
        try await withStore(backend) { store in
            let assets = try #require(store as? any AssetRepository)
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let layer = Samples.layer(owner: ana.id)
            let sha = Self.sha(7)
            var photo = Samples.note(owner: ana.id, layer: layer.id)
            photo.content.cloudAssetID = sha
            try await store.commit(
                ChangeSet(changes: [.saveUser(ana), .saveUser(ben), .saveLayer(layer), .saveAnnotation(photo)]))
            let now = Timestamp.now()
            for owner in [ana.id, ben.id] {
                try await assets.putAsset(
                    sha256: sha, owner: owner, contentType: "image/png", byteCount: 500, at: now, quotaBytes: nil,
                    job: nil)
            }
            #expect(try await assets.releaseAsset(sha256: Self.sha(8), owner: ana.id) == .notHeld)
            #expect(
                try await assets.releaseAsset(sha256: sha, owner: ana.id)
                    == .inUse(kind: "annotation", id: photo.id.uuidString))
            #expect(try await store.storageUsed(by: ana.id) == 500, "a refused release removes nothing")

            // Once the annotation is deleted Ana may let go; Ben's reference keeps the asset.
            photo.isDeleted = true
            try await store.commit(ChangeSet(changes: [.saveAnnotation(photo)]))
            #expect(try await assets.releaseAsset(sha256: sha, owner: ana.id) == .released(collectable: false))
            #expect(try await store.storageUsed(by: ana.id) == 0)
            #expect(try await assets.asset(sha256: sha) != nil)
            #expect(try await assets.releaseAsset(sha256: sha, owner: ana.id) == .notHeld)

            // A world map is a use too; the last reference takes the row with it.
            let map = WorldMap(worldMapAssetID: sha, ownerID: ben.id)
            try await store.commit(ChangeSet(changes: [.saveWorldMap(map)]))
            #expect(
                try await assets.releaseAsset(sha256: sha, owner: ben.id)
                    == .inUse(kind: "worldMap", id: map.id.uuidString))
            try await store.commit(ChangeSet(changes: [.deleteWorldMap(map.id)]))
            // So is an Out of Box completion whose photo it is.
            let challenges: any ChallengeRepository = store
            let challengeID = "photograph-a-door"
            try await challenges.saveChallenges([ChallengeStoreTests.challenge(challengeID)], catalogVersion: nil)
            var done = UserChallenge(
                userID: ben.id.rawValue, challengeID: challengeID, localDay: LocalDay(now, in: .gmt), assignedAt: now)
            done.status = .completed
            done.completedDate = now
            done.photoAssetID = sha
            try await challenges.saveAssignments([done])
            #expect(
                try await assets.releaseAsset(sha256: sha, owner: ben.id)
                    == .inUse(kind: "challengeCompletion", id: challengeID))
            done.photoAssetID = nil
            #expect(try await challenges.updateAssignment(done, whereStatus: .completed))
            #expect(try await assets.releaseAsset(sha256: sha, owner: ben.id) == .released(collectable: true))
            #expect(try await assets.asset(sha256: sha) == nil)
            #expect(try await store.rowCount("asset_refs") == 0)
        }
    }

    /// The SHA-256 (as hex) the race's upload `index` claims.
    static func sha(_ index: Int) -> String { String(format: "%064x", index + 1) }
}

extension AssetTests {
    /// Purging an annotation (retention, 30 days after its deletion) releases its owner's
    /// reference to the assets it names once nothing else of theirs names them (issue 19): their
    /// storage use goes down, and an asset no one holds loses its rows.
    @Test(arguments: StoreBackend.allCases)
    func purgingAnnotations_releasesTheirAssets_whenNothingElseOfTheOwnersNamesThem(
        _ backend: StoreBackend
    ) async throws {
        try await withStore(backend) { store in
            let assets = try #require(store as? any AssetRepository)
            let ana = Samples.user("Ana")
            let bob = Samples.user("Bob")
            let layer = Samples.layer(owner: ana.id)
            let (shared, own) = (String(repeating: "a1", count: 32), String(repeating: "b2", count: 32))
            var photo = Samples.note(owner: ana.id, layer: layer.id)
            photo.content.cloudAssetID = shared
            photo.attachments = [Attachment(fileName: "x.png", fileType: "image/png", fileSize: 7, cloudAssetID: own)]
            var again = Samples.note(owner: ana.id, layer: layer.id)
            again.content.cloudAssetID = own
            photo.isDeleted = true
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(bob), .saveLayer(layer), .saveAnnotation(photo), .saveAnnotation(again),
                ]))
            for (sha, owner) in [(shared, ana.id), (own, ana.id), (shared, bob.id)] {
                try await assets.putAsset(
                    sha256: sha, owner: owner, contentType: "image/png", byteCount: 100, at: Timestamp.now(),
                    quotaBytes: nil, job: nil)
            }
            #expect(try await store.storageUsed(by: ana.id) == 200)

            // What retention commits for each annotation it finds due.
            try await store.commit(ChangeSet(changes: [.purgeAnnotation(photo.id)]))
            // `shared` is Ana's no more (Bob still holds it); `own` stays hers: another note names it.
            #expect(try await !assets.ownsAsset(sha256: shared, owner: ana.id))
            #expect(try await assets.ownsAsset(sha256: shared, owner: bob.id))
            #expect(try await assets.asset(sha256: shared) != nil)
            #expect(try await assets.ownsAsset(sha256: own, owner: ana.id))
            #expect(try await store.storageUsed(by: ana.id) == 100)

            try await store.commit(ChangeSet(changes: [.purgeAnnotation(again.id)]))
            #expect(try await store.storageUsed(by: ana.id) == 0)
            #expect(try await assets.asset(sha256: own) == nil, "no one holds it: its row goes, the sweeper its bytes")
            #expect(try await !assets.isBlobNamed(own))
        }
    }
}

extension AssetTests {
    /// An Out of Box completion photo is a use of its asset (issue 21): purging an annotation that
    /// names it too keeps the owner's reference and the bytes while the completion names it.
    @Test(arguments: StoreBackend.allCases)
    func purgingAnAnnotation_keepsAPhotoACompletionNames(_ backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let assets = try #require(store as? any AssetRepository)
            let challenges: any ChallengeRepository = store
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let sha = Self.sha(21)
            var note = Samples.note(owner: ana.id, layer: layer.id)
            note.content.cloudAssetID = sha
            note.isDeleted = true
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            let now = Timestamp.now()
            try await assets.putAsset(
                sha256: sha, owner: ana.id, contentType: "image/png", byteCount: 300, at: now, quotaBytes: nil, job: nil
            )
            try await challenges.saveChallenges(
                [ChallengeStoreTests.challenge("photograph-a-door")], catalogVersion: nil)
            var done = UserChallenge(
                userID: ana.id.rawValue, challengeID: "photograph-a-door", localDay: LocalDay(now, in: .gmt),
                assignedAt: now)
            done.status = .completed
            done.completedDate = now
            done.photoAssetID = sha
            try await challenges.saveAssignments([done])

            try await store.commit(ChangeSet(changes: [.purgeAnnotation(note.id)]))
            #expect(try await assets.ownsAsset(sha256: sha, owner: ana.id), "the completion still names it")
            #expect(try await assets.asset(sha256: sha) != nil)
            #expect(try await store.storageUsed(by: ana.id) == 300)
        }
    }
}
