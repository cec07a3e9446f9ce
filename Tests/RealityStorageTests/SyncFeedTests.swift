import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The change feed of each scope (docs/sync-protocol.md, "Scopes" and "Pull"): who sees what
/// where, and paging through it.
@Suite struct SyncFeedTests {
    /// Ana's private layer (shared with Ben) and public layer, a note and a comment in each; Cara
    /// is a stranger to both.
    struct World {
        let ana = Samples.user("Ana"), ben = Samples.user("Ben"), cara = Samples.user("Cara")
        let shared: Layer, open: Layer
        let sharedNote: Annotation, openNote: Annotation
        let sharedComment: RealityCore.Comment, openComment: RealityCore.Comment

        init() {
            shared = Samples.layer("Shared", owner: ana.id)
            open = Samples.layer("Open", owner: ana.id, isPublic: true)
            sharedNote = Samples.note("s", owner: ana.id, layer: shared.id)
            openNote = Samples.note("o", owner: ana.id, layer: open.id)
            sharedComment = RealityCore.Comment(
                text: "on s", authorID: ben.id, annotationID: sharedNote.id, createdAt: Samples.at(5))
            openComment = RealityCore.Comment(
                text: "on o", authorID: cara.id, annotationID: openNote.id, createdAt: Samples.at(6))
        }

        func save(in store: some DataStore) async throws {
            try await store.commit(
                ChangeSet(changes: [
                    .saveUser(ana), .saveUser(ben), .saveUser(cara), .saveLayer(shared), .saveLayer(open),
                    .saveAnnotation(sharedNote), .saveAnnotation(openNote),
                    .grant(Samples.grant(.editor, to: ben.id, by: ana.id), on: .layer(shared.id)),
                ]))
            try await store.commit(ChangeSet(changes: [.saveComment(sharedComment), .saveComment(openComment)]))
        }

        var sharedRecords: Set<String> {
            [live(.layer, shared.id), live(.annotation, sharedNote.id), live(.comment, sharedComment.id)]
        }

