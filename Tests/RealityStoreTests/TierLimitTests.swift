import Foundation
import RealityCore
import Testing

@testable import RealityStore

/// The free plan's limits hold where the data is written, even when writes race (SPEC M7).
@Suite struct TierLimitTests {
    @Test(arguments: StoreKind.allCases)
    func freeTier_allows25Annotations_andTheFailedWriteChangesNothing(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let fay = try await h.user("Fay", tier: .free)
            let layer = try await fay.layer()
            for index in 0..<25 { _ = try await fay.note("n\(index)", in: layer.id) }
            let rows = try await h.store.count("annotations")
            let outbox = try await h.store.count("outbox")
            let before = try await h.store.snapshot()
            await #expect(throws: TierLimitError.annotationLimitReached(limit: 25, tier: .free)) {
                _ = try await fay.note("one too many", in: layer.id)
            }
            #expect(try await h.store.count("annotations") == rows && rows == 25)
            #expect(try await h.store.count("outbox") == outbox)
            #expect(try await h.store.snapshot() == before)

            // Deleted annotations do not count.
            let first = try #require(try await fay.search.getRecent(limit: 1).first)
            try await fay.annotations.deleteAnnotation(id: first.id)
            _ = try await fay.note("fits again", in: layer.id)
            #expect(try await fay.users.getUsageStats().annotationCount == 25)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func freeTier_allowsOneLayer_andTheFailedWriteChangesNothing(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let fay = try await h.user("Fay", tier: .free)
            let only = try await fay.layer("Only")
            let before = try await h.store.snapshot()
            await #expect(throws: TierLimitError.layerLimitReached(limit: 1, tier: .free)) {
                _ = try await fay.layer("Second")
            }
            await #expect(throws: TierLimitError.layerLimitReached(limit: 1, tier: .free)) {
                _ = try await fay.layer("Nested", parent: only.id)
            }
            #expect(try await h.store.snapshot() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func freeTier_deletingItsOnlyLayer_stillMovesAnnotationsToADefaultLayer(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let fay = try await h.user("Fay", tier: .free)
            let only = try await fay.layer("Only")
            let note = try await fay.note("keep me", in: only.id)
            try await fay.layers.deleteLayer(id: only.id)
            let home = LayerID.defaultLayer(of: fay.userID)
            #expect(try await fay.annotations.fetchAnnotation(id: note.id)?.layerID == home)
            // The default layer it moved into does not count against the plan (docs/seed-fixes.md).
            #expect(try await fay.users.getUsageStats().layerCount == 0)
            #expect(try await fay.layers.fetchLayers().map(\.id) == [home])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentCreatesAtTheLimit_neverExceedIt(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let fay = try await h.user("Fay", tier: .free)
            let layer = try await fay.layer()
            for index in 0..<20 { _ = try await fay.note("n\(index)", in: layer.id) }
            let outboxBefore = try await h.store.count("outbox")
            // Each task has its own container over the same store, as separate requests would.
            var racers: [UserServices] = []
            for _ in 0..<10 { racers.append(try await h.services(for: fay.userID)) }
            let outcomes = await withTaskGroup(of: (any Error)?.self) { group in
                for (index, racer) in racers.enumerated() {
                    group.addTask { await thrownError { _ = try await racer.note("race \(index)", in: layer.id) } }
                }
                var outcomes: [(any Error)?] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            let refused = outcomes.compactMap { $0 }
            #expect(outcomes.count == 10)
            #expect(refused.count == 5, "\(refused)")
            #expect(refused.allSatisfy { $0 as? TierLimitError == .annotationLimitReached(limit: 25, tier: .free) })
            #expect(
                try await h.store.count("annotations", where: "ownerID = ? AND isDeleted = 0", [fay.userID.uuidString])
                    == 25)
            #expect(try await h.store.count("outbox") == outboxBefore + 5, "refused writes queue nothing")
            #expect(try await h.store.count("activities", where: "kind = 'annotationCreated'") == 25)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func paidTiers_haveNoCountLimits(kind: StoreKind) async throws {
        try await withHarness(kind) { h in
            let pat = try await h.user("Pat", tier: .plus)
            for index in 0..<3 { _ = try await pat.layer("L\(index)") }
            let layer = try #require(try await pat.layers.fetchLayers().first)
            for index in 0..<26 { _ = try await pat.note("n\(index)", in: layer.id) }
            #expect(try await pat.users.getUsageStats().annotationCount == 26)
        }
    }
}
