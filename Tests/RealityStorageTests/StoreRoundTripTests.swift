import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// Everything written through `commit` reads back equal, on every backend.
@Suite struct StoreRoundTripTests {
    @Test(arguments: StoreBackend.allCases)
    func aRunOfAnnotationsAndActivities_inOneCommit_readsBackEqual_andReplacesEarlierVersions(
        backend: StoreBackend
    ) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let layer = Samples.layer(owner: owner.id)
            var notes = (0..<3).map { _ in Samples.fullAnnotation(owner: owner.id, layer: layer.id) }
            notes.append(Samples.note("plain", owner: owner.id, layer: layer.id))
            notes.append(Samples.note("gone", owner: owner.id, layer: layer.id, isDeleted: true))
            var changes = ChangeSet(changes: [.saveUser(owner), .saveLayer(layer)])
            changes.changes += notes.map(Change.saveAnnotation)
            let activities = notes.map { note in
                Activity(
                    kind: .annotationCreated, actorID: owner.id, annotationID: note.id, layerID: layer.id,
                    summary: "created", createdAt: Samples.at(5))
            }
            changes.changes += activities.map(Change.addActivity)
            try await store.commit(changes)
            for note in notes {
                #expect(try await store.annotation(id: note.id) == note)
            }
            #expect(try await store.rowCount("activities") == activities.count)
            // A second run over the same IDs replaces them, attachments included.
            var edited = notes
            for index in edited.indices {
                edited[index].title = "edited \(index)"
                edited[index].attachments = Array(edited[index].attachments.prefix(1))
            }
            try await store.commit(ChangeSet(changes: edited.map(Change.saveAnnotation)))
            for note in edited {
                #expect(try await store.annotation(id: note.id) == note)
            }
            let found = try await store.annotations(matching: AnnotationQuery(viewer: owner.id, text: "edited"))
            #expect(Set(found.map(\.id)) == Set(edited.filter { !$0.isDeleted }.map(\.id)))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func annotationWithEveryField_readsBackEqual(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let friend = Samples.user("Ben")
            let other = Samples.user("Cy")
            let layer = Samples.layer(owner: owner.id)
            var note = Samples.fullAnnotation(owner: owner.id, layer: layer.id)
            let grants = [
                Samples.grant(
                    .editor, to: friend.id, by: owner.id, expiresAt: Samples.at(86_400), grantedAt: Samples.at(1)),
                Samples.grant(.viewer, to: other.id, by: owner.id, grantedAt: Samples.at(2)),
            ]
            let reactions = [
                Reaction(emoji: "👍", userID: friend.id, createdAt: Samples.at(10)),
                Reaction(emoji: "🎉", userID: friend.id, createdAt: Samples.at(11)),
                Reaction(emoji: "👍", userID: other.id, createdAt: Samples.at(12)),
            ]
            var changes = ChangeSet(changes: [.saveUser(owner), .saveUser(friend), .saveUser(other), .saveLayer(layer)])
            changes.append(.saveAnnotation(note))
            for grant in grants { changes.append(.grant(grant, on: .annotation(note.id))) }
            for reaction in reactions { changes.append(.addReaction(reaction, annotationID: note.id)) }
            changes.append(.recordView(annotationID: note.id, userID: friend.id, at: Samples.at(20)))
            changes.append(.recordView(annotationID: note.id, userID: friend.id, at: Samples.at(21)))
            changes.append(.markRead(annotationID: note.id, userID: other.id, at: Samples.at(22)))
            try await store.commit(changes)

