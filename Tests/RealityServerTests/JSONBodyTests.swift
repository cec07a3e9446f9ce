import Foundation
import RealityAPI
import RealityCore
import Testing

/// Bodies the server writes with `JSONWriter` (feed pages, annotations and pages of them) must be
/// the bytes `RealityJSON.encode` gave before, so that no client sees a difference.
@Suite("JSON bodies written by hand")
struct JSONBodyTests {
    static let created = Timestamp.date(milliseconds: 1_773_480_413_589)
    static let owner = UserID()
    static let friend = UserID()

    /// A shared photo note with a grant, rules, a reaction, an attachment and a comment.
    static func annotation(layerID: LayerID) -> Annotation {
        let id = AnnotationID()
        return Annotation(
            id: id, type: .photo, content: AnnotationContent(text: "Mind \"the\" step\n", cloudAssetID: "ab12"),
            title: "Step / stair", position: SIMD3(1.5, -0.1, 3e-7),
            orientation: Quaternion(x: 0, y: 0.6, z: 0, w: 0.8),
            layerID: layerID, ownerID: owner,
            permissions: [Permission(userID: friend, level: .commenter, grantedBy: owner, grantedAt: created)],
            visibilityRules: VisibilityRules(
                timeRules: [TimeRule(type: .recurring, recurrence: RecurrenceRule(frequency: .daily))],
                locationRules: [LocationRule(type: .proximity, radiusMeters: 7.25)], expiresAfterViews: 9),
            createdAt: created, reactions: [Reaction(emoji: "🎉", userID: friend, createdAt: created)],
            viewedBy: [friend], viewCount: 1,
            attachments: [Attachment(fileName: "step.jpg", fileType: "image/jpeg", fileSize: 12_345)])
    }

    @Test("a feed page with every kind of record is written as JSONEncoder writes it")
    func feedPage() throws {
        let layer = Layer(name: "Home", ownerID: Self.owner, createdAt: Self.created)
        let note = Self.annotation(layerID: layer.id)
        let records: [SyncRecord] = [
            .annotation(note), .layer(layer),
            .comment(Comment(text: "Done?", authorID: Self.friend, annotationID: note.id, createdAt: Self.created)),
            .user(User(id: Self.owner, createdAt: Self.created)),
            .star(StarRecord(annotationID: note.id, createdAt: Self.created)),
            .notification(
                AppNotification(
                    recipientID: Self.owner, type: .mention, title: "Bo", body: "@Ana", createdAt: Self.created)),
            .worldMap(WorldMap(worldMapAssetID: "cd34", ownerID: Self.owner, createdAt: Self.created)),
        ]
        var changes = records.enumerated().map { SyncChange(record: $1, changeTag: "\(800 + $0)") }
        changes.insert(SyncChange(deletionOf: .annotation, recordID: AnnotationID().uuidString), at: 2)
        for page in [
            SyncChangesPage(changes: changes, token: "v1.abc_def-ghi", moreComing: true),
            SyncChangesPage(changes: [], token: "v1.empty", moreComing: false),
        ] {
            let ours = String(decoding: try JSONWriter.bytes(of: page), as: UTF8.self)
            #expect(ours == String(decoding: try RealityJSON.encode(page), as: UTF8.self))
            #expect(try RealityJSON.decode(SyncChangesPage.self, from: Data(ours.utf8)) == page)
        }
    }

    @Test("pages of annotations, comments and grants are written as JSONEncoder writes them")
    func listPages() throws {
        let note = Self.annotation(layerID: LayerID())
        let annotations = Page(items: [note, Self.annotation(layerID: LayerID())], nextCursor: "next/\"page\"")
        #expect(Data(try JSONWriter.bytes(of: annotations)) == (try RealityJSON.encode(annotations)))
        let last = Page<Annotation>(items: [])
        #expect(Data(try JSONWriter.bytes(of: last)) == (try RealityJSON.encode(last)))
        let comments = Page(items: [Comment(text: "Hi", authorID: Self.friend, annotationID: note.id)])
        #expect(Data(try JSONWriter.bytes(of: comments)) == (try RealityJSON.encode(comments)))
        let grants = Page(items: note.permissions)
        #expect(Data(try JSONWriter.bytes(of: grants)) == (try RealityJSON.encode(grants)))
    }

    @Test("the feed and the annotation routes send what JSONEncoder would", arguments: Backend.allCases)
    func routes(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id, text: "Slash / quote \" tab \t end")
            #expect(try await api.comment(ann, on: note.id, "First").status == .created)

            let feed = try await api.pullResult(ann, .private)
            #expect(feed.status == .ok)
            let page = try feed.decode(SyncChangesPage.self)
            #expect(page.changes.saved(.annotation) == [note.id.uuidString])
            #expect(feed.body == (try RealityJSON.encode(page)))

            let shown = try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ann.token)
            #expect(shown.status == .ok)
            #expect(shown.body == (try RealityJSON.encode(try shown.decode(Annotation.self))))

            let listed = try await api.send(.get, "/api/v1/annotations?limit=10", token: ann.token)
            #expect(listed.status == .ok)
            let items = try listed.decode(Page<Annotation>.self)
            #expect(items.items.map(\.id) == [note.id])
            #expect(listed.body == (try RealityJSON.encode(items)))
        }
    }
}
