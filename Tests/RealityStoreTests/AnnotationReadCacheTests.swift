import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityStore

/// The SQLite server's cache of annotation point reads: what it keeps, that no commit is ever
/// hidden by it (whatever wrote), and that memory stays bounded.
@Suite struct AnnotationReadCacheTests {
    private static func value(_ text: String = "note", drawing: Int = 0) -> AnnotationReadCache.Value {
        var annotation = Samples.note(text, owner: UserID(), layer: LayerID())
        if drawing > 0 { annotation.content.drawingData = Data(count: drawing) }
        return (annotation, LayerChain.empty)
    }

    private static func key(_ value: AnnotationReadCache.Value, comments: Bool = true) -> AnnotationReadCache.Key {
        AnnotationReadCache.Key(id: value.annotation.id, includingComments: comments)
    }

    @Test func insertedAnswer_isFound_untilSomethingIsCommitted() {
        let cache = AnnotationReadCache()
        let note = Self.value()
        let (missing, generation) = cache.lookup(Self.key(note))
        #expect(missing == nil)
        cache.insert(note, for: Self.key(note), generation: generation)
        #expect(cache.lookup(Self.key(note)).value?.annotation == note.annotation)
        #expect(cache.lookup(Self.key(note, comments: false)).value == nil, "read without comments is another entry")
        cache.invalidate()
        #expect(cache.lookup(Self.key(note)).value == nil)
        #expect(cache.count == 0)
    }

    @Test func answerReadBeforeACommit_isNotCached() {
        let cache = AnnotationReadCache()
        let note = Self.value()
        let (_, before) = cache.lookup(Self.key(note))
        // The database answered, but something was committed before the answer came back.
        cache.invalidate()
        cache.insert(note, for: Self.key(note), generation: before)
        #expect(cache.lookup(Self.key(note)).value == nil)
        let (_, after) = cache.lookup(Self.key(note))
        cache.insert(note, for: Self.key(note), generation: after)
        #expect(cache.lookup(Self.key(note)).value?.annotation == note.annotation)
    }

    @Test func anAnnotationTooLargeToKeep_isNotKept() {
        let cache = AnnotationReadCache()
        let drawing = Self.value(drawing: AnnotationReadCache.maximumEntryBytes)
        #expect(AnnotationReadCache.estimatedBytes(of: drawing) > AnnotationReadCache.maximumEntryBytes)
        cache.insert(drawing, for: Self.key(drawing), generation: cache.lookup(Self.key(drawing)).generation)
        #expect(cache.lookup(Self.key(drawing)).value == nil)
        #expect(cache.count == 0)
    }

    @Test func theEntriesHoldAtMostTheCapacity() {
        let cache = AnnotationReadCache()
        let generation = cache.lookup(Self.key(Self.value())).generation
        let entrySize = AnnotationReadCache.maximumEntryBytes / 2
        let perCapacity =
            AnnotationReadCache.capacityBytes / AnnotationReadCache.estimatedBytes(of: Self.value(drawing: entrySize))
        var newest = Self.value()
        for _ in 0...perCapacity {
            newest = Self.value(drawing: entrySize)
            cache.insert(newest, for: Self.key(newest), generation: generation)
        }
        #expect(cache.count <= perCapacity)
        #expect(cache.lookup(Self.key(newest)).value != nil, "the newest entry is kept")
    }

    @Test func estimatedSize_growsWithEveryVariablePart() {
        var value = Self.value("")
        let base = AnnotationReadCache.estimatedBytes(of: value)
        value.annotation.content.text = String(repeating: "é", count: 100)
        let withText = AnnotationReadCache.estimatedBytes(of: value)
        #expect(withText == base + 200)
        value.annotation.comments = [Comment(text: "hi", authorID: UserID(), annotationID: value.annotation.id)]
        value.annotation.viewedBy = [UserID(), UserID()]
        #expect(AnnotationReadCache.estimatedBytes(of: value) > withText + 32)
    }

    /// A world of an owner, a friend with a grant on the layer, and a note in that layer, read
    /// once so that the next read can come from the cache.
    private struct World {
        let owner = Samples.user("Ana"), friend = Samples.user("Ben")
        let layer: Layer
        let note: Annotation
        let grant: Permission

