import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// A small world for query tests: Ana owns two layers, Ben adds to them, and the notes differ in
/// every field a query can filter on.
struct QueryWorld {
    let ana: User
    let ben: User
    let kitchenLayer: Layer
    let gardenLayer: Layer
    /// Notes by name: tap, window, plan, cupboard, deleted, expiring.
    let notes: [String: Annotation]

    func ids(_ names: String...) -> Set<AnnotationID> { Set(names.map { notes[$0]!.id }) }
    func id(_ name: String) -> AnnotationID { notes[name]!.id }

    static func build(in store: some DataStore) async throws -> QueryWorld {
        let ana = Samples.user("Ana")
        let ben = Samples.user("Ben")
        let kitchen = Samples.layer("Kitchen", owner: ana.id)
        let garden = Samples.layer("Garden", owner: ana.id)
        func note(
            _ text: String, title: String? = nil, by owner: User, in layer: Layer, at position: SIMD3<Float>,
            type: AnnotationType, status: AnnotationStatus, second: Double, deleted: Bool = false,
            rules: VisibilityRules? = nil
        ) -> Annotation {
            var note = Samples.note(
                text, title: title, owner: owner.id, layer: layer.id, at: position, type: type, status: status,
                createdAt: Samples.at(second), isDeleted: deleted, rules: rules)
            note.updatedAt = Samples.at(1_000 - second)
            return note
        }
        let notes: [String: Annotation] = [
            "tap": note(
                "Fix the kitchen tap", title: "Kitchen", by: ana, in: kitchen, at: SIMD3(0, 0, 0),
                type: .text, status: .open, second: 1),
            "window": note(
                "Broken window in hall", by: ben, in: kitchen, at: SIMD3(10, 0, 0),
                type: .photo, status: .resolved, second: 2),
            "plan": note(
                "Garden plan", by: ana, in: garden, at: SIMD3(0, 5, 0),
                type: .drawing, status: .inProgress, second: 3),
            "cupboard": note(
                "kitchen cupboard", by: ben, in: garden, at: SIMD3(3, 4, 0),
                type: .text, status: .open, second: 4),
            "deleted": note(
                "deleted kitchen note", by: ana, in: kitchen, at: SIMD3(0, 0, 1),
                type: .text, status: .open, second: 5, deleted: true),
            "expiring": note(
                "short lived", by: ana, in: garden, at: SIMD3(100, 100, 100),
                type: .text, status: .wontFix, second: 6,
                rules: VisibilityRules(expiresAt: Samples.at(100))),
        ]
        var changes = ChangeSet(changes: [.saveUser(ana), .saveUser(ben), .saveLayer(kitchen), .saveLayer(garden)])
        for name in notes.keys.sorted() { changes.append(.saveAnnotation(notes[name]!)) }
        changes.append(.setStarred(annotationID: notes["plan"]!.id, userID: ana.id, starred: true, at: Samples.at(7)))
        changes.append(.setStarred(annotationID: notes["window"]!.id, userID: ben.id, starred: true, at: Samples.at(7)))
        changes.append(.markRead(annotationID: notes["window"]!.id, userID: ana.id, at: Samples.at(8)))
        try await store.commit(changes)
        return QueryWorld(ana: ana, ben: ben, kitchenLayer: kitchen, gardenLayer: garden, notes: notes)
    }
}

