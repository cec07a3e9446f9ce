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
    func trashedRecords_findWhatWasDeletedBeforeTheCutoff(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let cutoff = Samples.at(10 * 86_400)
            let layer = Samples.layer(owner: ana.id)
            var goneLayer = Samples.layer("Gone", owner: ana.id, isDeleted: true)
            goneLayer.updatedAt = Samples.at(4)
            var deleted = Samples.note("deleted", owner: ana.id, layer: layer.id, isDeleted: true)
            deleted.updatedAt = Samples.at(5)
            var deletedLate = Samples.note("deleted late", owner: ana.id, layer: layer.id, isDeleted: true)
            deletedLate.updatedAt = Samples.at(20 * 86_400)
            let live = Samples.note("live", owner: ana.id, layer: layer.id)
            var comment = Comment(
                text: "c", authorID: ana.id, annotationID: live.id, createdAt: Samples.at(1), isDeleted: true)
            comment.updatedAt = Samples.at(2)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(layer), .saveLayer(goneLayer), .saveAnnotation(deleted),
                    .saveAnnotation(deletedLate), .saveAnnotation(live), .saveComment(comment),
                ]))
            let due = try await store.trashedRecords(deletedBefore: cutoff, limit: 100)
            #expect(due.annotations == [deleted.id])
            #expect(due.layers == [goneLayer.id])
            #expect(due.comments == [comment.id])
            #expect(
                try await store.trashedRecords(deletedBefore: Samples.at(30 * 86_400), limit: 1).annotations.count == 1)
            let trash = try await store.trash(of: ana.id, limit: 10)
            #expect(trash.map(\.id) == [deletedLate.id.rawValue, deleted.id.rawValue, goneLayer.id.rawValue])
            #expect(trash.map(\.kind) == [.annotation, .annotation, .layer])
            #expect(trash[0].purgeAt == deletedLate.updatedAt.addingTimeInterval(30 * 86_400))
            #expect(trash[2].title == "Gone" && trash[2].type == nil && trash[0].type == .text)
            #expect(try await store.trash(of: Samples.user("Ben").id, limit: 10).isEmpty)
        }
    }

    /// Every rule that retires an annotation, each at its boundary: a layer's age limit, an expiry
    /// date, a number of views (counted over every viewer).
    @Test(arguments: StoreBackend.allCases)
    func expiringAnnotations_findEveryRuleAtItsBoundary(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let now = Samples.at(40 * 86_400)
            let layer = Samples.layer(owner: ana.id)
            let expiring = Samples.layer("Expiring", owner: ana.id, autoExpireDays: 7)
            let old = Samples.note(
                "old", owner: ana.id, layer: expiring.id, createdAt: now.addingTimeInterval(-7 * 86_400 - 1))
            let young = Samples.note(
                "young", owner: ana.id, layer: expiring.id, createdAt: now.addingTimeInterval(-7 * 86_400))
            var dated = Samples.note("dated", owner: ana.id, layer: layer.id)
            dated.visibilityRules = VisibilityRules(expiresAt: now)
            var notYet = Samples.note("not yet", owner: ana.id, layer: layer.id)
            notYet.visibilityRules = VisibilityRules(expiresAt: now.addingTimeInterval(0.001))
            var spent = Samples.note("spent", owner: ana.id, layer: layer.id)
            spent.visibilityRules = VisibilityRules(expiresAfterViews: 2)
            var unspent = Samples.note("unspent", owner: ana.id, layer: layer.id)
            unspent.visibilityRules = VisibilityRules(expiresAfterViews: 3)
            var alreadyGone = Samples.note("gone", owner: ana.id, layer: layer.id, isDeleted: true)
            alreadyGone.visibilityRules = VisibilityRules(expiresAt: Samples.at(1))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveLayer(layer), .saveLayer(expiring), .saveAnnotation(old),
                    .saveAnnotation(young), .saveAnnotation(dated), .saveAnnotation(notYet), .saveAnnotation(spent),
                    .saveAnnotation(unspent), .saveAnnotation(alreadyGone),
                    .recordView(annotationID: spent.id, userID: ana.id, at: now),
                    .recordView(annotationID: spent.id, userID: ben.id, at: now),
                    .recordView(annotationID: unspent.id, userID: ben.id, at: now),
                    .recordView(annotationID: unspent.id, userID: ben.id, at: now),
                ]))
            let due = try await store.expiringAnnotations(now: now, limit: 100)
            #expect(Set(due) == [old.id, dated.id, spent.id])
            // The stores' SQL and the model's rule agree at the boundary.
            #expect(expiring.retiresByAge(createdAt: old.createdAt, at: now))
            #expect(!expiring.retiresByAge(createdAt: young.createdAt, at: now))
            #expect(!layer.retiresByAge(createdAt: old.createdAt, at: now))
            #expect(try await store.expiringAnnotations(now: now, limit: 2).count == 2)
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
            let due = try await store.trashedRecords(deletedBefore: Samples.at(86_400), limit: limit)
            #expect(due.isEmpty)
            #expect(try await store.trash(of: ana.id, limit: limit).isEmpty)
            #expect(try await store.notifications(for: ana.id, unreadOnly: false, limit: 10).count == 1)
        }
    }
}
