import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// Purges remove a record and everything that hangs off it; retention finds what is due.
@Suite struct PurgeAndRetentionTests {
    @Test(arguments: StoreBackend.allCases)
    func purgingAnAnnotation_removesEverythingAttachedToIt(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.fullAnnotation(owner: ana.id, layer: layer.id)
            let kept = Samples.note("kept", owner: ana.id, layer: layer.id)
            let comment = Comment(text: "gone soon", authorID: ben.id, annotationID: note.id, createdAt: Samples.at(1))
            let map = WorldMap(
                worldMapAssetID: Samples.assetID, anchors: [WorldAnchor(transform: .identity, annotationID: note.id)],
                ownerID: ana.id)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveLayer(layer), .saveAnnotation(note), .saveAnnotation(kept),
                    .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .annotation(note.id)),
                    .addReaction(Reaction(emoji: "👍", userID: ben.id), annotationID: note.id),
                    .recordView(annotationID: note.id, userID: ben.id, at: Samples.at(2)),
                    .setStarred(annotationID: note.id, userID: ben.id, starred: true, at: Samples.at(2)),
                    .saveComment(comment), .saveWorldMap(map),
                ]))
            try await store.commit(ChangeSet(changes: [.purgeAnnotation(note.id)]))
            #expect(try await store.annotation(id: note.id) == nil)
            #expect(try await store.comment(id: comment.id) == nil)
            for table in ["grants", "reactions", "views", "stars", "comments", "attachments"] {
                #expect(try await store.rowCount(table) == 0, "\(table)")
            }
            #expect(try await store.worldMap(id: map.id)?.anchors.map(\.annotationID) == [nil])
            #expect(try await store.annotation(id: kept.id) != nil)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func purgingALayer_removesItAndItsGrants(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let layer = Samples.layer(owner: ana.id)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveLayer(layer),
                    .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(layer.id)),
                ]))
            try await store.commit(ChangeSet(changes: [.purgeLayer(layer.id)]))
            #expect(try await store.layer(id: layer.id) == nil)
            #expect(try await store.rowCount("grants") == 0)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func expiredRecords_findSoftDeletedAndAutoExpiredRecords(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let now = Samples.at(40 * 86_400)
            let cutoff = Samples.at(10 * 86_400)
            let layer = Samples.layer(owner: ana.id)
            let expiring = Samples.layer("Expiring", owner: ana.id, autoExpireDays: 7)
            var goneLayer = Samples.layer("Gone", owner: ana.id, isDeleted: true)
            goneLayer.updatedAt = Samples.at(5)
            var deleted = Samples.note("deleted", owner: ana.id, layer: layer.id, isDeleted: true)
            deleted.updatedAt = Samples.at(5)
            var deletedLate = Samples.note("deleted late", owner: ana.id, layer: layer.id, isDeleted: true)
            deletedLate.updatedAt = Samples.at(20 * 86_400)
            let old = Samples.note("old", owner: ana.id, layer: expiring.id, createdAt: Samples.at(30 * 86_400))
            let fresh = Samples.note("fresh", owner: ana.id, layer: expiring.id, createdAt: Samples.at(35 * 86_400))
            let live = Samples.note("live", owner: ana.id, layer: layer.id)
            var comment = Comment(
                text: "c", authorID: ana.id, annotationID: live.id, createdAt: Samples.at(1), isDeleted: true)
            comment.updatedAt = Samples.at(2)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(layer), .saveLayer(expiring), .saveLayer(goneLayer),
                    .saveAnnotation(deleted), .saveAnnotation(deletedLate), .saveAnnotation(old),
                    .saveAnnotation(fresh),
                    .saveAnnotation(live), .saveComment(comment),
                ]))
            let due = try await store.expiredRecords(deletedBefore: cutoff, now: now, limit: 100)
            #expect(Set(due.annotations) == [deleted.id, old.id])
            #expect(due.layers == [goneLayer.id])
            #expect(due.comments == [comment.id])
            let limited = try await store.expiredRecords(deletedBefore: cutoff, now: now, limit: 1)
            #expect(limited.annotations.count == 1)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func commentsByAnAuthor_areOldestFirst_andStorageStartsAtZero(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: layer.id)
            let second = Comment(text: "second", authorID: ana.id, annotationID: note.id, createdAt: Samples.at(2))
            let first = Comment(text: "first", authorID: ana.id, annotationID: note.id, createdAt: Samples.at(1))
            let deleted = Comment(
                text: "x", authorID: ana.id, annotationID: note.id, createdAt: Samples.at(3), isDeleted: true)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(layer), .saveAnnotation(note), .saveComment(second), .saveComment(first),
                    .saveComment(deleted),
                ]))
            #expect(try await store.comments(authoredBy: ana.id) == [first, second])
            #expect(try await store.storageUsed(by: ana.id) == 0)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func descendants_reachEveryLevelBelow_butNotDeletedBranches(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let root = Samples.layer("Root", owner: ana.id)
            let child = Samples.layer("Child", owner: ana.id, parent: root.id, createdAt: Samples.at(1))
            let grandchild = Samples.layer("Grandchild", owner: ana.id, parent: child.id, createdAt: Samples.at(2))
            let deleted = Samples.layer(
                "Deleted", owner: ana.id, parent: root.id, isDeleted: true, createdAt: Samples.at(3))
            let underDeleted = Samples.layer("Under", owner: ana.id, parent: deleted.id, createdAt: Samples.at(4))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(root), .saveLayer(child), .saveLayer(grandchild), .saveLayer(deleted),
                    .saveLayer(underDeleted),
                ]))
            #expect(try await store.descendantLayers(of: root.id).map(\.id) == [child.id, grandchild.id])
            #expect(try await store.childLayers(of: root.id).map(\.id) == [child.id])
            #expect(try await store.layerCount(ownedBy: ana.id) == 4)
        }
    }

    /// A page size of zero or less asks for nothing (SQLite would read a negative LIMIT as none).
    @Test(arguments: StoreBackend.allCases, [0, -1])
    func limitsOfZeroOrLess_returnNothing(backend: StoreBackend, limit: Int) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let deleted = Samples.note(owner: ana.id, layer: layer.id, isDeleted: true)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(layer), .saveAnnotation(deleted),
                    .addNotification(AppNotification(recipientID: ana.id, type: .comment, title: "t", body: "b")),
                    .addActivity(Activity(kind: .layerCreated, actorID: ana.id, layerID: layer.id, summary: "s")),
                ]))
            #expect(try await store.notifications(for: ana.id, unreadOnly: false, limit: limit).isEmpty)
            #expect(try await store.activities(visibleTo: ana.id, at: Samples.at(10), limit: limit).isEmpty)
            let due = try await store.expiredRecords(
                deletedBefore: Samples.at(86_400), now: Samples.at(86_400), limit: limit)
            #expect(due.isEmpty)
            #expect(try await store.notifications(for: ana.id, unreadOnly: false, limit: 10).count == 1)
        }
    }
}
