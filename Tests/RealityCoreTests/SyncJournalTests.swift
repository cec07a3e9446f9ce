import Foundation
import Testing

@testable import RealityCore

/// What the server's change log records for a commit (docs/sync-protocol.md).
@Suite("Sync journal")
struct SyncJournalTests {
    private let note = Fixtures.annotation()
    private let layer = Fixtures.layer()

    @Test func touches_coverEveryRecordAChangeAltersOnTheWire() {
        let changes = ChangeSet(changes: [
            .saveAnnotation(note), .saveLayer(layer), .saveComment(Fixtures.comment()),
            .addReaction(Fixtures.reaction(), annotationID: Fixtures.annotationID),
            .grant(Fixtures.permission(), on: .layer(Fixtures.parentLayerID)),
            .setStarred(
                annotationID: Fixtures.annotationID, userID: Fixtures.friendID, starred: true, at: Fixtures.created),
            .markNotificationRead(id: Fixtures.commentID.rawValue, recipientID: Fixtures.ownerID),
            .addActivity(
                Activity(kind: .commented, actorID: Fixtures.ownerID, summary: "x", createdAt: Fixtures.created)),
        ])
        #expect(
            SyncJournal.touches(for: changes, prior: SyncJournal.Prior()) == [
                .annotation(Fixtures.annotationID), .mapOfAnchor(note.anchorID), .layer(layer.id),
                .comment(Fixtures.commentID),
                .layer(Fixtures.parentLayerID), .star(userID: Fixtures.friendID, annotationID: Fixtures.annotationID),
                .notification(Fixtures.commentID.rawValue),
            ])
    }

    @Test func accessChanges_recordMovesReparentsPublicityGrantsAndRemovals() {
        var moved = note
        moved.layerID = Fixtures.parentLayerID
        var reparented = layer
        reparented.parentLayerID = nil
        reparented.isPublic = true
        let map = Fixtures.worldMapID
        let changes = ChangeSet(changes: [
            .saveAnnotation(moved), .saveLayer(reparented),
            .revoke(userID: Fixtures.friendID, on: .annotation(note.id)),
            .setStarred(annotationID: note.id, userID: Fixtures.ownerID, starred: false, at: Fixtures.created),
            .deleteWorldMap(map),
        ])
        let prior = SyncJournal.Prior(
            annotationLayers: [note.id: note.layerID],
            layers: [layer.id: .init(parentLayerID: Fixtures.parentLayerID, isPublic: false, isDeleted: false)],
            worldMaps: [map: .init(ownerID: Fixtures.ownerID)])
        #expect(
            SyncJournal.accessChanges(for: changes, prior: prior) == [
                .init(recordType: .annotation, recordID: note.id.uuidString, contextLayerID: note.layerID),
                .init(recordType: .layer, recordID: layer.id.uuidString, contextLayerID: Fixtures.parentLayerID),
                .init(recordType: .annotation, recordID: note.id.uuidString, userID: Fixtures.friendID),
                .init(recordType: .star, recordID: note.id.uuidString, userID: Fixtures.ownerID),
                .init(recordType: .worldMap, recordID: map.uuidString, userID: Fixtures.ownerID),
            ])
    }

    @Test func touches_anAnnotationKeptAtItsAnchorLeavesTheMapAlone() {
        var edited = note
        edited.title = "new"
        let prior = SyncJournal.Prior(
            annotationLayers: [note.id: note.layerID], annotationAnchors: [note.id: note.anchorID])
        #expect(
            SyncJournal.touches(for: ChangeSet(changes: [.saveAnnotation(edited)]), prior: prior) == [
                .annotation(note.id)
            ])
        edited.anchorID = AnchorID()
        #expect(
            SyncJournal.touches(for: ChangeSet(changes: [.saveAnnotation(edited)]), prior: prior) == [
                .annotation(note.id), .mapOfAnchor(edited.anchorID),
            ])
    }

    /// A world map leaves the view of whoever it is no longer shared with, and, through an anchor
    /// it no longer has or its deletion, of whoever may see the annotations placed there.
    @Test func accessChanges_worldMapsUnsharedOrLosingAnchorsOrDeleted() {
        let kept = WorldAnchor(transform: Transform(translation: .zero))
        let dropped = AnchorID()
        var map = WorldMap(
            worldMapAssetID: String(repeating: "a", count: 64), anchors: [kept], ownerID: Fixtures.ownerID,
            isShared: true, sharedWith: [Fixtures.friendID])
        let before = SyncJournal.PriorWorldMap(
            ownerID: Fixtures.ownerID, sharedWith: [Fixtures.friendID, Fixtures.strangerID],
            anchorLayers: [kept.id: [Fixtures.layerID], dropped: [Fixtures.parentLayerID]])
        let prior = SyncJournal.Prior(worldMaps: [map.id: before])
        #expect(
            SyncJournal.accessChanges(for: ChangeSet(changes: [.saveWorldMap(map)]), prior: prior) == [
                .init(recordType: .worldMap, recordID: map.id.uuidString, userID: Fixtures.strangerID),
                .init(recordType: .worldMap, recordID: map.id.uuidString, contextLayerID: Fixtures.parentLayerID),
            ])
        map.isShared = false
        #expect(
            SyncJournal.accessChanges(for: ChangeSet(changes: [.saveWorldMap(map)]), prior: prior).compactMap(\.userID)
                .sorted { $0.uuidString < $1.uuidString }
                == [Fixtures.friendID, Fixtures.strangerID].sorted { $0.uuidString < $1.uuidString })
        let deleted = SyncJournal.accessChanges(for: ChangeSet(changes: [.deleteWorldMap(map.id)]), prior: prior)
        #expect(Set(deleted.compactMap(\.userID)) == [Fixtures.ownerID, Fixtures.friendID, Fixtures.strangerID])
        #expect(Set(deleted.compactMap(\.contextLayerID)) == [Fixtures.layerID, Fixtures.parentLayerID])
        #expect(SyncJournal.accessChanges(for: ChangeSet(changes: [.saveWorldMap(map)]), prior: .init()).isEmpty)
    }

    @Test func accessChanges_ignoreEditsThatMoveNothingAndNewRecords() {
        var edited = note
        edited.title = "new"
        let changes = ChangeSet(changes: [.saveAnnotation(edited), .saveLayer(layer)])
        let prior = SyncJournal.Prior(
            annotationLayers: [note.id: note.layerID],
            layers: [:])
        #expect(SyncJournal.accessChanges(for: changes, prior: prior).isEmpty)
    }

    @Test func pushedMutation_addsItsTagCheckAndRecord_onlyWhenGiven() {
        let changes = ChangeSet(changes: [.saveAnnotation(note)])
        #expect(changes.including([]) == changes)
        let expected = ExpectedChangeTag(recordType: .annotation, recordID: note.id.uuidString, tag: "7")
        let mutation = PushedMutation(userID: Fixtures.ownerID, mutationID: "m1", expectedTag: expected)
        let included = changes.including([mutation])
        #expect(included.preconditions == [.changeTag(.annotation, id: note.id.uuidString, equals: "7")])
        #expect(included.changes.last == .recordSyncMutation(userID: Fixtures.ownerID, mutationID: "m1"))
        let empty = ChangeSet().including([mutation])
        #expect(empty.isEmpty)
    }
}

