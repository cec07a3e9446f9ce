import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// Text search through `AnnotationQuery.text` (FTS5 on SQLite, tsvector on PostgreSQL): every word of the query must start a word of the title,
/// text or comments, ignoring case and diacritics; nothing in user text is FTS syntax.
@Suite struct FullTextSearchTests {
    static let documents: [(title: String?, text: String)] = [
        ("Kitchen", "Fix the kitchen tap"),
        (nil, "Café crème brûlée on Thursday"),
        (nil, "cafe au lait"),
        ("Cartoon", "Tom AND Jerry NEAR the door OR window NOT here"),
        (nil, "Andrew's note-book: title chapter two"),
        (nil, "Ελληνικά και Русский текст"),
        ("Prices", "Costs 42 euros, 7 days"),
    ]

    /// The reference rule the store must agree with, written plainly in Swift.
    static func referenceMatches(_ query: String, title: String?, text: String) -> Bool {
        func fold(_ s: String) -> String { s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        func words(_ s: String) -> [String] {
            fold(s).split { !($0.isLetter || $0.isNumber) }.map(String.init)
        }
        let queryWords = words(query)
        guard !queryWords.isEmpty else { return false }
        let documentWords = words((title ?? "") + " " + text)
        return queryWords.allSatisfy { word in documentWords.contains { $0.hasPrefix(word) } }
    }

    static let queries = [
        "kitchen", "KIT", "itchen", "kitchen tap", "kitchen garden", "cafe", "CAFÉ", "creme", "brulee", "crème brûlée",
        "café au", "AND", "and", "NEAR(", "NEAR(tom jerry)", "NEAR(tom, 2)", "\"", "\"kitchen", "kitchen\"", "*",
        "kit*",
        "-", "-kitchen", "kitchen -tap", "tom AND jerry", "tom OR nobody", "NOT here", "title:kitchen", "text:cafe",
        "^kitchen", "(kitchen)", "{title text}: cafe", "kitchen +tap", "andrew's", "note-book", "book", "ελλην",
        "русский", "42", "4", "7 days", "", "   ", "🙂", "\u{0}", "'; DROP TABLE annotations; --",
    ]

    @Test(arguments: StoreBackend.allCases)
    func everyQuery_matchesExactlyWhatTheReferenceRuleSays_andNoneIsSyntax(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var ids: [AnnotationID] = []
            var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
            for (index, document) in Self.documents.enumerated() {
                let note = Samples.note(
                    document.text, title: document.title, owner: ana.id, layer: layer.id,
                    createdAt: Samples.at(Double(index)))
                ids.append(note.id)
                changes.append(.saveAnnotation(note))
            }
            try await store.commit(changes)
            for query in Self.queries {
                let expected = Set(
                    Self.documents.indices.filter {
                        Self.referenceMatches(query, title: Self.documents[$0].title, text: Self.documents[$0].text)
                    }.map { ids[$0] })
                let found = try await store.annotations(matching: AnnotationQuery(viewer: ana.id, text: query))
                #expect(Set(found.map(\.id)) == expected, "query \(query.debugDescription)")
            }
            #expect(try await store.rowCount("annotations") == Self.documents.count, "nothing was dropped")
        }
    }

    @Test func referenceRule_isTheOneDocumented() {
        #expect(Self.referenceMatches("kit", title: nil, text: "kitchen"))
        #expect(!Self.referenceMatches("itchen", title: nil, text: "kitchen"))
        #expect(Self.referenceMatches("cafe", title: nil, text: "Café"))
        #expect(!Self.referenceMatches("kitchen garden", title: nil, text: "kitchen"))
    }

    @Test(arguments: StoreBackend.allCases)
    func commentText_isSearchable_whileTheCommentExists(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var note = Samples.note("plain note", owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            func find(_ text: String) async throws -> [AnnotationID] {
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, text: text)).map(\.id)
            }
            #expect(try await find("zebra").isEmpty)

            var comment = Comment(
                text: "Saw a zebra crossing", authorID: ana.id, annotationID: note.id, createdAt: Samples.at(1))
            let other = Comment(text: "giraffe too", authorID: ana.id, annotationID: note.id, createdAt: Samples.at(2))
            try await store.commit(ChangeSet(changes: [.saveComment(comment), .saveComment(other)]))
            #expect(try await find("zebra") == [note.id])
            #expect(try await find("zebra giraffe plain") == [note.id], "words may come from title, text and comments")

            note.title = "Renamed"
            note.updatedAt = Samples.at(3)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
            #expect(try await find("zebra") == [note.id], "saving the annotation keeps its comments indexed")
            #expect(try await find("renamed") == [note.id])

