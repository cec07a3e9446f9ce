import Foundation
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// A paid plan that lapses as time passes reaches devices through the feed like any other access
/// change (docs/seed-fixes.md, "When a paid plan lapses"): grantees get the layer again with their
/// level as the server applies it, the owner gets their record, and a renewal undoes both.
@Suite("Plan lapse in the feed")
struct PlanLapseFeedTests {
    @Test(
        "a lapsed plan sends grantees the layer again as viewers, the owner their record, and a renewal restores the levels",
        arguments: Backend.allCases)
    func lapsedPlan_reachesGranteesAndOwnerThroughTheFeed(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let alice = try await api.register("Alice")
            let bob = try await api.register("Bob")
            let carol = try await api.register("Carol")
            try await api.setTier(.plus, for: alice.id)
            let layer = try await api.createLayer(alice)
            let note = try await api.createNote(alice, in: layer.id)
            try await api.share(layer.id, by: alice, with: bob, as: .editor)
            try await api.share(layer.id, by: alice, with: carol, as: .viewer)
            let bobBefore = try await api.pullAll(bob, .shared)
            #expect(Self.grants(in: bobBefore.changes, layer: layer.id) == [bob.id: .editor, carol.id: .viewer])
            let aliceBefore = try await api.pullAll(alice, .private)
            // The plan ends soon; setting the end is a change of Alice's record.
            let endSet = try await Deadline.observeBefore(
                setUp: { end in
                    let plan = try await api.send(
                        .put, "/api/v1/admin/users/\(alice.id)/tier", token: TestServer.adminToken,
                        json: TierRequest(tier: .plus, expiresAt: end))
                    #expect(plan.status == .ok)
                    #expect(try plan.decode(User.self).subscriptionExpiresAt == end)
                },
                look: { try #require(try await api.store.changeTag(of: .user, id: alice.id.uuidString)) }
            ).seen

            // No commit marked the lapse: the pull finds it and publishes it, once.
            let bobLapsed = try await api.pullAll(bob, .shared, since: bobBefore.token)
            #expect(bobLapsed.changes.saved(.layer) == [layer.id.uuidString])
            #expect(Self.grants(in: bobLapsed.changes, layer: layer.id) == [bob.id: .viewer])
            #expect(try await api.pullAll(bob, .shared, since: bobLapsed.token).changes.isEmpty)
            let edit = try await api.send(
                .patch, "/api/v1/annotations/\(note.id)", token: bob.token, raw: #"{"title":"After"}"#)
            #expect(edit.status == .forbidden)
            #expect(edit.errorCode == "owner_plan_does_not_share")
            let aliceLapsed = try await api.pullAll(alice, .private, since: aliceBefore.token)
            let change = aliceLapsed.changes.first { $0.recordType == .user }
            guard case .user(let user)? = change?.record, let tag = change.flatMap({ Int64($0.changeTag) }) else {
                Issue.record("the owner's record did not come down: \(aliceLapsed.changes)")
                return
            }
            #expect(user.tier(at: Timestamp.now()) == .free)
            #expect(tag > Int64(endSet) ?? .max, "sent again at the lapse, after the end was set")
            // The owner still sees every grant as given: renewing restores them.
            let own = try await api.send(.get, "/api/v1/layers/\(layer.id)", token: alice.token).decode(Layer.self)
            #expect(Set(own.permissions.map(\.level)) == [.editor, .viewer])

            try await api.setTier(.plus, for: alice.id)
            let bobRenewed = try await api.pullAll(bob, .shared, since: bobLapsed.token)
            #expect(Self.grants(in: bobRenewed.changes, layer: layer.id) == [bob.id: .editor, carol.id: .viewer])
            #expect(
                try await api.send(
                    .patch, "/api/v1/annotations/\(note.id)", token: bob.token, raw: #"{"title":"Renewed"}"#
                ).status == .ok)
        }
    }

    /// The grants of `layer` as its last record in `changes` shows them, by user.
    static func grants(in changes: [SyncChange], layer: LayerID) -> [UserID: PermissionLevel] {
        guard case .layer(let record)? = changes.last(where: { $0.recordID == layer.uuidString })?.record else {
            return [:]
        }
        return Dictionary(uniqueKeysWithValues: record.permissions.map { ($0.userID, $0.level) })
    }
}