/// Turning the rows of several feed queries into one page.
@Suite("Sync feed rows")
struct SyncFeedRowTests {
    private func row(_ sequence: Int64, _ type: Int, _ id: String, _ inScope: Bool = true) -> SyncFeedRow {
        SyncFeedRow(sequence: sequence, typeOrder: type, recordID: id, inScope: inScope)
    }

    @Test func page_sortsDeduplicatesAndPlacesTheCursor() {
        let rows = [row(5, 2, "b"), row(3, 1, "a"), row(5, 2, "a"), row(9, 2, "b", false), row(4, 3, "c")]
        let all = SyncFeedRow.page(of: rows, limit: 10, head: 12)
        #expect(all.rows.map(\.recordID) == ["a", "c", "a", "b"])
        #expect(all.rows.last?.inScope == false)
        #expect(!all.moreComing && all.cursor == .after(12))
        let first = SyncFeedRow.page(of: rows, limit: 2, head: 12)
        #expect(first.moreComing && first.rows.map(\.recordID) == ["a", "c"])
        #expect(first.cursor == SyncCursor(sequence: 4, typeOrder: 3, recordID: "c"))
    }

    /// Records read after the feed statement stand only when each row in scope has one, with a
    /// tag no later than the head that statement saw; deletions need none.
    @Test func loadedRecords_agreeOnlyWhenNoneChangedSinceTheFeedsSnapshot() {
        let note = SyncRecord.annotation(Fixtures.annotation())
        let position = SyncFeedOrder.position(of: .annotation) ?? 0
        let id = Fixtures.annotationID.uuidString
        let rows = [row(7, position, id), row(8, position, "gone", false)]
        let key = SyncFeedRow.key(.annotation, id)
        #expect(SyncFeedRow.loaded([key: (note, "7")], agreeWith: rows, head: 9))
        #expect(SyncFeedRow.loaded([key: (note, "3")], agreeWith: rows, head: 9), "an access change's older tag")
        #expect(SyncFeedRow.loaded([key: (note, "9")], agreeWith: rows, head: 9))
        #expect(!SyncFeedRow.loaded([key: (note, "10")], agreeWith: rows, head: 9), "changed since")
        #expect(!SyncFeedRow.loaded([:], agreeWith: rows, head: 9), "gone since")
        #expect(!SyncFeedRow.loaded([key: (note, "not a number")], agreeWith: rows, head: 9))
        #expect(SyncFeedRow.loaded([:], agreeWith: [row(8, position, "gone", false)], head: 9))
        #expect(SyncFeedRow.loaded([:], agreeWith: [], head: 0))
    }

    @Test(arguments: [
        (2, SyncCursor(sequence: 5, typeOrder: 1, recordID: "z"), Int64(5), ""),
        (2, SyncCursor(sequence: 5, typeOrder: 2, recordID: "m"), Int64(5), "m"),
        (1, SyncCursor(sequence: 5, typeOrder: 2, recordID: "m"), Int64(5), "\u{10FFFF}"),
    ])
    func bound_keepsExactlyTheRowsAfterTheCursor(type: Int, cursor: SyncCursor, sequence: Int64, id: String) {
        let bound = SyncFeedRow.bound(for: type, after: cursor)
        #expect(bound.sequence == sequence && bound.recordID == id)
    }
}
