import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The plan read every write's rules make (``UserRepository/plan(of:)``): the plan as
/// ``UserRepository/user(id:)`` reads it, without its counts, and nothing for someone unknown.
@Suite struct UserPlanReadTests {
    @Test(arguments: StoreBackend.allCases)
    func thePlan_isTheUsersPlan_whateverTheyOwn(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            var ana = Samples.user("Ana", tier: .pro)
            ana.subscriptionExpiresAt = Samples.at(86_400)
            let ben = Samples.user("Ben", tier: .free)
            let layer = Samples.layer("Ana's", owner: ana.id)
            try await store.commit(
                ChangeSet(
                    changes: [.saveUser(ana), .saveUser(ben), .saveLayer(layer)]
                        + (0..<3).map { .saveAnnotation(Samples.note("n\($0)", owner: ana.id, layer: layer.id)) }))
            let anaPlan = try #require(try await store.plan(of: ana.id))
            #expect(anaPlan == UserPlan(tier: .pro, expiresAt: Samples.at(86_400)))
            #expect(anaPlan == (try await store.user(id: ana.id))?.plan)
            // In force until it ends, free after.
            #expect(anaPlan.tier(at: Samples.at(3_600)) == .pro)
            #expect(anaPlan.tier(at: Samples.at(86_400)) == .free)
            #expect(try await store.plan(of: ben.id) == UserPlan(tier: .free, expiresAt: nil))
            #expect(try await store.plan(of: UserID()) == nil)
        }
    }
}
