import Foundation
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres

/// `commit(_:)`: all or nothing, preconditions first, tier limits that hold under concurrency,
/// and events for observers.
@Suite struct CommitTests {
    /// A store with Ana (free tier), her layer and `count` of her notes.
    static func seed(_ store: some DataStore, notes count: Int) async throws -> (User, Layer) {
        let ana = Samples.user("Ana", tier: .free)
        let layer = Samples.layer(owner: ana.id)
        var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
        for index in 0..<count {
            changes.append(
                .saveAnnotation(
                    Samples.note(
                        "n\(index)", owner: ana.id, layer: layer.id, createdAt: Samples.at(Double(index)))))
        }
        try await store.commit(changes)
        return (ana, layer)
    }

    /// Failing preconditions of every kind, each in a set whose changes touch every table.
    enum FailingPrecondition: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case annotationCount, layerCount, annotationChanged, layerChanged, annotationMissing

        var testDescription: String { rawValue }
    }

    @Test(arguments: StoreBackend.allCases, FailingPrecondition.allCases)
    func aFailedPrecondition_writesNothing(backend: StoreBackend, failing: FailingPrecondition) async throws {
        try await withStore(backend) { store in
            let (ana, layer) = try await Self.seed(store, notes: 25)
            let ben = Samples.user("Ben")
            let existing = try #require(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: 1)).first)
            let before = try await store.snapshot()

            var edited = existing
            edited.title = "edited"
            edited.updatedAt = Samples.at(5_000)
            let note = Samples.fullAnnotation(owner: ana.id, layer: layer.id)
            let comment = Comment(text: "hello", authorID: ben.id, annotationID: existing.id, createdAt: Samples.at(9))
            var changes = ChangeSet(changes: [
                .saveUser(ben), .saveAnnotation(note), .saveAnnotation(edited),
                .saveLayer(Samples.layer("Second", owner: ana.id)), .saveComment(comment),
                .grant(Samples.grant(.viewer, to: ben.id, by: ana.id), on: .layer(layer.id)),
                .addReaction(Reaction(emoji: "👍", userID: ben.id), annotationID: existing.id),
                .recordView(annotationID: existing.id, userID: ben.id, at: Samples.at(10)),
                .setStarred(annotationID: existing.id, userID: ben.id, starred: true, at: Samples.at(10)),
                .addNotification(AppNotification(recipientID: ana.id, type: .comment, title: "t", body: "b")),
                .addActivity(Activity(kind: .commented, actorID: ben.id, summary: "s")),
                .saveWorldMap(WorldMap(worldMapAssetID: Samples.assetID, ownerID: ana.id)),
                .purgeLayer(layer.id),
            ])
            let expected: any Error
            switch failing {
            case .annotationCount:
                changes.require(.annotationCountBelow(owner: ana.id, limit: 25, tier: .free))
                expected = TierLimitError.annotationLimitReached(limit: 25, tier: .free)
            case .layerCount:
                changes.require(.layerCountBelow(owner: ana.id, limit: 1, tier: .free))
                expected = TierLimitError.layerLimitReached(limit: 1, tier: .free)
            case .annotationChanged:
                changes.require(.annotationUnchanged(existing.id, updatedAt: Samples.at(1)))
                expected = StoreError.conflict(recordType: .annotation, id: existing.id.uuidString)
            case .layerChanged:
                changes.require(.layerUnchanged(layer.id, updatedAt: Samples.at(1)))
                expected = StoreError.conflict(recordType: .layer, id: layer.id.uuidString)
            case .annotationMissing:
                let missing = AnnotationID()
                changes.require(.annotationUnchanged(missing, updatedAt: Samples.start))
                expected = StoreError.conflict(recordType: .annotation, id: missing.uuidString)
            }
            // A passing precondition first: only the failing one may stop the set.
            changes.preconditions.insert(.annotationUnchanged(existing.id, updatedAt: existing.updatedAt), at: 0)
            let error = await thrownError { try await store.commit(changes) }
            #expect(error.map { String(describing: $0) } == String(describing: expected))
            #expect(try await store.snapshot() == before)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func preconditionsThatHold_letTheSetThrough(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let (ana, layer) = try await Self.seed(store, notes: 24)
            let existing = try #require(
                try await store.annotations(matching: AnnotationQuery(viewer: ana.id, limit: 1)).first)
            let note = Samples.note("25th", owner: ana.id, layer: layer.id)
            try await store.commit(
                ChangeSet(
                    preconditions: [
                        .annotationCountBelow(owner: ana.id, limit: 25, tier: .free),
                        .annotationUnchanged(existing.id, updatedAt: existing.updatedAt),
                        .layerUnchanged(layer.id, updatedAt: layer.updatedAt),
                    ],
                    changes: [.saveAnnotation(note)]))
            #expect(try await store.annotationCount(ownedBy: ana.id) == 25)
        }
    }

    /// Ten creates race at 20 of 25: exactly five win, on one database from ten connections.
    @Test(arguments: StoreBackend.allCases)
    func concurrentCreatesAtTheTierLimit_neverExceedIt(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 12) { store in
            let (ana, layer) = try await Self.seed(store, notes: 20)
            let outcomes = await withTaskGroup(of: (any Error)?.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        await thrownError {
                            try await store.commit(
                                ChangeSet(
                                    preconditions: [.annotationCountBelow(owner: ana.id, limit: 25, tier: .free)],
                                    changes: [
                                        .saveAnnotation(Samples.note("race \(index)", owner: ana.id, layer: layer.id))
                                    ]))
                        }
                    }
                }
                var outcomes: [(any Error)?] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            #expect(outcomes.filter { $0 == nil }.count == 5)
            #expect(
                outcomes.compactMap { $0 as? TierLimitError }
                    == Array(
                        repeating: TierLimitError.annotationLimitReached(limit: 25, tier: .free), count: 5))
            #expect(try await store.annotationCount(ownedBy: ana.id) == 25)
        }
    }

    /// The same race through the annotation service, as the server runs it.
    @Test(arguments: StoreBackend.allCases)
    func concurrentCreatesThroughTheService_stopAtTheFreeLimit(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 12) { store in
            try await Self.raceThroughService(store)
        }
    }

    private static func raceThroughService<Store: DataStore>(_ store: Store) async throws {
        let (ana, layer) = try await seed(store, notes: 20)
        let container = LazyServiceContainer<Store>(openStore: { store }, currentUser: { _ in ana.id })
        let service = try await container.annotationService()
        let created = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<10 {
                group.addTask {
                    (try? await service.createAnnotation(
                        AnnotationDraft(
                            type: .text, content: AnnotationContent(text: "race \(index)"), position: .zero,
                            layerID: layer.id))) != nil
                }
            }
            var created = 0
            for await success in group where success { created += 1 }
            return created
        }
        #expect(created == 5)
        #expect(try await store.annotationCount(ownedBy: ana.id) == 25)
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentLayerCreates_neverExceedTheLayerLimit(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 12) { store in
            let ana = Samples.user("Ana", tier: .free)
            try await store.commit(ChangeSet(changes: [.saveUser(ana)]))
            let wins = await withTaskGroup(of: Bool.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        await thrownError {
                            try await store.commit(
                                ChangeSet(
                                    preconditions: [.layerCountBelow(owner: ana.id, limit: 1, tier: .free)],
                                    changes: [.saveLayer(Samples.layer("L\(index)", owner: ana.id))]))
                        } == nil
                    }
                }
                var wins = 0
                for await won in group where won { wins += 1 }
                return wins
            }
            #expect(wins == 1)
            #expect(try await store.layerCount(ownedBy: ana.id) == 1)
        }
    }

    /// Concurrent edits that both read the same `updatedAt`: one wins, the other gets a conflict.
    @Test(arguments: StoreBackend.allCases)
    func concurrentEditsOfOneVersion_oneWins(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 12) { store in
            let (ana, _) = try await Self.seed(store, notes: 1)
            let original = try #require(try await store.annotations(matching: AnnotationQuery(viewer: ana.id)).first)
            let outcomes = await withTaskGroup(of: (any Error)?.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        var edit = original
                        edit.title = "edit \(index)"
                        edit.updatedAt = Samples.at(10_000 + Double(index))
                        return await thrownError {
                            try await store.commit(
                                ChangeSet(
                                    preconditions: [.annotationUnchanged(original.id, updatedAt: original.updatedAt)],
                                    changes: [.saveAnnotation(edit)]))
                        }
                    }
                }
                var outcomes: [(any Error)?] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            #expect(outcomes.filter { $0 == nil }.count == 1)
            #expect(outcomes.compactMap { $0 as? StoreError }.count == 5)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func commits_yieldTheAffectedLayersAndAnnotations_toEveryStream(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let first = store.commits()
            let second = store.commits()
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let note = Samples.note(owner: ana.id, layer: layer.id)
            let changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)])
            try await store.commit(changes)
            // Neither an empty set nor a refused one is an event.
            try await store.commit(ChangeSet())
            _ = await thrownError {
                try await store.commit(
                    ChangeSet(
                        preconditions: [.layerCountBelow(owner: ana.id, limit: 1, tier: .free)],
                        changes: [.saveLayer(Samples.layer(owner: ana.id))]))
            }
            try await store.commit(
                ChangeSet(changes: [
                    .addReaction(Reaction(emoji: "👍", userID: ana.id), annotationID: note.id)
                ]))
            let expected = [
                CommitEvent(layers: [layer.id], annotations: [note.id]),
                CommitEvent(layers: [], annotations: [note.id]),
            ]
            for stream in [first, second] {
                var iterator = stream.makeAsyncIterator()
                var events: [CommitEvent] = []
                for _ in expected { if let event = await iterator.next() { events.append(event) } }
                #expect(events == expected)
            }
        }
    }
}