            note.permissions = grants
            note.reactions = reactions
            note.viewedBy = [friend.id, other.id]
            note.viewCount = 2
            let read = try #require(try await store.annotation(id: note.id))
            #expect(read == note)
            #expect(read.comments.isEmpty, "comments are their own records")
            let listed = try await store.annotations(matching: AnnotationQuery(viewer: owner.id))
            #expect(listed == [note])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func savingAnAnnotationAgain_replacesItsFields_andKeepsItsOtherRecords(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let friend = Samples.user("Ben")
            let layer = Samples.layer(owner: owner.id)
            var note = Samples.fullAnnotation(owner: owner.id, layer: layer.id)
            let grant = Samples.grant(.commenter, to: friend.id, by: owner.id)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(owner), .saveUser(friend), .saveLayer(layer), .saveAnnotation(note),
                    .grant(grant, on: .annotation(note.id)),
                ]))
            note.title = nil
            note.content = AnnotationContent(text: "only text now")
            note.visibilityRules = nil
            note.attachments = []
            note.position = SIMD3(-7, 8.5, 0)
            note.updatedAt = Samples.at(9_000)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
            note.permissions = [grant]
            #expect(try await store.annotation(id: note.id) == note)
            #expect(try await store.rowCount("annotations") == 1)
            #expect(try await store.rowCount("attachments") == 0, "the old attachments went with the old fields")
            #expect(
                try await store.annotations(matching: AnnotationQuery(viewer: owner.id, text: "only")).map(\.id) == [
                    note.id
                ])
            #expect(try await store.annotations(matching: AnnotationQuery(viewer: owner.id, text: "bench")).isEmpty)
            #expect(
                try await store.annotations(
                    matching: AnnotationQuery(
                        viewer: owner.id, near: .init(center: SIMD3(-7, 8.5, 0), radius: 0.01))
                ).map(\.id) == [note.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func layerWithGrants_readsBackEqual_andItsChainIsNearestFirst(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let friend = Samples.user("Ben")
            let root = Samples.layer("Root", owner: owner.id, isPublic: true, autoExpireDays: 7)
            var child = Samples.layer("Child", owner: owner.id, parent: root.id)
            child.icon = "star"
            child.color = .pink
            child.isVisible = false
            child.defaultPermission = .commenter
            child.updatedAt = Samples.at(5)
            let grant = Samples.grant(.editor, to: friend.id, by: owner.id, expiresAt: Samples.at(600))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(owner), .saveUser(friend), .saveLayer(root), .saveLayer(child),
                    .grant(grant, on: .layer(child.id)),
                ]))
            child.permissions = [grant]
            #expect(try await store.layer(id: child.id) == child)
            #expect(try await store.layer(id: root.id) == root)
            #expect(try await store.layerChain(startingAt: child.id).layers == [child, root])
            #expect(try await store.childLayers(of: root.id) == [child])
            #expect(try await store.descendantLayers(of: root.id) == [child])
            #expect(try await store.layerCount(ownedBy: owner.id) == 2)
            #expect(
                Set(try await store.layers(visibleTo: friend.id, at: Samples.start).map(\.id)) == [root.id, child.id])

            try await store.commit(ChangeSet(changes: [.revoke(userID: friend.id, on: .layer(child.id))]))
            #expect(try await store.layer(id: child.id)?.permissions == [])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func comments_readBackEqual_oldestFirst_withoutDeletedOnes(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let friend = Samples.user("Ben")
            let layer = Samples.layer(owner: owner.id)
            let note = Samples.note(owner: owner.id, layer: layer.id)
            let first = Comment(
                text: "First", authorID: friend.id, authorName: "Ben", annotationID: note.id, createdAt: Samples.at(1))
            let reply = Comment(
                text: "Reply", authorID: owner.id, authorName: "Ana", annotationID: note.id,
                parentCommentID: first.id, createdAt: Samples.at(2), updatedAt: Samples.at(3), isEdited: true)
            var gone = Comment(text: "Gone", authorID: friend.id, annotationID: note.id, createdAt: Samples.at(3))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(owner), .saveUser(friend), .saveLayer(layer), .saveAnnotation(note),
                    .saveComment(first), .saveComment(reply), .saveComment(gone),
                ]))
            gone.isDeleted = true
            try await store.commit(ChangeSet(changes: [.saveComment(gone)]))
            #expect(try await store.comment(id: reply.id) == reply)
            #expect(try await store.comment(id: gone.id) == gone)
            #expect(try await store.comments(on: note.id) == [first, reply])
            #expect(Set(try await store.commentAuthors(on: note.id)) == [friend.id, owner.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func users_readBackEqual_withLiveCounts(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            #expect(try await store.user(id: ana.id) == nil)
            try await store.commit(ChangeSet(changes: [.saveUser(ana)]))
            #expect(try await store.user(id: ana.id) == ana)

            let layer = Samples.layer(owner: ana.id)
            let kept = Samples.note(owner: ana.id, layer: layer.id)
            let deleted = Samples.note(owner: ana.id, layer: layer.id, isDeleted: true)
            let deletedLayer = Samples.layer(owner: ana.id, isDeleted: true)
            try await store.commit(
                ChangeSet(changes: [
                    .saveLayer(layer), .saveLayer(deletedLayer), .saveAnnotation(kept), .saveAnnotation(deleted),
                ]))
            var expected = ana
            expected.annotationCount = 1
            expected.layerCount = 1
            #expect(try await store.user(id: ana.id) == expected)
            #expect(try await store.annotationCount(ownedBy: ana.id) == 1)

            var moved = kept
            moved.isDeleted = true
            try await store.commit(ChangeSet(changes: [.saveAnnotation(moved)]))
            #expect(try await store.user(id: ana.id)?.annotationCount == 0, "counts are counted, not stored")
            #expect(try await store.users(matchingHandle: "ANA").map(\.id) == [ana.id])
            #expect(try await store.users(matchingHandle: "ana@EXAMPLE.com").map(\.id) == [ana.id])
            #expect(try await store.users(matchingHandle: "an").isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func worldMapsWithAnchors_readBackEqual_andSharingDecidesWhoListsThem(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let cy = Samples.user("Cy")
            let annotationID = AnnotationID()
            var map = WorldMap(
                worldMapAssetID: Samples.assetID,
                anchors: [
                    WorldAnchor(
                        transform: Transform(
                            rotation: Quaternion(angle: .pi / 2, axis: SIMD3(0, 1, 0)), translation: SIMD3(1, 2, 3)),
                        annotationID: annotationID),
                    WorldAnchor(transform: .identity),
                ],
                locationName: "Kitchen", locationDescription: "Ground floor", thumbnailAssetID: Samples.assetID,
                ownerID: ana.id, isShared: true, sharedWith: [ben.id], createdAt: Samples.start,
                updatedAt: Samples.at(10), lastUsedAt: Samples.at(20))
            let older = WorldMap(worldMapAssetID: Samples.assetID, ownerID: ana.id, createdAt: Samples.start)
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveUser(cy), .saveWorldMap(map), .saveWorldMap(older),
                ]))
            #expect(try await store.worldMap(id: map.id) == map)
            #expect(try await store.worldMaps(visibleTo: ana.id, at: Date()) == [map, older])
            #expect(try await store.worldMaps(visibleTo: ben.id, at: Date()) == [map])
            #expect(try await store.worldMaps(visibleTo: cy.id, at: Date()).isEmpty)

            map.anchors.removeFirst()
            map.isShared = false
            try await store.commit(ChangeSet(changes: [.saveWorldMap(map)]))
            #expect(try await store.worldMap(id: map.id) == map)
            #expect(try await store.rowCount("anchors") == 1, "saving a map replaces its anchors")
            #expect(
                try await store.worldMaps(visibleTo: ben.id, at: Date()).isEmpty, "sharedWith counts only while shared")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func notifications_readBackEqual_newestFirst_andOnlyTheRecipientMarksThemRead(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let older = AppNotification(
                recipientID: ana.id, type: .comment, title: "New comment", body: "Ben commented.", actorID: ben.id,
                annotationID: AnnotationID(), layerID: LayerID(), commentID: CommentID(), createdAt: Samples.at(1))
            let newer = AppNotification(
                recipientID: ana.id, type: .shared, title: "Shared", body: "Ben shared.", createdAt: Samples.at(2))
            let bens = AppNotification(
                recipientID: ben.id, type: .reaction, title: "R", body: "B", createdAt: Samples.at(3))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .addNotification(older), .addNotification(newer),
                    .addNotification(bens),
                ]))
            #expect(try await store.notification(id: older.id) == older)
            #expect(try await store.notifications(for: ana.id, unreadOnly: false, limit: 10) == [newer, older])
            #expect(try await store.notifications(for: ana.id, unreadOnly: false, limit: 1) == [newer])

            try await store.commit(
                ChangeSet(changes: [
                    .markNotificationRead(id: older.id, recipientID: ana.id),
                    .markNotificationRead(id: bens.id, recipientID: ana.id),
                ]))
            #expect(try await store.notifications(for: ana.id, unreadOnly: true, limit: 10) == [newer])
            #expect(try await store.notification(id: older.id)?.isRead == true)
            #expect(try await store.notification(id: bens.id)?.isRead == false, "not Ana's to mark")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func activity_readsBackEqual_newestFirst_forWhoMaySeeIt(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let cy = Samples.user("Cy")
            let shared = Samples.layer("Shared", owner: ana.id)
            let secret = Samples.layer("Secret", owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: secret.id)
            let onShared = Activity(
                kind: .layerCreated, actorID: ana.id, layerID: shared.id, summary: "created layer Shared",
                createdAt: Samples.at(1))
            let onSecret = Activity(
                kind: .annotationCreated, actorID: ana.id, annotationID: note.id, layerID: secret.id,
                summary: "created note", createdAt: Samples.at(2))
            let bensOwn = Activity(
                kind: .commented, actorID: ben.id, annotationID: note.id, layerID: secret.id, commentID: CommentID(),
                summary: "commented", createdAt: Samples.at(3))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveUser(cy), .saveLayer(shared), .saveLayer(secret),
                    .saveAnnotation(note),
                    .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(shared.id)),
                    .addActivity(onShared), .addActivity(onSecret), .addActivity(bensOwn),
                ]))
            #expect(
                try await store.activities(visibleTo: ana.id, at: Samples.at(10), limit: 10) == [
                    bensOwn, onSecret, onShared,
                ])
            #expect(try await store.activities(visibleTo: ana.id, at: Samples.at(10), limit: 2) == [bensOwn, onSecret])
            #expect(
                try await store.activities(visibleTo: ben.id, at: Samples.at(10), limit: 10) == [bensOwn, onShared])
            #expect(try await store.activities(visibleTo: cy.id, at: Samples.at(10), limit: 10).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func reactions_areOnePerUserPerEmoji_andRemovable(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: layer.id)
            let first = Reaction(emoji: "👍", userID: ana.id, createdAt: Samples.at(1))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveLayer(layer), .saveAnnotation(note),
                    .addReaction(first, annotationID: note.id),
                    .addReaction(Reaction(emoji: "👍", userID: ana.id, createdAt: Samples.at(2)), annotationID: note.id),
                ]))
            #expect(try await store.annotation(id: note.id)?.reactions == [first])
            try await store.commit(
                ChangeSet(changes: [
                    .removeReaction(annotationID: note.id, userID: ana.id, emoji: "👍")
                ]))
            #expect(try await store.annotation(id: note.id)?.reactions == [])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func ping_answers(backend: StoreBackend) async throws {
        try await withStore(backend) { store in #expect(await store.ping()) }
    }
}
