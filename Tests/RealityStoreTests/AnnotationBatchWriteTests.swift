import Foundation
import GRDB
import RealityCore
import RealityTestSupport
import Testing

@_spi(Testing) @testable import RealityStore

/// A run of annotation saves in one commit (the batch writer's multi-row statements, whose
/// conflict clause finds the stored IDs) leaves the store as saving each annotation on its own
/// does: rows, R*Tree boxes, full-text entries, attachments and outbox.
@Suite struct AnnotationBatchWriteTests {
    static let ana = Samples.user("Ana")
    static let ben = Samples.user("Ben")
    static let layer = Samples.layer(owner: ana.id)

    /// Saved before the run: annotations the run then edits, one with a comment.
    static func stored() -> [Annotation] {
        (0..<3).map { index in
            Samples.note(
                "stored \(index)", owner: ana.id, layer: layer.id, at: SIMD3(Float(index), 0, 0),
                createdAt: Samples.at(Double(index)))
        }
    }

    /// A run that edits every stored annotation (one of them into a deletion) and creates
    /// others around them, more than one statement's worth, with attachments, odd texts and
    /// every optional field set.
    static func run(editing stored: [Annotation]) -> [Annotation] {
        var run: [Annotation] = []
        for index in 0..<150 {
            // No coordinate is -0.0: the table keeps whole REALs as integers and so loses a zero's
            // sign, which single saves (binding the box) keep in the R*Tree and runs (copying the
            // box from the table) do not; the two are equal in every comparison.
            var note = Samples.note(
                index % 7 == 0 ? "" : "fresh \(index) lantern", title: index % 5 == 0 ? nil : "Title \(index)",
                owner: ana.id, layer: layer.id, at: SIMD3(Float(index), Float(index % 3), -0.5 - Float(index)),
                createdAt: Samples.at(Double(100 + index)))
            if index == 40 { note = Samples.fullAnnotation(owner: ana.id, layer: layer.id) }
            run.append(note)
            if index % 50 == 10 {
                var edited = stored[index / 50]
                edited.title = "edited \(index)"
                edited.content.text = "edited text \(index)"
                edited.position = SIMD3(9, 9, 9)
                edited.isDeleted = index == 110
                edited.updatedAt = Samples.at(500)
                run.append(edited)
            }
        }
        return run
    }

    static func seeded(_ store: DeviceStore) async throws -> [Annotation] {
        let stored = stored()
        try await store.commit(
            ChangeSet(
                changes: [.saveUser(ana), .saveUser(ben), .saveLayer(layer)]
                    + stored.map { .saveAnnotation($0) }))
        let comment = Comment(text: "a comment", authorID: ben.id, annotationID: stored[1].id, createdAt: Samples.at(9))
        try await store.commit(ChangeSet(changes: [.saveComment(comment)]))
        return stored
    }

    /// What the test compares: every table the writers touch, by annotation ID (rowids differ
    /// with the order rows went in), and the outbox in order.
    static func contents(of store: DeviceStore) async throws -> [String] {
        let queries = [
            "SELECT * FROM annotations",
            "SELECT a.id, r.minX, r.maxX, r.minY, r.maxY, r.minZ, r.maxZ FROM annotation_rtree r JOIN annotations a ON a.rowid = r.id",
            "SELECT a.id, f.title, f.text, f.comments FROM annotation_fts f JOIN annotations a ON a.rowid = f.rowid",
            "SELECT * FROM attachments",
        ]
        return try await store.inspect { db in
            var lines = try queries.flatMap { sql in
                try Row.fetchAll(db, sql: sql).map { row in
                    sql + " "
                        + row.description.replacingOccurrences(
                            of: #"rowid:\d+ "#, with: "", options: .regularExpression)
                }.sorted()
            }
            lines += try Row.fetchAll(
                db, sql: "SELECT recordType, recordID, operation, payload FROM outbox ORDER BY sequence"
            )
            .map(\.description)
            return lines
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aRunOfSaves_endsAsSavingEachOnItsOwn(kind: StoreKind) async throws {
        try await withStore(kind) { batched in
            try await withStore(kind) { single in
                let stored = try await Self.seeded(batched)
                // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
                // test (@testable) reaches it on purpose: both stores must start as byte-for-byte copies.
                try batched.writer.backup(to: single.writer)
                let run = Self.run(editing: stored)

                try await batched.commit(ChangeSet(changes: run.map { .saveAnnotation($0) }))
                for annotation in run {
                    try await single.commit(ChangeSet(changes: [.saveAnnotation(annotation)]))
                }

                let contents = try await Self.contents(of: batched)
                let expected = try await Self.contents(of: single)
                #expect(contents == expected, "differs: \(Set(contents).symmetricDifference(expected).sorted())")
                #expect(try await batched.count("annotations") == 3 + 150)
                #expect(try await batched.count("annotation_rtree") == 3 + 150 - 1)
                #expect(try await batched.count("outbox", where: "recordType = 'annotation'") == 3 + 153)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aRunOfSaves_leavesIndexesThatCheckOut_andFindEveryRow(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let stored = try await Self.seeded(store)
            let run = Self.run(editing: stored)
            try await store.commit(ChangeSet(changes: run.map { .saveAnnotation($0) }))
            // `writer` is internal to RealityStore (no caller may write around `commit`); this white-box
            // test (@testable) reaches it on purpose: FTS5's integrity check is a command, run on the writer.
            try await store.writer.write { db in
                try db.execute(sql: "INSERT INTO annotation_fts(annotation_fts) VALUES ('integrity-check')")
                #expect(try String.fetchOne(db, sql: "SELECT rtreecheck('annotation_rtree')") == "ok")
            }
            // Empty texts are stored as empty texts, not NULL.
            #expect(
                try await store.count("annotations", where: "text = ''") == run.filter { $0.content.text == "" }.count)
            let found = try await store.annotations(
                matching: AnnotationQuery(
                    viewer: Self.ana.id, text: "lantern", order: .relevance, limit: AnnotationQuery.maxLimit))
            #expect(found.count == run.filter { $0.content.text?.contains("lantern") == true }.count)
            let near = try await store.annotations(
                matching: AnnotationQuery(
                    viewer: Self.ana.id, near: .init(center: SIMD3(9, 9, 9), radius: 0.5), limit: 10))
            #expect(Set(near.map(\.id)) == Set(stored.prefix(2).map(\.id)))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func copyingIntoTheIndexes_readsOnlyTheNewRowids(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            _ = try await Self.seeded(store)
            for sql in [AnnotationBatchWrites.rtreeCopySQL, AnnotationBatchWrites.ftsCopySQL] {
                let plan = try await store.inspect { db in
                    try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: [1, 2]).map {
                        $0["detail"] as String
                    }
                }
                #expect(plan.contains { $0.contains("USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)") }, "\(plan)")
            }
        }
    }
}
