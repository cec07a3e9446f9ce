import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// New notes written with their commit's number (the PostgreSQL store's ``NumberedCreates``):
/// which notes qualify, and that they leave the store exactly as notes written and then stamped.
@Suite struct NumberedCreatesTests {
    static let ana = Samples.user("Ana")
    static let layer = Samples.layer(owner: ana.id)

    @Test func onlyNotesRequiredAbsent_andSavedOnce_areNumberedAsWritten() {
        let (a, b, c) = (
            Samples.note(owner: Self.ana.id, layer: Self.layer.id),
            Samples.note(owner: Self.ana.id, layer: Self.layer.id),
            Samples.note(owner: Self.ana.id, layer: Self.layer.id)
        )
        var edited = b
        edited.title = "again"
        let changes = ChangeSet(
            preconditions: [.annotationsAbsent([a.id, b.id]), .annotationAbsent(c.id)],
            changes: [
                .saveLayer(Self.layer), .saveAnnotation(a), .saveAnnotation(b), .saveAnnotation(edited),
                .saveAnnotation(c), .recordSyncMutation(userID: Self.ana.id, mutationID: "m"),
            ])
        let created = NumberedCreates(changes)
        #expect(created.annotations.map(\.id) == [a.id, c.id], "b is saved twice: written in order")
        #expect(
            created.writes
                == [
                    .saveLayer(Self.layer), .saveAnnotation(b), .saveAnnotation(edited),
                    .recordSyncMutation(userID: Self.ana.id, mutationID: "m"),
                ])

        let unguarded = NumberedCreates(ChangeSet(changes: [.saveAnnotation(a)]))
        #expect(unguarded.annotations.isEmpty)
        #expect(unguarded.writes == [.saveAnnotation(a)])

        let purging = NumberedCreates(
            ChangeSet(preconditions: [.annotationAbsent(a.id)], changes: [.saveAnnotation(a), .purgeAnnotation(c.id)]))
        #expect(purging.annotations.isEmpty, "a commit that purges writes every row first")
        #expect(purging.writes == [.saveAnnotation(a), .purgeAnnotation(c.id)])
    }

    /// The same commits with and without their notes required absent: on PostgreSQL the first
    /// writes them with the number, the second writes then stamps them; every row of every table
    /// (numbers, search vectors, attachments) comes out the same, and both are found by words
    /// from their text and from a comment saved in the same commit.
    @Test(arguments: StoreBackend.allCases)
    func notesNumberedAsWritten_leaveTheStoreAsNotesWrittenThenStamped(backend: StoreBackend) async throws {
        let (ana, layer) = (Self.ana, Self.layer)
        let full = Samples.fullAnnotation(owner: ana.id, layer: layer.id)
        let plain = Samples.note("zebra crossing", owner: ana.id, layer: layer.id)
        let later = Samples.note("later", owner: ana.id, layer: layer.id)
        let gone = Samples.fullAnnotation(owner: ana.id, layer: layer.id)
        let comment = Comment(text: "a giraffe", authorID: ana.id, annotationID: plain.id, createdAt: Samples.at(1))
        let activity = Activity(kind: .annotationCreated, actorID: ana.id, annotationID: plain.id, summary: "created")

        func world(requiringAbsent: Bool) async throws -> (
            rows: [String: [String]], found: [AnnotationID], tag: String?
        ) {
            try await withStore(backend) { store in
                func absent(_ ids: [AnnotationID]) -> [Precondition] {
                    requiringAbsent ? [.annotationsAbsent(ids)] : []
                }
                try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)]))
                try await store.commit(
                    ChangeSet(
                        preconditions: absent([full.id, plain.id, gone.id]),
                        changes: [
                            .saveAnnotation(full), .saveAnnotation(plain), .saveAnnotation(gone), .saveComment(comment),
                            .addActivity(activity),
                        ]))
                let tag = try await store.changeTag(of: .annotation, id: plain.id.uuidString)
                #expect(try await store.changeTag(of: .annotation, id: full.id.uuidString) == tag)
                #expect(try await store.annotation(id: full.id)?.attachments.count == full.attachments.count)
                try await store.commit(
                    ChangeSet(
                        preconditions: absent([later.id]), changes: [.saveAnnotation(later), .purgeAnnotation(gone.id)])
                )
                let found = try await store.annotations(
                    matching: AnnotationQuery(viewer: ana.id, text: "zebra giraffe"))
                return (try await store.snapshot(), found.map(\.id), tag)
            }
        }
        let numbered = try await world(requiringAbsent: true)
        let stamped = try await world(requiringAbsent: false)
        #expect(numbered.rows == stamped.rows)
        #expect(numbered.tag != nil)
        #expect(numbered.tag == stamped.tag)
        #expect(numbered.found == [plain.id])
        #expect(numbered.rows["attachments"]?.count == full.attachments.count)
    }
}
