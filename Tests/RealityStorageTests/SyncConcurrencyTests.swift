import Foundation
import RealityCore
import RealityTestSupport
import Synchronization
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

    /// A record read while it is being rewritten comes down as its tag says, and never as it was
    /// written where the reader may not look: Ben pages his shared feed while Ana moves a note
    /// back and forth between a layer shared with him and her private one, retitling it each
    /// time. PostgreSQL reads a page outside a transaction only when its records prove unchanged
    /// since the feed's statement, and in one snapshot otherwise.
    @Test(arguments: StoreBackend.allCases)
    func aRecordRewrittenWhileAReaderPages_comesDownAsItsTagSays_andNeverFromWhereHeCannotLook(
        backend: StoreBackend
    ) async throws {
        try await withStore(backend, connections: 8) { store in
            let (ana, ben) = (Samples.user("Ana"), Samples.user("Ben"))
            let shared = Samples.layer("Shared", owner: ana.id)
            let hidden = Samples.layer("Hidden", owner: ana.id)
            var note = Samples.note("v0", owner: ana.id, layer: shared.id)
            note.title = "shared 0"
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveLayer(shared), .saveLayer(hidden), .saveAnnotation(note),
                    .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(shared.id)),
                ]))
            let start = try await store.head(ben.id, .shared)
            let moves = 30

            // The reader: every entry of the note, as (tag, title), from short pages, until the
            // writer is done and the feed holds nothing more.
            let done = Flag()
            async let reading: [(String, String)] = {
                var cursor = start
                var seen: [(String, String)] = []
                while !Task.isCancelled {
                    let finished = done.isSet
                    let page = try await store.syncFeed(
                        for: ben.id, scope: .shared, after: cursor, limit: 1, now: syncNow)
                    for entry in page.entries {
                        if case .annotation(let read)? = entry.record {
                            seen.append((entry.changeTag, read.title ?? ""))
                        }
                    }
                    cursor = page.cursor
                    if finished && !page.moreComing { break }
                }
                return seen
            }()
            // The writer, alone on the note: the tag each commit left, with the title it wrote.
            var written: [String: String] = [:]
            defer { done.set() }
            for index in 1...moves {
                for (layer, title) in [(hidden.id, "hidden \(index)"), (shared.id, "shared \(index)")] {
                    note.layerID = layer
                    note.title = title
                    note.updatedAt = Samples.at(Double(index))
                    try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
                    let tag = try #require(try await store.changeTag(of: .annotation, id: note.id.uuidString))
                    written[tag] = title
                }
            }
            done.set()
            let seen = try await reading
            #expect(seen.last?.1 == "shared \(moves)", "the last title came down")
            for (tag, title) in seen {
                #expect(written[tag] == title, "tag \(tag) came down with \(title)")
                #expect(title.hasPrefix("shared"), "Ben never gets what was written in Ana's hidden layer")
            }
        }
    }
}

/// A flag one task raises and another reads.
private final class Flag: Sendable {
    private let raised = Mutex(false)

    /// Whether it was raised.
    var isSet: Bool { raised.withLock { $0 } }

    /// Raises it.
    func set() { raised.withLock { $0 = true } }
}
