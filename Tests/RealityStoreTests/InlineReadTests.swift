import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// Point reads run on the calling thread (`SQLiteStore.readNow`), on connections of their own.
@Suite struct InlineReadTests {
    /// Many point reads at once beside reads that await GRDB's pool: on a two-thread pool, point
    /// reads that waited for one of GRDB's readers stopped the process, since those readers are
    /// held across awaits. Every read must finish, with the right answer. The limit only ends a
    /// process that stopped: the test takes a few seconds, about 20 s under ThreadSanitizer,
    /// and past a minute under ThreadSanitizer beside the rest of the suite on two cores.
    @Test(.timeLimit(.minutes(5)))
    func pointReads_besideAwaitedReads_allFinish() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteServerStore.open(path: directory.path("inline.sqlite"))
        let ana = Samples.user("Ana")
        let layer = Samples.layer("Notes", owner: ana.id)
        let notes = (0..<20).map { Samples.note("note \($0)", owner: ana.id, layer: layer.id, at: SIMD3(1, 1, 1)) }
        try await store.commit(
            ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)] + notes.map { .saveAnnotation($0) }))

        let answers = try await withThrowingTaskGroup(of: Int.self) { group in
            for round in 0..<400 {
                group.addTask {
                    if round.isMultiple(of: 2) {
                        return try await store.annotationWithLayerChain(
                            id: notes[round % notes.count].id, includingComments: false)?.chain.layers.count ?? -1
                    }
                    return try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: 50)).count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(answers.count == 400)
        #expect(answers.allSatisfy { $0 == 1 || $0 == 20 })
        #expect(store.inlineReaders.map { $0.count } ?? 0 >= 1)
    }

    /// A point read sees every write committed before it starts.
    @Test(arguments: StoreKind.allCases)
    func aPointRead_seesTheLatestCommit(kind: StoreKind) async throws {
        try await withStore(kind, role: ServerRole.self) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer("Notes", owner: ana.id)
            var note = Samples.note("first", owner: ana.id, layer: layer.id, at: SIMD3(1, 1, 1))
            #expect(try await store.annotation(id: note.id) == nil)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            #expect(try await store.annotation(id: note.id)?.content.text == "first")
            note.content.text = "second"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
            #expect(try await store.annotation(id: note.id)?.content.text == "second")
        }
    }
}
