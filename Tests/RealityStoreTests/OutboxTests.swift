import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@_spi(Testing) @testable import RealityStore

/// A device store queues every syncable write in the same transaction; a server store queues none.
@Suite struct OutboxTests {
    struct Entry: Hashable {
        var recordType: String
        var recordID: String
        var operation: String
    }

    static func entries(_ store: SQLiteStore<some SQLiteStoreRole>) async throws -> [Entry] {
        try await store.inspect { db in
            try Row.fetchAll(db, sql: "SELECT recordType, recordID, operation FROM outbox ORDER BY sequence").map {
                Entry(recordType: $0["recordType"], recordID: $0["recordID"], operation: $0["operation"])
            }
        }
    }

    /// One change of every kind, and the entry each must queue (nil: stays local).
    static func everyChange(ana: User, ben: User) -> [(Change, Entry?)] {
        let layer = Samples.layer(owner: ana.id)
        let note = Samples.note(owner: ana.id, layer: layer.id)
        let comment = Comment(text: "c", authorID: ben.id, annotationID: note.id, createdAt: Samples.start)
        let map = WorldMap(worldMapAssetID: Samples.assetID, ownerID: ana.id, createdAt: Samples.start)
        let grant = Samples.grant(.viewer, to: ben.id, by: ana.id)
        let notification = AppNotification(
            recipientID: ana.id, type: .comment, title: "t", body: "b", createdAt: Samples.start)
        let (a, b, l) = (note.id.uuidString, ben.id.uuidString, layer.id.uuidString)
        return [
            (.saveUser(ana), Entry(recordType: "user", recordID: ana.id.uuidString, operation: "save")),
            (.saveUser(ben), Entry(recordType: "user", recordID: b, operation: "save")),
            (.saveLayer(layer), Entry(recordType: "layer", recordID: l, operation: "save")),
            (.saveAnnotation(note), Entry(recordType: "annotation", recordID: a, operation: "save")),
            (.saveComment(comment), Entry(recordType: "comment", recordID: comment.id.uuidString, operation: "save")),
            (.saveWorldMap(map), Entry(recordType: "worldMap", recordID: map.id.uuidString, operation: "save")),
            (
                .grant(grant, on: .annotation(note.id)),
                Entry(recordType: "grant", recordID: "annotation:\(a):\(b)", operation: "save")
            ),
            (
                .grant(grant, on: .layer(layer.id)),
                Entry(recordType: "grant", recordID: "layer:\(l):\(b)", operation: "save")
            ),
            (
                .revoke(userID: ben.id, on: .layer(layer.id)),
                Entry(recordType: "grant", recordID: "layer:\(l):\(b)", operation: "delete")
            ),
            (
                .addReaction(Reaction(emoji: "👍", userID: ben.id, createdAt: Samples.start), annotationID: note.id),
                Entry(recordType: "reaction", recordID: "\(a):\(b):👍", operation: "save")
            ),
            (
                .removeReaction(annotationID: note.id, userID: ben.id, emoji: "👍"),
                Entry(recordType: "reaction", recordID: "\(a):\(b):👍", operation: "delete")
            ),
            (
                .recordView(annotationID: note.id, userID: ben.id, at: Samples.start),
                Entry(recordType: "view", recordID: "\(a):\(b)", operation: "view")
            ),
            (
                .markRead(annotationID: note.id, userID: ben.id, at: Samples.start),
                Entry(recordType: "view", recordID: "\(a):\(b)", operation: "read")
            ),
            (
                .setStarred(annotationID: note.id, userID: ben.id, starred: true, at: Samples.start),
                Entry(recordType: "star", recordID: "\(b):\(a)", operation: "save")
            ),
            (
                .setStarred(annotationID: note.id, userID: ben.id, starred: false, at: Samples.start),
                Entry(recordType: "star", recordID: "\(b):\(a)", operation: "delete")
            ),
            (.addNotification(notification), nil),
            (
                .markNotificationRead(id: notification.id, recipientID: ana.id),
                Entry(recordType: "notification", recordID: notification.id.uuidString.lowercased(), operation: "read")
            ),
            (.addActivity(Activity(kind: .commented, actorID: ben.id, summary: "s", createdAt: Samples.start)), nil),
            (.purgeComment(comment.id), nil),
            (.purgeAnnotation(note.id), nil),
            (.purgeLayer(layer.id), nil),
        ]
    }

