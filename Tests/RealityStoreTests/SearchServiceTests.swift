import Foundation
import RealityCore
import Testing

@testable import RealityStore

@Suite struct SearchServiceTests {
    /// Ana's notes in two layers, one shared with Ben, plus one of Ben's own; the clock moves a
    /// minute between notes.
    struct World {
        let ana: UserServices, ben: UserServices, cy: UserServices
        let home: Layer, work: Layer
        let tap: Annotation, photo: Annotation, report: Annotation, bens: Annotation
    }

    static func world(_ h: Harness) async throws -> World {
        let ana = try await h.user("Ana")
        let ben = try await h.user("Ben")
        let cy = try await h.user("Cy")
        let home = try await ana.layer("Home")
        let work = try await ana.layer("Work")
        _ = try await ana.permissions.grantPermission(
            to: ben.userID, level: .commenter, forLayer: home.id, expiresAt: nil)
        let bensLayer = try await ben.layer("Ben's")
        h.clock.advance(by: 60)
        let tap = try await ana.note("The kitchen tap drips", in: home.id, title: "Tap")
        h.clock.advance(by: 60)
        let photo = try await ana.note("Kitchen window photo", in: home.id, type: .photo)
        h.clock.advance(by: 60)
        let report = try await ana.note("Quarterly report draft", in: work.id)
        h.clock.advance(by: 60)
        let bens = try await ben.note("Ben's kitchen idea", in: bensLayer.id)
        return World(
            ana: ana, ben: ben, cy: cy, home: home, work: work, tap: tap, photo: photo, report: report, bens: bens)
    }

    @Test(arguments: StoreKind.allCases)
    func textSearch_findsWordPrefixes_inTitleTextAndComments_thatTheUserMaySee(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let w = try await Self.world(h)
            #expect(Set(try await w.ana.search.search(query: "kitch").map(\.id)) == [w.tap.id, w.photo.id])
            #expect(
                Set(try await w.ben.search.search(query: "kitchen").map(\.id)) == [w.tap.id, w.photo.id, w.bens.id])
            #expect(try await w.cy.search.search(query: "kitchen").isEmpty)
            #expect(try await w.ana.search.search(query: "tap kitchen").map(\.id) == [w.tap.id])
            #expect(try await w.ana.search.search(query: "TAP").first?.id == w.tap.id, "the title match ranks first")
            _ = try await w.ben.collaboration.addComment(to: w.photo.id, text: "Needs a new hinge")
            #expect(try await w.ana.search.search(query: "hinge").map(\.id) == [w.photo.id])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func filteredSearch_combinesLayersTypesDatesAndCreator(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let w = try await Self.world(h)
            func ids(
                _ query: String? = nil, layers: [LayerID]? = nil, types: [AnnotationType]? = nil,
                dates: DateInterval? = nil, creator: UserID? = nil, as user: UserServices? = nil
            ) async throws -> Set<AnnotationID> {
                Set(
                    try await (user ?? w.ben).search.search(
                        query: query, layerIDs: layers, types: types, dateRange: dates, creatorID: creator
                    ).map(\.id))
            }
            #expect(try await ids(as: w.ana) == [w.tap.id, w.photo.id, w.report.id])
            #expect(try await ids(layers: [w.home.id]) == [w.tap.id, w.photo.id])
            #expect(try await ids(layers: [w.work.id]).isEmpty, "Ben may not see Work")
            #expect(try await ids(types: [.photo]) == [w.photo.id])
            #expect(try await ids(creator: w.ben.userID) == [w.bens.id])
            #expect(try await ids("kitchen", creator: w.ana.userID) == [w.tap.id, w.photo.id])
            #expect(try await ids("kitchen", types: [.text]) == [w.tap.id, w.bens.id])
            #expect(
                try await ids(dates: DateInterval(start: w.photo.createdAt, end: w.bens.createdAt)) == [
                    w.photo.id, w.bens.id,
                ],
                "both ends included, as DateInterval.contains says")
            #expect(
                try await ids(
                    dates: DateInterval(start: w.tap.createdAt, end: w.photo.createdAt.addingTimeInterval(-0.001)))
                    == [w.tap.id])
            #expect(
                try await ids(
                    "kitchen", layers: [w.home.id], types: [.photo],
                    dates: DateInterval(start: w.tap.createdAt, duration: 3_600), creator: w.ana.userID)
                    == [w.photo.id])
            #expect(
                try await ids("   ", layers: [w.home.id]) == [w.tap.id, w.photo.id], "blank text is no text filter")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func recent_isNewestFirst_andLimited(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let w = try await Self.world(h)
            #expect(try await w.ana.search.getRecent(limit: 2).map(\.id) == [w.report.id, w.photo.id])
            #expect(try await w.ben.search.getRecent(limit: 100).map(\.id) == [w.bens.id, w.photo.id, w.tap.id])
            #expect(try await w.ben.search.getRecent(limit: 1_000_000).count == 3)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func unread_isWhatOthersMadeThatTheUserHasNotRead(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let w = try await Self.world(h)
            #expect(try await w.ana.search.getUnread().isEmpty, "nobody shared anything with Ana")
            #expect(
                Set(try await w.ben.search.getUnread().map(\.id)) == [w.tap.id, w.photo.id],
                "his own note is not unread")
            try await w.ben.search.markAsRead(w.tap.id)
            #expect(try await w.ben.search.getUnread().map(\.id) == [w.photo.id])
            try await w.ben.annotations.recordView(id: w.photo.id)
            #expect(try await w.ben.search.getUnread().isEmpty)
            try await w.ben.search.markAsRead(w.tap.id)
            #expect(try await w.ana.annotations.fetchAnnotation(id: w.tap.id)?.viewCount == 0, "reading is not viewing")
            #expect(try await w.ana.annotations.fetchAnnotation(id: w.photo.id)?.viewCount == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func starred_listsWhatTheUserStarred(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let w = try await Self.world(h)
            try await w.ben.search.setStarred(w.tap.id, starred: true)
            try await w.ben.search.setStarred(w.tap.id, starred: true)
            try await w.ben.search.setStarred(w.bens.id, starred: true)
            try await w.ana.search.setStarred(w.report.id, starred: true)
            #expect(try await w.ben.search.getStarred().map(\.id) == [w.bens.id, w.tap.id])
            #expect(try await w.ana.search.getStarred().map(\.id) == [w.report.id])
            try await w.ben.search.setStarred(w.tap.id, starred: false)
            #expect(try await w.ben.search.getStarred().map(\.id) == [w.bens.id])
            #expect(try await h.store.count("stars") == 2)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func starredAnnotations_thatBecomeInvisible_areNotListed(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let w = try await Self.world(h)
            try await w.ben.search.setStarred(w.tap.id, starred: true)
            try await w.ana.permissions.revokePermission(from: w.ben.userID, forLayer: w.home.id)
            #expect(try await w.ben.search.getStarred().isEmpty)
        }
    }
}