/// The filters of ``AnnotationQuery``, alone and combined, each with the notes it must return.
enum QueryFilterCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case none, layer, type, status, creator, dateRange, text, near, starredOnly, unreadOnly, includeDeleted
    case visibleAtBeforeExpiry, visibleAtAfterExpiry
    case textAndNear, layerAndType, creatorAndStatus, nearLayerAndCreator, includeDeletedAndLayer
    case typesAndDateRangeAndText, starredAndLayer, twoLayersAndTwoTypes, emptyLayerList

    var testDescription: String { rawValue }

    func apply(to query: inout AnnotationQuery, in world: QueryWorld) {
        switch self {
        case .none: break
        case .layer: query.layerIDs = [world.kitchenLayer.id]
        case .type: query.types = [.text]
        case .status: query.statuses = [.open]
        case .creator: query.creatorID = world.ben.id
        case .dateRange:
            query.createdFrom = Samples.at(2)
            query.createdBefore = Samples.at(4)
        case .text: query.text = "kitchen"
        case .near: query.near = .init(center: .zero, radius: 5)
        case .starredOnly: query.starredOnly = true
        case .unreadOnly: query.unreadOnly = true
        case .includeDeleted: query.includeDeleted = true
        case .visibleAtBeforeExpiry: query.visibleAt = Samples.at(99.999)
        case .visibleAtAfterExpiry: query.visibleAt = Samples.at(100)
        case .textAndNear:
            query.text = "kitchen"
            query.near = .init(center: .zero, radius: 1)
        case .layerAndType:
            query.layerIDs = [world.gardenLayer.id]
            query.types = [.text]
        case .creatorAndStatus:
            query.creatorID = world.ben.id
            query.statuses = [.open]
        case .nearLayerAndCreator:
            query.near = .init(center: .zero, radius: 5)
            query.layerIDs = [world.gardenLayer.id]
            query.creatorID = world.ana.id
        case .includeDeletedAndLayer:
            query.includeDeleted = true
            query.layerIDs = [world.kitchenLayer.id]
        case .typesAndDateRangeAndText:
            query.types = [.text, .photo]
            query.createdFrom = Samples.at(1)
            query.createdBefore = Samples.at(4.001)
            query.text = "kitchen"
        case .starredAndLayer:
            query.starredOnly = true
            query.layerIDs = [world.kitchenLayer.id]
        case .twoLayersAndTwoTypes:
            query.layerIDs = [world.kitchenLayer.id, world.gardenLayer.id]
            query.types = [.photo, .drawing]
        case .emptyLayerList:
            query.layerIDs = []
        }
    }

    func expected(in world: QueryWorld) -> Set<AnnotationID> {
        switch self {
        case .none: world.ids("tap", "window", "plan", "cupboard", "expiring")
        case .layer: world.ids("tap", "window")
        case .type: world.ids("tap", "cupboard", "expiring")
        case .status: world.ids("tap", "cupboard")
        case .creator: world.ids("window", "cupboard")
        case .dateRange: world.ids("window", "plan")
        case .text: world.ids("tap", "cupboard")
        case .near: world.ids("tap", "plan", "cupboard")
        case .starredOnly: world.ids("plan")
        case .unreadOnly: world.ids("cupboard")
        case .includeDeleted: world.ids("tap", "window", "plan", "cupboard", "deleted", "expiring")
        case .visibleAtBeforeExpiry: world.ids("tap", "window", "plan", "cupboard", "expiring")
        case .visibleAtAfterExpiry: world.ids("tap", "window", "plan", "cupboard")
        case .textAndNear: world.ids("tap")
        case .layerAndType: world.ids("cupboard", "expiring")
        case .creatorAndStatus: world.ids("cupboard")
        case .nearLayerAndCreator: world.ids("plan")
        case .includeDeletedAndLayer: world.ids("tap", "window", "deleted")
        case .typesAndDateRangeAndText: world.ids("tap", "cupboard")
        case .starredAndLayer: []
        case .twoLayersAndTwoTypes: world.ids("window", "plan")
        case .emptyLayerList: []
        }
    }
}