        init() {
            layer = Samples.layer(owner: owner.id)
            note = Samples.note("first", owner: owner.id, layer: layer.id)
            grant = Samples.grant(.viewer, to: friend.id, by: owner.id)
        }

        func store(in store: SQLiteServerStore) async throws {
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(owner), .saveUser(friend), .saveLayer(layer), .saveAnnotation(note),
                    .grant(grant, on: .layer(layer.id)),
                ]))
        }
    }

    private static func read(
        _ id: AnnotationID, in store: SQLiteServerStore
    ) async throws -> AnnotationReadCache.Value {
        try #require(try await store.annotationWithLayerChain(id: id, includingComments: true))
    }

    @Test(arguments: StoreKind.allCases)
    func everyKindOfWrite_isSeenByTheNextRead(kind: StoreKind) async throws {
        try await withStore(kind, role: ServerRole.self) { store in
            let world = World()
            try await world.store(in: store)
            let cache = try #require(store.annotationCache)
            _ = try await Self.read(world.note.id, in: store)
            #expect(cache.count == 1)
            #expect(try await Self.read(world.note.id, in: store).chain.layers.first?.permissions == [world.grant])

            var edited = world.note
            edited.title = "Edited"
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            #expect(try await Self.read(world.note.id, in: store).annotation.title == "Edited")

            try await store.commit(ChangeSet(changes: [.revoke(userID: world.friend.id, on: .layer(world.layer.id))]))
            #expect(try await Self.read(world.note.id, in: store).chain.layers.first?.permissions == [])

            let comment = Comment(text: "Hello", authorID: world.owner.id, annotationID: world.note.id)
            try await store.commit(ChangeSet(changes: [.saveComment(comment)]))
            #expect(try await Self.read(world.note.id, in: store).annotation.comments.map(\.text) == ["Hello"])

            try await store.commit(
                ChangeSet(changes: [
                    .recordView(annotationID: world.note.id, userID: world.friend.id, at: Samples.at(5))
                ]))
            #expect(try await Self.read(world.note.id, in: store).annotation.viewedBy == [world.friend.id])

            // SQL through the writer, outside the store's own write paths.
            // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
            // test (@testable) reaches it on purpose: the cache must notice writes made outside the store's own paths.
            try await store.writer.write { db in
                try db.execute(
                    sql: "UPDATE layers SET name = 'Renamed' WHERE id = ?", arguments: [world.layer.id.uuidString])
            }
            #expect(try await Self.read(world.note.id, in: store).chain.layers.first?.name == "Renamed")

            try await store.commit(ChangeSet(changes: [.purgeAnnotation(world.note.id)]))
            #expect(try await store.annotationWithLayerChain(id: world.note.id, includingComments: true) == nil)
        }
    }

    /// The entry must outlive the test however slowly it runs (under a sanitizer, on a loaded
    /// machine): only the rolled-back write may decide whether it is kept.
    @Test(arguments: StoreKind.allCases)
    func aReadThatMisses_isCached_andARolledBackWriteKeepsIt(kind: StoreKind) async throws {
        try await withStore(kind, role: ServerRole.self, cacheLifetime: .seconds(3600)) { store in
            let world = World()
            try await world.store(in: store)
            let cache = try #require(store.annotationCache)
            #expect(try await store.annotationWithLayerChain(id: AnnotationID(), includingComments: true) == nil)
            #expect(cache.count == 0, "a missing annotation is not cached")
            let first = try await Self.read(world.note.id, in: store)
            let generation = cache.lookup(AnnotationReadCache.Key(id: world.note.id, includingComments: true))
                .generation
            struct Refused: Error {}
            await #expect(throws: Refused.self) {
                // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
                // test (@testable) reaches it on purpose: a rolled-back write must leave the cache as it was.
                try await store.writer.write { db in
                    try db.execute(
                        sql: "UPDATE annotations SET title = 'Never' WHERE id = ?",
                        arguments: [world.note.id.uuidString])
                    throw Refused()
                }
            }
            let key = AnnotationReadCache.Key(id: world.note.id, includingComments: true)
            #expect(cache.lookup(key).generation == generation)
            #expect(cache.lookup(key).value?.annotation == first.annotation)
        }
    }

    @Test func aDeviceStore_keepsNoCache() async throws {
        try await withStore(.onDisk, role: DeviceRole.self) { store in
            #expect(store.annotationCache == nil)
        }
    }
}