    @Test(arguments: StoreKind.allCases)
    func deviceStore_queuesOneEntryPerSyncableChange_inOrder(kind: StoreKind) async throws {
        try await withStore(kind, role: DeviceRole.self) { store in
            let table = Self.everyChange(ana: Samples.user("Ana"), ben: Samples.user("Ben"))
            try await store.commit(ChangeSet(changes: table.map(\.0)))
            #expect(try await Self.entries(store) == table.compactMap(\.1))
            let payloads = try await store.inspect { db in
                try Row.fetchAll(
                    db, sql: "SELECT mutationID, payload FROM outbox WHERE recordType = 'grant' AND operation = 'save'"
                )
                .map { (mutationID: $0["mutationID"] as String, payload: $0["payload"] as Data) }
            }
            #expect(payloads.count == 2)
            #expect(Set(payloads.map(\.mutationID)).count == 2, "each mutation has its own ID")
            let grant = try RealityJSON.decoder().decode(Permission.self, from: payloads[0].payload)
            #expect(grant.level == .viewer)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func serverStore_queuesNothing(kind: StoreKind) async throws {
        try await withStore(kind, role: ServerRole.self) { store in
            let table = Self.everyChange(ana: Samples.user("Ana"), ben: Samples.user("Ben"))
            try await store.commit(ChangeSet(changes: table.map(\.0)))
            #expect(try await store.count("outbox") == 0)
            #expect(try await store.count("users") == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedPrecondition_leavesNoRowsAndNoOutboxEntries(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            let before = try await store.snapshot()
            var stale = note
            stale.title = "edited from a stale read"
            let conflicting = ChangeSet(
                preconditions: [.annotationUnchanged(note.id, updatedAt: note.updatedAt.addingTimeInterval(-1))],
                changes: [
                    .saveAnnotation(stale),
                    .addActivity(Activity(kind: .annotationUpdated, actorID: ana.id, summary: "x")),
                ])
            await #expect(throws: StoreError.conflict(recordType: .annotation, id: note.id.uuidString)) {
                try await store.commit(conflicting)
            }
            let overLimit = ChangeSet(
                preconditions: [.annotationCountBelow(owner: ana.id, limit: 1, tier: .free)],
                changes: [.saveAnnotation(Samples.note(owner: ana.id, layer: layer.id))])
            await #expect(throws: TierLimitError.annotationLimitReached(limit: 1, tier: .free)) {
                try await store.commit(overLimit)
            }
            await #expect(throws: StoreError.conflict(recordType: .layer, id: layer.id.uuidString)) {
                try await store.commit(
                    ChangeSet(
                        preconditions: [.layerUnchanged(layer.id, updatedAt: Samples.at(1))],
                        changes: [.saveLayer(layer)]))
            }
            await #expect(throws: StoreError.conflict(recordType: .annotation, id: note.id.uuidString)) {
                try await store.commit(
                    ChangeSet(
                        preconditions: [.annotationAbsent(note.id)],
                        changes: [
                            .saveAnnotation(Samples.note("impostor", owner: UserID(), layer: layer.id, id: note.id))
                        ]))
            }
            let missing = AnnotationID()
            await #expect(throws: StoreError.conflict(recordType: .annotation, id: missing.uuidString)) {
                try await store.commit(
                    ChangeSet(
                        preconditions: [.annotationUnchanged(missing, updatedAt: Samples.start)],
                        changes: [.saveLayer(layer)]))
            }
            #expect(try await store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aWriteThatFailsHalfway_rollsBackEverything(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let ana = Samples.user("Ana")
            try await store.commit(ChangeSet(changes: [.saveUser(ana)]))
            let before = try await store.snapshot()
            // No Change can fail halfway on its own, so a temporary trigger on the writer connection
            // makes the second insert fail after the first one succeeded.
            // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
            // test (@testable) reaches it on purpose: a trigger makes a commit fail halfway.
            try await store.writer.write { db in
                try db.execute(
                    sql: """
                        CREATE TEMP TRIGGER fail_second_layer BEFORE INSERT ON layers
                        WHEN (SELECT count(*) FROM layers) >= 1 BEGIN SELECT RAISE(ABORT, 'boom'); END
                        """)
            }
            let write = ChangeSet(changes: [
                .saveLayer(Samples.layer("first", owner: ana.id)), .saveLayer(Samples.layer("second", owner: ana.id)),
            ])
            await #expect(throws: StoreError.self) { try await store.commit(write) }
            #expect(try await store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func anEmptyChangeSet_commitsNothing_andWakesNobody(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let recorder = await Recorder.start(store.commits())
            defer { Task { await recorder.stop() } }
            try await store.commit(ChangeSet())
            try await store.commit(ChangeSet(changes: [.saveUser(Samples.user("Ana"))]))
            let events = await recorder.items(atLeast: 1)
            #expect(events.count == 1)
            #expect(try await store.count("outbox") == 1)
        }
    }
}
