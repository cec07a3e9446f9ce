import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The change log under concurrent commits: each commit takes one number, numbers are handed out
/// once each, and a reader paging along while commits land misses none of them.
@Suite struct SyncConcurrencyTests {
    @Test(arguments: StoreBackend.allCases)
    func concurrentCommits_takeOneNumberEach_andAReaderMissesNone(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let shared = Samples.note("shared", owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(shared)]))
            let seeded = try await SyncLogTests.tag(store, .annotation, shared.id)
            let start = try await store.head(ana.id, .private)
            let count = 12
            let notes = (0..<count).map { Samples.note("n\($0)", owner: ana.id, layer: layer.id) }

            // A reader paging along, two entries at a time, while the commits land.
            async let reading: (Set<String>, SyncCursor) = {
                var cursor = start
                var seen: Set<String> = []
                for _ in 0..<(count * 2) {
                    let page = try await store.syncFeed(
                        for: ana.id, scope: .private, after: cursor, limit: 2, now: syncNow)
                    seen.formUnion(page.entries.map(\.summary))
                    cursor = page.cursor
                }
                return (seen, cursor)
            }()
            // Every commit also touches the shared note (an edit or a reaction), so they contend for it.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, note) in notes.enumerated() {
                    group.addTask {
                        var edited = shared
                        edited.title = "edit \(index)"
                        edited.updatedAt = Samples.at(Double(index + 1))
                        let contended: Change =
                            index.isMultiple(of: 2)
                            ? .saveAnnotation(edited)
                            : .addReaction(Reaction(emoji: "👍", userID: UserID()), annotationID: shared.id)
                        try await store.commit(
                            ChangeSet(changes: [
                                .saveAnnotation(note), contended,
                                .recordSyncMutation(userID: ana.id, mutationID: "m\(index)"),
                            ]))
                    }
                }
                try await group.waitForAll()
            }
            let (seen, cursor) = try await reading
            let rest = try await store.drain(ana.id, .private, after: cursor).entries.map(\.summary)
            #expect(seen.union(rest).isSuperset(of: notes.map { live(.annotation, $0.id) }), "no note skipped")

            var sequences: [Int64] = []
            for index in 0..<count {
                let recorded = try await store.recordedSyncMutation(userID: ana.id, mutationID: "m\(index)")
                sequences.append(try #require(recorded?.sequence))
            }
            #expect(Set(sequences) == Set((seeded + 1)...(seeded + Int64(count))), "one number each, none skipped")
            #expect(try await SyncLogTests.tag(store, .annotation, shared.id) == seeded + Int64(count))
            for (index, note) in notes.enumerated() {
                #expect(
                    try await SyncLogTests.tag(store, .annotation, note.id) == sequences[index], "its commit's number")
            }
        }
    }
}
