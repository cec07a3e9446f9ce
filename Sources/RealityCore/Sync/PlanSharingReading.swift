import Foundation

/// What the server reads to tell devices, through the feed, that a plan stopped or started
/// sharing (docs/seed-fixes.md, "When a paid plan lapses"): a plan lapses as time passes, with no
/// commit, so the server compares, when a user pulls, the plan in force of the users whose
/// sharing matters to them with what the feed last showed (``Change/publishPlanSharing``).
public protocol PlanSharingReading: Sendable {
    /// `viewer` and the owners of the layers holding what is shared with `viewer` (a grant in
    /// force at `now` on a layer or an annotation), each with what the feed last showed of their
    /// plan: true for one that shares, nil when it never showed a change (then their tier,
    /// ignoring its end date, is what devices were shown).
    func planSharingShown(relevantTo viewer: UserID, at now: Date) async throws -> [UserID: Bool?]
    /// What `owner` shared: their layers that have grants, and the annotations with grants in
    /// their layers.
    func sharedTargets(ownedBy owner: UserID) async throws -> [GrantTarget]
}
