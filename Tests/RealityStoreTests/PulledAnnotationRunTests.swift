import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@_spi(Testing) @testable import RealityStore

/// A pulled page stores its annotations in runs, several rows to a statement; the store must end
/// exactly as when the reconciler stores each record on its own (the path of records with pending
/// edits, and of every record before runs).
@Suite struct PulledAnnotationRunTests {
    static let owner = DeviceSyncStoreTests.owner
    static let layer = DeviceSyncStoreTests.layer
    static let friend = Samples.user("Bo")
    static let pulledAt = Samples.at(9_000)

    /// A page with every kind of annotation part, a deletion and a second version of a record
    /// in the middle of runs, and a layer between them.
    static func page() throws -> [PulledChange] {
        func change(_ annotation: Annotation, tag: String, sendJSON: Bool = true) throws -> PulledChange {
            PulledChange(
                recordType: .annotation, recordID: annotation.id.uuidString, changeTag: tag,
                record: .annotation(annotation),
                recordJSON: sendJSON ? try SyncRecord.annotation(annotation).jsonData() : nil)
        }
        var full = Samples.fullAnnotation(owner: owner.id, layer: layer.id)
        full.permissions = [Samples.grant(.editor, to: friend.id, by: owner.id)]
        full.reactions = [Reaction(emoji: "👍", userID: friend.id, createdAt: Samples.at(10))]
        full.viewedBy = [friend.id, owner.id]
        full.viewCount = 5
        let notes = (0..<6).map { index in
            Samples.note(
                "note \(index) with \"quotes\"", title: "Note \(index)", owner: owner.id, layer: layer.id,
                at: SIMD3(Float(index), 0, 1), isDeleted: index == 4)
        }
        var edited = notes[1]
        edited.title = "Edited later in the page"
        edited.updatedAt = Samples.at(500)
        return [
            try change(full, tag: "1"),
            try change(notes[0], tag: "2"),
            try change(notes[1], tag: "3", sendJSON: false),
            PulledChange(recordType: .layer, recordID: layer.recordID, changeTag: "4", record: .layer(layer)),
            try change(notes[2], tag: "5"),
            try change(edited, tag: "6"),
            PulledChange(recordType: .annotation, recordID: notes[2].id.uuidString, changeTag: "", record: nil),
            try change(notes[3], tag: "7"),
            try change(notes[4], tag: "8"),
            try change(notes[5], tag: "9"),
        ]
    }