        var openRecords: Set<String> {
            [live(.layer, open.id), live(.annotation, openNote.id), live(.comment, openComment.id)]
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anAnnotation_comesDownComplete_withItsGrantsReactionsViewsAttachmentsAndTag(backend: StoreBackend)
        async throws
    {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            var note = world.sharedNote
            note.attachments = [
                Attachment(fileName: "a.jpg", fileType: "image/jpeg", fileSize: 12, cloudAssetID: "asset-1"),
                Attachment(fileName: "b.m4a", fileType: "audio/mp4", fileSize: 34),
            ]
            try await store.commit(
                ChangeSet(changes: [
                    .saveAnnotation(note),
                    .grant(Samples.grant(.viewer, to: world.cara.id, by: world.ana.id), on: .annotation(note.id)),
                    .addReaction(
                        Reaction(emoji: "👍", userID: world.ben.id, createdAt: Samples.at(7)), annotationID: note.id),
                    .recordView(annotationID: note.id, userID: world.ben.id, at: Samples.at(8)),
                ]))
            let stored = try #require(try await store.annotation(id: note.id))
            #expect(stored.attachments.count == 2 && stored.permissions.count == 1 && stored.reactions.count == 1)
            #expect(stored.viewCount == 1)
            let tag = try #require(try await store.changeTag(of: .annotation, id: note.id.uuidString))
            let entries = try await store.drain(world.ana.id, .private).entries.filter {
                $0.recordID == note.id.uuidString.lowercased()
            }
            #expect(entries.map(\.record) == [.annotation(stored)])
            #expect(entries.map(\.changeTag) == [tag])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func eachRecord_comesDownInTheScopeItIsIn(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let (ana, ben, cara) = (world.ana.id, world.ben.id, world.cara.id)
            // The owner: everything in private, nothing elsewhere.
            #expect(
                try await store.seen(ana, .private)
                    == world.sharedRecords.union(world.openRecords).union([live(.user, ana)]))
            #expect(try await store.seen(ana, .shared).isEmpty)
            #expect(try await store.seen(ana, .public).isEmpty)
            // The grantee: the shared layer in shared only; the public one in public.
            #expect(try await store.seen(ben, .private) == [live(.user, ben)])
            #expect(try await store.seen(ben, .shared) == world.sharedRecords)
            #expect(try await store.seen(ben, .public) == world.openRecords)
            // A stranger: the public layer only.
            #expect(try await store.seen(cara, .private) == [live(.user, cara)])
            #expect(try await store.seen(cara, .shared).isEmpty)
            #expect(try await store.seen(cara, .public) == world.openRecords)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func entries_carryTheRecordAndItsTag(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let entries = try await store.drain(world.ben.id, .shared).entries
            let note = try #require(entries.first { $0.recordType == .annotation })
            #expect(note.changeTag == (try await store.changeTag(of: .annotation, id: world.sharedNote.id.uuidString)))
            guard case .annotation(let annotation) = note.record else {
                Issue.record("expected an annotation, got \(String(describing: note.record))")
                return
            }
            #expect(annotation.id == world.sharedNote.id)
            #expect(annotation.content.text == "s")
            // Parents before children within a commit: the layer comes before its annotation.
            #expect(entries.map(\.recordType) == [.layer, .annotation, .comment])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func smallPages_carryEveryRecordOnceInOrder(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)]))
            var notes: [Annotation] = []
            for index in 0..<5 {
                // Two notes per commit, so that pages also end inside a commit.
                let pair = (0..<2).map { _ in Samples.note("n\(index)", owner: ana.id, layer: layer.id) }
                notes += pair
                try await store.commit(ChangeSet(changes: pair.map(Change.saveAnnotation)))
            }
            let whole = try await store.drain(ana.id, .private)
            #expect(whole.pages == 1)
            #expect(whole.entries.count == 12)

            for limit in [1, 2, 3, 5] {
                var cursor = SyncCursor.start
                var entries: [SyncFeedEntry] = []
                var pages = 0
                while true {
                    let page = try await store.syncFeed(
                        for: ana.id, scope: .private, after: cursor, limit: limit, now: syncNow)
                    pages += 1
                    #expect(page.entries.count <= limit)
                    #expect(page.cursor > cursor, "the cursor moves on")
                    entries += page.entries
                    cursor = page.cursor
                    if !page.moreComing { break }
                    #expect(page.entries.count == limit, "a page followed by more is full")
                }
                #expect(entries == whole.entries, "limit \(limit)")
                #expect(pages == (12 + limit - 1) / limit)
                #expect(cursor == whole.cursor)
            }
            let ids = whole.entries.map(\.recordID)
            #expect(Set(ids).count == ids.count, "each record once")
            let tags = whole.entries.map { Int64($0.changeTag) ?? -1 }
            #expect(tags == tags.sorted(), "in commit order")
            #expect(
                Set(whole.entries.filter { $0.recordType == .annotation }.map(\.recordID))
                    == Set(notes.map(\.id.uuidString)))

            // At the head, and after it, nothing more.
            let after = try await store.syncFeed(
                for: ana.id, scope: .private, after: whole.cursor, limit: 10, now: syncNow)
            #expect(after.entries.isEmpty)
            #expect(!after.moreComing)
            #expect(after.cursor == whole.cursor)
            let beyond = SyncCursor.after(whole.cursor.sequence + 1_000)
            let later = try await store.syncFeed(for: ana.id, scope: .private, after: beyond, limit: 10, now: syncNow)
            #expect(later.entries.isEmpty)
            #expect(!later.moreComing)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func anEditAfterTheCursor_comesDownAgain(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = World()
            try await world.save(in: store)
            let cursor = try await store.head(world.ben.id, .shared)
            let ownerCursor = try await store.head(world.ana.id, .private)
            var edited = world.sharedNote
            edited.title = "edited"
            edited.updatedAt = Samples.at(100)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(edited)]))
            #expect(try await store.seen(world.ben.id, .shared, after: cursor) == [live(.annotation, edited.id)])
            #expect(try await store.seen(world.cara.id, .public, after: cursor).isEmpty)
            #expect(try await store.seen(world.ana.id, .private, after: ownerCursor) == [live(.annotation, edited.id)])
        }
    }
}
