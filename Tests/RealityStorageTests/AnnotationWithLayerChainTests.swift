import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// `annotationWithLayerChain(id:includingComments:)`, the one read behind every permission check
/// on an annotation, answers exactly what the separate reads answer, on every backend.
@Suite struct AnnotationWithLayerChainTests {
    @Test(arguments: StoreBackend.allCases)
    func nestedAnnotation_readsTheSameAsTheSeparateReads(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let friend = Samples.user("Ben")
            let other = Samples.user("Cy")
            let root = Samples.layer("Root", owner: owner.id, isPublic: true)
            let child = Samples.layer("Child", owner: owner.id, parent: root.id, createdAt: Samples.at(1))
            var note = Samples.fullAnnotation(owner: owner.id, layer: child.id)
            let first = Comment(text: "First", authorID: friend.id, annotationID: note.id, createdAt: Samples.at(1))
            let second = Comment(text: "Second", authorID: other.id, annotationID: note.id, createdAt: Samples.at(2))
            var gone = Comment(text: "Gone", authorID: friend.id, annotationID: note.id, createdAt: Samples.at(3))
            gone.isDeleted = true
            let noteGrant = Samples.grant(.commenter, to: other.id, by: owner.id, grantedAt: Samples.at(2))
            let rootGrant = Samples.grant(.editor, to: friend.id, by: owner.id, expiresAt: Samples.at(86_400))
            let childGrant = Samples.grant(.viewer, to: other.id, by: owner.id, grantedAt: Samples.at(3))
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(owner), .saveUser(friend), .saveUser(other), .saveLayer(root), .saveLayer(child),
                    .saveAnnotation(note), .grant(noteGrant, on: .annotation(note.id)),
                    .grant(rootGrant, on: .layer(root.id)), .grant(childGrant, on: .layer(child.id)),
                    .addReaction(
                        Reaction(emoji: "👍", userID: friend.id, createdAt: Samples.at(4)), annotationID: note.id),
                    .recordView(annotationID: note.id, userID: other.id, at: Samples.at(5)),
                    .saveComment(first), .saveComment(second), .saveComment(gone),
                ]))

            let alone = try #require(try await store.annotation(id: note.id))
            let chain = try await store.layerChain(startingAt: child.id)
            #expect(chain.layers.map(\.id) == [child.id, root.id])
            #expect(chain.layers.map(\.permissions) == [[childGrant], [rootGrant]])

            let bare = try #require(try await store.annotationWithLayerChain(id: note.id, includingComments: false))
            #expect(bare.annotation == alone)
            #expect(bare.annotation.comments.isEmpty)
            #expect(bare.chain == chain)

            let full = try #require(try await store.annotationWithLayerChain(id: note.id, includingComments: true))
            note = alone
            note.comments = [first, second]
            #expect(full.annotation == note)
            #expect(full.chain == chain)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func missingOrDeletedAnnotations_andMissingLayers(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let layer = Samples.layer(owner: owner.id)
            let deleted = Samples.note("gone", owner: owner.id, layer: layer.id, isDeleted: true)
            let orphan = Samples.note("orphan", owner: owner.id, layer: LayerID())
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(owner), .saveLayer(layer), .saveAnnotation(deleted), .saveAnnotation(orphan),
                ]))

            #expect(try await store.annotationWithLayerChain(id: AnnotationID(), includingComments: true) == nil)
            let gone = try #require(try await store.annotationWithLayerChain(id: deleted.id, includingComments: false))
            #expect(gone.annotation.isDeleted, "deleted or not: hiding it is the service's decision")
            #expect(gone.chain.layers.map(\.id) == [layer.id])
            let lost = try #require(try await store.annotationWithLayerChain(id: orphan.id, includingComments: false))
            #expect(lost.annotation.id == orphan.id)
            #expect(lost.chain == .empty)
        }
    }

    /// Stored parent links can be anything a sync delivered: a cycle, a parent that is not
    /// stored, a chain deeper than the cap. The read stops at each, as ``LayerChain`` would.
    @Test(arguments: StoreBackend.allCases)
    func cyclesMissingParentsAndDepth_endTheChain(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let owner = Samples.user("Ana")
            let firstID = LayerID()
            let secondID = LayerID()
            let first = Samples.layer("First", owner: owner.id, id: firstID, parent: secondID)
            let second = Samples.layer("Second", owner: owner.id, id: secondID, parent: firstID)
            let stray = Samples.layer("Stray", owner: owner.id, parent: LayerID())
            var deep: [Layer] = [Samples.layer("Top", owner: owner.id)]
            for level in 1...(LayerChain.maxDepth + 5) {
                deep.append(Samples.layer("Level \(level)", owner: owner.id, parent: deep[level - 1].id))
            }
            try await store.commit(
                ChangeSet(
                    changes: [.saveUser(owner), .saveLayer(first), .saveLayer(second), .saveLayer(stray)]
                        + deep.map { .saveLayer($0) }))

            #expect(try await store.layerChain(startingAt: firstID).layers.map(\.id) == [firstID, secondID])
            #expect(try await store.layerChain(startingAt: stray.id).layers.map(\.id) == [stray.id])
            #expect(try await store.layerChain(startingAt: LayerID()) == .empty)
            let capped = try await store.layerChain(startingAt: deep[deep.count - 1].id)
            #expect(capped.layers.map(\.id) == Array(deep.reversed().prefix(LayerChain.maxDepth)).map(\.id))
        }
    }
}
