import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@_spi(Testing) @testable import RealityStore

/// Soft-deleted records go after 30 days with everything attached to them, and annotations past
/// their layer's autoExpireDays go to the trash first (SPEC D3, docs/seed-fixes.md "Retention").
@Suite struct RetentionTests {
    static let day: TimeInterval = 86_400
    static let now = Samples.at(100 * day)

    static func ago(_ days: Double) -> Date { now.addingTimeInterval(-days * day) }

    @Test(arguments: StoreKind.allCases)
    func purge_removesWhatIsDue_withEverythingAttached_andKeepsTheRest(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let ana = Samples.user("Ana")
            let ben = Samples.user("Ben")
            let plain = Samples.layer("Plain", owner: ana.id)
            let expiring = Samples.layer("Expiring", owner: ana.id, autoExpireDays: 7)
            var oldDeletedLayer = Samples.layer("Old deleted", owner: ana.id, isDeleted: true, createdAt: Self.ago(60))
            oldDeletedLayer.updatedAt = Self.ago(31)
            var recentDeletedLayer = Samples.layer(
                "Recent deleted", owner: ana.id, isDeleted: true, createdAt: Self.ago(60))
            recentDeletedLayer.updatedAt = Self.ago(1)

            func note(_ text: String, in layer: Layer, created: Double, deleted: Double? = nil) -> Annotation {
                var note = Samples.note(
                    text, owner: ana.id, layer: layer.id, at: SIMD3(1, 1, 1), createdAt: Self.ago(created))
                if let deleted {
                    note.isDeleted = true
                    note.updatedAt = Self.ago(deleted)
                }
                return note
            }
            let oldDeleted = note("old deleted", in: plain, created: 40, deleted: 31)
            let recentDeleted = note("recent deleted", in: plain, created: 40, deleted: 29)
            let oldLive = note("old but live", in: plain, created: 90)
            let expired = note("expired", in: expiring, created: 8)
            let fresh = note("fresh", in: expiring, created: 6)
            let doomed = [oldDeleted]

            var changes = ChangeSet(changes: [
                .saveUser(ana), .saveUser(ben), .saveLayer(plain), .saveLayer(expiring), .saveLayer(oldDeletedLayer),
                .saveLayer(recentDeletedLayer),
                .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(oldDeletedLayer.id)),
                .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(recentDeletedLayer.id)),
            ])
            for note in [oldDeleted, recentDeleted, oldLive, expired, fresh] {
                changes.append(.saveAnnotation(note))
                changes.append(.grant(Samples.grant(.commenter, to: ben.id, by: ana.id), on: .annotation(note.id)))
                changes.append(
                    .addReaction(Reaction(emoji: "👍", userID: ben.id, createdAt: Self.ago(5)), annotationID: note.id))
                changes.append(.recordView(annotationID: note.id, userID: ben.id, at: Self.ago(5)))
                changes.append(.setStarred(annotationID: note.id, userID: ben.id, starred: true, at: Self.ago(5)))
                changes.append(
                    .saveComment(
                        Comment(
                            text: "about \(note.content.text!)", authorID: ben.id, annotationID: note.id,
                            createdAt: Self.ago(5))))
            }
            let oldComment = Comment(
                text: "old deleted comment", authorID: ben.id, annotationID: oldLive.id, createdAt: Self.ago(40),
                updatedAt: Self.ago(31), isDeleted: true)
            let recentComment = Comment(
                text: "recent deleted comment", authorID: ben.id, annotationID: oldLive.id, createdAt: Self.ago(40),
                updatedAt: Self.ago(29), isDeleted: true)
            changes.append(.saveComment(oldComment))
            changes.append(.saveComment(recentComment))
            let map = WorldMap(
                worldMapAssetID: Samples.assetID,
                anchors: [
                    WorldAnchor(transform: .identity, annotationID: expired.id),
                    WorldAnchor(transform: .identity, annotationID: fresh.id),
                ],
                ownerID: ana.id, createdAt: Self.ago(10))
            changes.append(.saveWorldMap(map))
            try await store.commit(changes)
            let expiredRowid = try await store.inspect { db in
                try Int64.fetchOne(
                    db, sql: "SELECT rowid FROM annotations WHERE id = ?", arguments: [oldDeleted.id.uuidString])
            }

            let report = try await Retention(store: store).sweep(now: Self.now, expiring: true)
            #expect([report.expired, report.annotations, report.layers, report.comments] == [1, 1, 1, 1] as [Int])
            #expect(try await store.annotation(id: expired.id)?.isDeleted == true, "expired goes to the trash")

            for gone in doomed {
                let id = gone.id.uuidString
                #expect(try await store.annotation(id: gone.id) == nil, "\(gone.content.text!)")
                #expect(try await store.count("grants", where: "targetType = 'annotation' AND targetID = ?", [id]) == 0)
                for table in ["reactions", "views", "stars", "comments"] {
                    #expect(
                        try await store.count(table, where: "annotationID = ?", [id]) == 0,
                        "\(table) of \(gone.content.text!)")
                }
            }
            #expect(try await store.count("annotation_rtree", where: "id = ?", [expiredRowid]) == 0)
            #expect(try await store.count("annotation_fts", where: "rowid = ?", [expiredRowid]) == 0)
            #expect(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, at: Self.now, text: "expired"))
                    .isEmpty)

            for kept in [recentDeleted, oldLive, fresh] {
                #expect(try await store.annotation(id: kept.id) != nil, "\(kept.content.text!)")
                #expect(try await store.count("reactions", where: "annotationID = ?", [kept.id.uuidString]) == 1)
            }
            #expect(try await store.layer(id: oldDeletedLayer.id) == nil)
            #expect(
                try await store.count(
                    "grants", where: "targetType = 'layer' AND targetID = ?", [oldDeletedLayer.id.uuidString]) == 0)
            #expect(try await store.layer(id: recentDeletedLayer.id)?.permissions.count == 1)
            #expect(try await store.comment(id: oldComment.id) == nil)
            #expect(try await store.comment(id: recentComment.id) != nil)
            #expect(try await store.worldMap(id: map.id)?.anchors.map(\.annotationID) == [expired.id, fresh.id])

            let again = try await Retention(store: store).sweep(now: Self.now, expiring: true)
            #expect(again.isEmpty, "nothing is expired or purged twice")
            let month = try await Retention(store: store).sweep(
                now: Self.now.addingTimeInterval(31 * Self.day), expiring: true)
            #expect(month.annotations == 2, "the expired one and recentDeleted leave the trash 30 days on")
            #expect(try await store.annotation(id: expired.id) == nil)
            #expect(month.expired == 1, "fresh is past its layer's 7 days by then")
            #expect(try await store.worldMap(id: map.id)?.anchors.map(\.annotationID) == [nil, fresh.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func purge_worksInBatches_whenMuchIsDue(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id, autoExpireDays: 1)
            var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
            for index in 0..<1_203 {
                changes.append(
                    .saveAnnotation(Samples.note("n\(index)", owner: ana.id, layer: layer.id, createdAt: Self.ago(2))))
            }
            try await store.commit(changes)
            let report = try await Retention(store: store).sweep(now: Self.now, expiring: true)
            #expect(report.expired == 1_203)
            #expect(try await store.count("annotations", where: "isDeleted = 1") == 1_203)
            let later = try await Retention(store: store).purge(now: Self.now.addingTimeInterval(31 * Self.day))
            #expect(later.annotations == 1_203)
            #expect(try await store.count("annotations") == 0)
            #expect(try await store.count("annotation_rtree") == 0)
            #expect(try await store.count("annotation_fts") == 0)
        }
    }
}