            comment.isDeleted = true
            try await store.commit(ChangeSet(changes: [.saveComment(comment)]))
            #expect(try await find("zebra").isEmpty, "a deleted comment is no longer searchable")
            #expect(try await find("giraffe") == [note.id])

            try await store.commit(ChangeSet(changes: [.purgeComment(other.id)]))
            #expect(try await find("giraffe").isEmpty)
            #expect(try await find("plain") == [note.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func deletedAnnotations_leaveTheIndex_andRestoredOnesReturn(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var note = Samples.note("ephemeral", owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            note.isDeleted = true
            try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
            #expect(try await store.annotations(matching: AnnotationQuery(viewer: ana.id, text: "ephemeral")).isEmpty)
            #expect(
                try await store.annotations(
                    matching: AnnotationQuery(
                        viewer: ana.id, text: "ephemeral", includeDeleted: true)
                ).isEmpty, "text queries never list deleted rows")
            #expect(
                try await store.annotations(
                    matching: AnnotationQuery(
                        viewer: ana.id, near: .init(center: .zero, radius: 1), includeDeleted: true)
                ).isEmpty,
                "near queries never list deleted rows")
            #expect(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, includeDeleted: true)).map(\.id)
                    == [note.id])
            note.isDeleted = false
            try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
            #expect(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, text: "ephemeral")).map(\.id) == [
                    note.id
                ])
        }
    }
}

/// The spatial index through `AnnotationQuery.near` (R*Tree on SQLite, cube on PostgreSQL): a sphere, boundary included.
@Suite struct SpatialQueryTests {
    static let center = SIMD3<Float>(1, 2, 3)
    static let radius: Float = 5

    /// Points and whether they lie in the sphere of radius 5 around (1, 2, 3).
    static let points: [(SIMD3<Float>, Bool)] = [
        (SIMD3(1, 2, 3), true),
        (SIMD3(6, 2, 3), true),
        (SIMD3(-4, 2, 3), true),
        (SIMD3(1, -3, 3), true),
        (SIMD3(1, 2, 8), true),
        (SIMD3(1, 2, -2), true),
        (SIMD3(4, 6, 3), true),
        (SIMD3(-2, 2, -1), true),
        (SIMD3(Float(6).nextUp, 2, 3), false),
        (SIMD3(1, 2, Float(8).nextUp), false),
        (SIMD3(1, Float(-3).nextDown, 3), false),
        (SIMD3(5, 6, 3), false),
        (SIMD3(4, 6, 3.001), false),
        (SIMD3(-1000, -1000, -1000), false),
    ]

    @Test(arguments: StoreBackend.allCases)
    func pointsOnTheRadius_areIncluded_andJustOutside_excluded(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
            var expected: Set<AnnotationID> = []
            for (index, (point, inside)) in Self.points.enumerated() {
                let note = Samples.note(
                    "p\(index)", owner: ana.id, layer: layer.id, at: point, createdAt: Samples.at(Double(index)))
                if inside { expected.insert(note.id) }
                changes.append(.saveAnnotation(note))
            }
            try await store.commit(changes)
            let found = try await store.annotations(
                matching: AnnotationQuery(
                    viewer: ana.id, near: .init(center: Self.center, radius: Self.radius)))
            #expect(Set(found.map(\.id)) == expected)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func movingAnAnnotation_movesItInTheIndex(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var note = Samples.note("mobile", owner: ana.id, layer: layer.id, at: SIMD3(0, 0, 0))
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            note.position = SIMD3(50, 50, 50)
            try await store.commit(ChangeSet(changes: [.saveAnnotation(note)]))
            let nearOrigin = try await store.annotations(
                matching: AnnotationQuery(viewer: ana.id, near: .init(center: .zero, radius: 1)))
            let nearNew = try await store.annotations(
                matching: AnnotationQuery(viewer: ana.id, near: .init(center: SIMD3(50, 50, 50), radius: 0.5)))
            #expect(nearOrigin.isEmpty)
            #expect(nearNew.map(\.id) == [note.id])
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func zeroRadius_findsOnlyTheExactPoint(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let here = Samples.note("here", owner: ana.id, layer: layer.id, at: SIMD3(0.25, -0.5, 7))
            let there = Samples.note("there", owner: ana.id, layer: layer.id, at: SIMD3(0.25, -0.5, Float(7).nextUp))
            try await store.commit(
                ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(here), .saveAnnotation(there)]))
            let found = try await store.annotations(
                matching: AnnotationQuery(
                    viewer: ana.id, near: .init(center: SIMD3(0.25, -0.5, 7), radius: 0)))
            #expect(found.map(\.id) == [here.id])
        }
    }
}
