import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// Access changes in the feed (docs/sync-protocol.md, "Pull", 2.): records that come into a
/// viewer's scope with old tags, and deletions for records that leave it, to whom they concern.
@Suite struct SyncAccessChangeTests {
    /// Ana's layer with a note and Ben's comment on it; Ben, Vera (unrelated) and Ana's second,
    /// private layer. Nothing is shared yet.
    struct World {
        let ana = Samples.user("Ana"), ben = Samples.user("Ben"), vera = Samples.user("Vera")
        let layer: Layer, other: Layer
        let note: Annotation
        let comment: RealityCore.Comment

        init() {
            layer = Samples.layer("Layer", owner: ana.id)
            other = Samples.layer("Other", owner: ana.id)
            note = Samples.note(owner: ana.id, layer: layer.id)
            comment = RealityCore.Comment(text: "hi", authorID: ben.id, annotationID: note.id, createdAt: Samples.at(5))
        }

        func save(in store: some DataStore) async throws {
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveUser(vera), .saveLayer(layer), .saveLayer(other),
                    .saveAnnotation(note), .saveComment(comment),
                ]))
        }

        func grant(_ store: some DataStore) async throws {
            try await store.commit(
                ChangeSet(changes: [
                    .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(layer.id))
                ]))
        }

        /// Every scope's cursor of `user` now.
        func cursors(_ store: some SyncLogReading, _ user: UserID) async throws -> [SyncScope: SyncCursor] {
            var cursors: [SyncScope: SyncCursor] = [:]
            for scope in SyncScope.allCases { cursors[scope] = try await store.head(user, scope) }
            return cursors
        }

        /// What each scope of `user` carried after `cursors`, empty scopes left out.
        func seen(_ store: some SyncLogReading, _ user: UserID, after cursors: [SyncScope: SyncCursor]) async throws
            -> [SyncScope: Set<String>]
        {
            var seen: [SyncScope: Set<String>] = [:]
            for scope in SyncScope.allCases {
                let entries = try await store.seen(user, scope, after: cursors[scope] ?? .start)
                if !entries.isEmpty { seen[scope] = entries }
            }
            return seen
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aGrant_bringsOldRecordsIntoTheGranteesSharedFeed(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let noteTag = try await store.changeTag(of: .annotation, id: world.note.id.uuidString)
            let ben = try await world.cursors(store, world.ben.id)
            let vera = try await world.cursors(store, world.vera.id)
            try await world.grant(store)
            #expect(
                try await world.seen(store, world.ben.id, after: ben) == [
                    .shared: [
                        live(.layer, world.layer.id), live(.annotation, world.note.id),
                        live(.comment, world.comment.id),
                    ]
                ])
            let entries = try await store.drain(world.ben.id, .shared, after: ben[.shared] ?? .start).entries
            #expect(entries.first { $0.recordType == .annotation }?.changeTag == noteTag, "the note's tag is old")
            #expect(try await world.seen(store, world.vera.id, after: vera).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aRevoke_deletesForTheGranteeOnly(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            try await world.grant(store)
            let ben = try await world.cursors(store, world.ben.id)
            let vera = try await world.cursors(store, world.vera.id)
            try await store.commit(ChangeSet(changes: [.revoke(userID: world.ben.id, on: .layer(world.layer.id))]))
            #expect(
                try await world.seen(store, world.ben.id, after: ben) == [
                    .shared: [
                        gone(.layer, world.layer.id), gone(.annotation, world.note.id),
                        gone(.comment, world.comment.id),
                    ]
                ])
            #expect(try await world.seen(store, world.vera.id, after: vera).isEmpty)
        }
    }

    /// What the owner adds after a revoke is none of the former grantee's business: the feed
    /// deletes only what was there before (issue 17).
    @Test(arguments: StoreBackend.allCases)
    func aRevoke_deletesOnlyWhatWasThereBefore(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            try await world.grant(store)
            let ben = try await world.cursors(store, world.ben.id)
            try await store.commit(ChangeSet(changes: [.revoke(userID: world.ben.id, on: .layer(world.layer.id))]))
            let later = Samples.note(owner: world.ana.id, layer: world.layer.id)
            let laterComment = RealityCore.Comment(
                text: "later", authorID: world.ana.id, annotationID: world.note.id, createdAt: Samples.at(40))
            var movedIn = Samples.note(owner: world.ana.id, layer: world.other.id)
            try await store.commit(
                ChangeSet(changes: [.saveAnnotation(later), .saveComment(laterComment), .saveAnnotation(movedIn)]))
            movedIn.layerID = world.layer.id
            try await store.commit(ChangeSet(changes: [.saveAnnotation(movedIn)]))
            #expect(
                try await world.seen(store, world.ben.id, after: ben) == [
                    .shared: [
                        gone(.layer, world.layer.id), gone(.annotation, world.note.id),
                        gone(.comment, world.comment.id),
                    ]
                ])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAnnotationGrant_andItsRevoke(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let ben = try await world.cursors(store, world.ben.id)
            try await store.commit(
                ChangeSet(changes: [
                    .grant(Samples.grant(.viewer, to: world.ben.id, by: world.ana.id), on: .annotation(world.note.id))
                ]))
            #expect(
                try await world.seen(store, world.ben.id, after: ben) == [
                    .shared: [
                        live(.annotation, world.note.id), live(.comment, world.comment.id),
                    ]
                ])
            let granted = try await world.cursors(store, world.ben.id)
            try await store.commit(ChangeSet(changes: [.revoke(userID: world.ben.id, on: .annotation(world.note.id))]))
            #expect(
                try await world.seen(store, world.ben.id, after: granted) == [
                    .shared: [
                        gone(.annotation, world.note.id), gone(.comment, world.comment.id),
                    ]
                ])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func movingAnAnnotationOutOfSight_deletesItForTheViewer(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            try await world.grant(store)
            let ben = try await world.cursors(store, world.ben.id)
            let vera = try await world.cursors(store, world.vera.id)
            let ana = try await world.cursors(store, world.ana.id)
            var moved = world.note
            moved.layerID = world.other.id
            moved.updatedAt = Samples.at(50)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(moved)]))
            #expect(
                try await world.seen(store, world.ben.id, after: ben) == [
                    .shared: [
                        gone(.annotation, moved.id), gone(.comment, world.comment.id),
                    ]
                ])
            #expect(try await world.seen(store, world.vera.id, after: vera).isEmpty)
            // The owner keeps it, and its comments come again with it.
            #expect(
                try await world.seen(store, world.ana.id, after: ana) == [
                    .private: [
                        live(.annotation, moved.id), live(.comment, world.comment.id),
                    ]
                ])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingASharedLayer_deletesWhatMovesOutOfIt(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            try await world.grant(store)
            let ben = try await world.cursors(store, world.ben.id)
            // As the layer service deletes a layer: flagged, its notes moved to a layer of the owner's.
            var deleted = world.layer
            deleted.isDeleted = true
            deleted.updatedAt = Samples.at(60)
            var moved = world.note
            moved.layerID = world.other.id
            moved.updatedAt = Samples.at(60)
            try await store.commit(ChangeSet(changes: [.saveLayer(deleted), .saveAnnotation(moved)]))
            #expect(
                try await world.seen(store, world.ben.id, after: ben) == [
                    .shared: [
                        live(.layer, deleted.id), gone(.annotation, moved.id), gone(.comment, world.comment.id),
                    ]
                ])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aLayerMadePublic_comesToOthers_andGoesWhenMadePrivate(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let vera = try await world.cursors(store, world.vera.id)
            var layer = world.layer
            layer.isPublic = true
            layer.updatedAt = Samples.at(70)
            try await store.commit(ChangeSet(changes: [.saveLayer(layer)]))
            #expect(
                try await world.seen(store, world.vera.id, after: vera) == [
                    .public: [
                        live(.layer, layer.id), live(.annotation, world.note.id), live(.comment, world.comment.id),
                    ]
                ])
            let open = try await store.head(world.vera.id, .public)
            layer.isPublic = false
            layer.updatedAt = Samples.at(80)
            try await store.commit(ChangeSet(changes: [.saveLayer(layer)]))
            #expect(
                try await store.seen(world.vera.id, .public, after: open)
                    == [gone(.layer, layer.id), gone(.annotation, world.note.id), gone(.comment, world.comment.id)])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func unstarring_deletesTheStarInTheOwnersPrivateFeed(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            try await world.grant(store)
            let before = try await world.cursors(store, world.ben.id)
            try await store.commit(
                ChangeSet(changes: [
                    .setStarred(annotationID: world.note.id, userID: world.ben.id, starred: true, at: Samples.at(90))
                ]))
            #expect(
                try await world.seen(store, world.ben.id, after: before) == [.private: [live(.star, world.note.id)]])
            let starred = try await world.cursors(store, world.ben.id)
            let ana = try await world.cursors(store, world.ana.id)
            try await store.commit(
                ChangeSet(changes: [
                    .setStarred(annotationID: world.note.id, userID: world.ben.id, starred: false, at: Samples.at(91))
                ]))
            #expect(
                try await world.seen(store, world.ben.id, after: starred) == [.private: [gone(.star, world.note.id)]])
            #expect(try await world.seen(store, world.ana.id, after: ana).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletingAWorldMap_deletesItInTheOwnersPrivateFeed(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let map = WorldMap(worldMapAssetID: Samples.assetID, ownerID: world.ana.id)
            let before = try await world.cursors(store, world.ana.id)
            try await store.commit(ChangeSet(changes: [.saveWorldMap(map)]))
            #expect(try await world.seen(store, world.ana.id, after: before) == [.private: [live(.worldMap, map.id)]])
            let saved = try await world.cursors(store, world.ana.id)
            let ben = try await world.cursors(store, world.ben.id)
            try await store.commit(ChangeSet(changes: [.deleteWorldMap(map.id)]))
            // A map is the owner's private record, or in the shared scope of whoever it was shared
            // with: the log does not keep which, so both scopes of each hear of the deletion.
            let seen = try await world.seen(store, world.ana.id, after: saved)
            #expect(seen[.private] == [gone(.worldMap, map.id)])
            #expect(seen[.public] == nil)
            #expect(seen.values.allSatisfy { $0 == [gone(.worldMap, map.id)] })
            #expect(try await world.seen(store, world.ben.id, after: ben).isEmpty)
        }
    }
}