@Suite struct AnnotationQueryTests {
    @Test(arguments: StoreBackend.allCases, QueryFilterCase.allCases)
    func filter_returnsExactlyTheMatchingNotes(backend: StoreBackend, filter: QueryFilterCase) async throws {
        try await withStore(backend) { store in
            let world = try await QueryWorld.build(in: store)
            var query = AnnotationQuery(viewer: world.ana.id, at: Samples.at(10))
            filter.apply(to: &query, in: world)
            let found = try await store.annotations(matching: query)
            #expect(Set(found.map(\.id)) == filter.expected(in: world))
            #expect(found.count == Set(found.map(\.id)).count, "no row twice")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func newestFirst_ordersByCreation_descending(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = try await QueryWorld.build(in: store)
            let found = try await store.annotations(matching: AnnotationQuery(viewer: world.ana.id, at: Samples.at(10)))
            #expect(found.map(\.id) == ["expiring", "cupboard", "plan", "window", "tap"].map(world.id))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func recentlyUpdated_ordersByUpdate_descending(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = try await QueryWorld.build(in: store)
            let found = try await store.annotations(
                matching: AnnotationQuery(
                    viewer: world.ana.id, at: Samples.at(10), order: .recentlyUpdated))
            #expect(found.map(\.id) == ["tap", "window", "plan", "cupboard", "expiring"].map(world.id))
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func nearestFirst_ordersByDistance(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = try await QueryWorld.build(in: store)
            let center = SIMD3<Float>(9, 0, 0)
            let found = try await store.annotations(
                matching: AnnotationQuery(
                    viewer: world.ana.id, at: Samples.at(10), near: .init(center: center, radius: 20),
                    order: .nearestFirst))
            #expect(found.map(\.id) == ["window", "cupboard", "tap", "plan"].map(world.id))
            let distances = found.map { note -> Float in
                let d = note.position - center
                return (d * d).sum().squareRoot()
            }
            #expect(distances == distances.sorted())
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func relevance_putsTheBestTextMatchFirst(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let weak = Samples.note(
                "A long note about many things, the garden, the shed, the fence, and a leak somewhere",
                owner: ana.id, layer: layer.id, createdAt: Samples.at(2))
            let strong = Samples.note(
                "leak leak leak under the sink", title: "Leak", owner: ana.id, layer: layer.id, createdAt: Samples.at(1)
            )
            try await store.commit(
                ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(weak), .saveAnnotation(strong)]))
            let found = try await store.annotations(
                matching: AnnotationQuery(viewer: ana.id, text: "leak", order: .relevance))
            #expect(found.map(\.id) == [strong.id, weak.id])
            let newest = try await store.annotations(matching: AnnotationQuery(viewer: ana.id, text: "leak"))
            #expect(newest.map(\.id) == [weak.id, strong.id])
        }
    }

    @Test(arguments: StoreBackend.allCases, [1, 4, 7, 23, 100])
    func cursorPaging_visitsEveryNoteOnce_inOrder(backend: StoreBackend, pageSize: Int) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
            for index in 0..<23 {
                // Three notes share each creation instant, so the ID must break ties.
                changes.append(
                    .saveAnnotation(
                        Samples.note(
                            "note \(index)", owner: ana.id, layer: layer.id, createdAt: Samples.at(Double(index / 3)))))
            }
            try await store.commit(changes)
            let all = try await store.annotations(matching: AnnotationQuery(viewer: ana.id))
            #expect(all.count == 23)

            var pages: [[Annotation]] = []
            var query = AnnotationQuery(viewer: ana.id, limit: pageSize)
            while pages.count <= 30 {
                let page = try await store.annotations(matching: query)
                pages.append(page)
                guard page.count == pageSize, let last = page.last else { break }
                query.after = .init(createdAt: last.createdAt, id: last.id)
            }
            let visited = pages.flatMap { $0 }
            #expect(visited.map(\.id) == all.map(\.id), "no duplicates, no gaps, same order")
            #expect(pages.dropLast().allSatisfy { $0.count == pageSize })
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func limit_isClampedToTheMaximum_andZeroOrLessReturnsNothing(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
            for index in 0..<(AnnotationQuery.maxLimit + 5) {
                changes.append(
                    .saveAnnotation(
                        Samples.note(
                            "n\(index)", owner: ana.id, layer: layer.id, createdAt: Samples.at(Double(index)))))
            }
            try await store.commit(changes)
            #expect(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: 5_000)).count
                    == AnnotationQuery.maxLimit)
            #expect(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: .max)).count
                    == AnnotationQuery.maxLimit)
            #expect(try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: 7)).count == 7)
            #expect(try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: 0)).isEmpty)
            #expect(try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: -3)).isEmpty)
            #expect(try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: .min)).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aViewerWithNoAccess_getsNothing_whateverTheFilters(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let world = try await QueryWorld.build(in: store)
            let stranger = Samples.user("Cy")
            try await store.commit(ChangeSet(changes: [.saveUser(stranger)]))
            for filter in QueryFilterCase.allCases {
                var query = AnnotationQuery(viewer: stranger.id, at: Samples.at(10))
                filter.apply(to: &query, in: world)
                #expect(try await store.annotations(matching: query).isEmpty, "\(filter)")
            }
        }
    }
}