    /// Everything the device keeps of synced annotations, one sorted line per row.
    static func contents(of store: DeviceStore) async throws -> [String] {
        let queries = [
            "SELECT * FROM annotations",
            "SELECT a.id, r.minX, r.maxX, r.minY, r.maxY, r.minZ, r.maxZ FROM annotation_rtree r JOIN annotations a ON a.rowid = r.id",
            "SELECT a.id, f.title, f.text, f.comments FROM annotation_fts f JOIN annotations a ON a.rowid = f.rowid",
            "SELECT * FROM grants", "SELECT * FROM reactions", "SELECT * FROM views", "SELECT * FROM attachments",
            "SELECT * FROM sync_metadata", "SELECT * FROM sync_scopes", "SELECT * FROM outbox", "SELECT * FROM layers",
        ]
        return try await store.inspect { db in
            try queries.flatMap { sql in
                try Row.fetchAll(db, sql: sql).map { row in
                    // The rowid differs with the order rows were inserted in; the ID names the row.
                    sql + " "
                        + row.description.replacingOccurrences(
                            of: #"rowid:\d+ "#, with: "", options: .regularExpression)
                }.sorted()
            }
        }
    }

    @Test func aPageStoredInRuns_endsAsTheReconcilerStoresEachRecord() async throws {
        let page = try Self.page()
        let (runs, runsDirectory) = try DeviceSyncStoreTests.freshStore()
        let (single, singleDirectory) = try DeviceSyncStoreTests.freshStore()
        defer {
            runsDirectory.remove()
            singleDirectory.remove()
        }
        // Engagement made on the device and not pushed yet stays on top of what comes down.
        let reacted = try #require(AnnotationID(uuidString: page[1].recordID))
        let viewed = try #require(AnnotationID(uuidString: page[7].recordID))
        let reaction = Reaction(emoji: "🎉", userID: Self.owner.id, createdAt: Samples.at(20))
        try await runs.bindAccount(serverURL: "http://server", user: Self.owner, token: "t")
        try await runs.commit(
            ChangeSet(changes: [
                .addReaction(reaction, annotationID: reacted),
                .recordView(annotationID: viewed, userID: Self.owner.id, at: Samples.at(30)),
            ]))
        // Both stores start alike, down to the outbox's mutation IDs and times.
        // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
        // test (@testable) reaches it on purpose: both stores must start as byte-for-byte copies.
        try runs.writer.backup(to: single.writer)
        let report = try await runs.applyPulledPage(
            page, scope: .private, token: "token", complete: true, strategy: .merge, at: Self.pulledAt)
        for change in page {
            if let record = change.record {
                // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
                // test (@testable) reaches it on purpose: the reference path runs the reconciler directly.
                let outcome = try await single.writer.write { db in
                    try SyncReconciler(strategy: .merge, owner: Self.owner.id, now: Self.pulledAt).reconcile(
                        record, json: change.recordJSON, changeTag: change.changeTag, scope: .private, in: db)
                }
                #expect(outcome == .applied)
            } else {
                try await single.applyPulledPage(
                    [change], scope: .private, token: "token", complete: false, strategy: .merge, at: Self.pulledAt)
            }
        }
        try await single.applyPulledPage(
            [], scope: .private, token: "token", complete: true, strategy: .merge, at: Self.pulledAt)
        #expect(report.applied == page.count - 1)
        #expect(report.removed == 1)
        let contents = try await Self.contents(of: runs)
        let expected = try await Self.contents(of: single)
        #expect(contents == expected, "differs: \(Set(contents).symmetricDifference(expected).sorted())")
        #expect(contents.contains { $0.hasPrefix("SELECT * FROM reactions") && $0.contains("🎉") })
    }

    @Test func pulledAnnotations_keepTheServersJSON_asTheirBase() async throws {
        let page = try Self.page()
        let (store, directory) = try DeviceSyncStoreTests.freshStore()
        defer { directory.remove() }
        try await store.bindAccount(serverURL: "http://server", user: Self.owner, token: "t")
        try await store.applyPulledPage(page, scope: .private, token: "token", complete: true, strategy: .merge)
        for change in page {
            guard case .annotation(let annotation)? = change.record, change.changeTag != "3" else { continue }
            let base = try await store.inspect { db in
                try Data.fetchOne(
                    db, sql: "SELECT baseVersion FROM sync_metadata WHERE recordType = 'annotation' AND recordID = ?",
                    arguments: [annotation.id.uuidString])
            }
            guard change.changeTag != "5" else {
                #expect(base == nil, "the deleted record's metadata is gone")
                continue
            }
            #expect(base == change.recordJSON)
        }
    }

    @Test func aPendingEdit_amidARun_isStillMerged() async throws {
        let (store, note, directory) = try await DeviceSyncStoreTests.syncedStore()
        defer { directory.remove() }
        var mine = note
        mine.title = "Mine"
        mine.updatedAt = Samples.at(100)
        try await store.commit(ChangeSet(changes: [.saveAnnotation(mine)]))
        var theirs = note
        theirs.status = .resolved
        theirs.updatedAt = Samples.at(50)
        let others = (0..<3).map { Samples.note("other \($0)", owner: Self.owner.id, layer: Self.layer.id) }
        let changes = [others[0], theirs, others[1], others[2]].map { annotation in
            PulledChange(
                recordType: .annotation, recordID: annotation.id.uuidString, changeTag: "2",
                record: .annotation(annotation))
        }
        let report = try await store.applyPulledPage(
            changes, scope: .private, token: "token-2", complete: true, strategy: .merge)
        #expect(report.merged == 1)
        #expect(report.applied == 3)
        let merged = try #require(try await store.annotation(id: note.id))
        #expect(merged.title == "Mine")
        #expect(merged.status == .resolved)
        for other in others {
            #expect(try await store.annotation(id: other.id) == other)
        }
    }
}
