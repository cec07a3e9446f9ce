import Foundation

/// What the server reads to tell devices, through the feed, that a plan stopped or started
/// sharing (docs/seed-fixes.md, "When a paid plan lapses"): a plan lapses as time passes, with no
/// commit, so the server compares, when a user pulls, the plan in force of the users whose
/// sharing matters to them with what the feed last showed (``Change/publishPlanSharing``).
public protocol PlanSharingReading: Sendable {
    /// The plans of `viewer` and of the owners of the layers holding what is shared with `viewer`
    /// (a grant in force at `now` on a layer or an annotation).
    func planSharing(relevantTo viewer: UserID, at now: Date) async throws -> [PlanSharingState]
    /// What `owner` shared: their layers that have grants, and the annotations with grants in
    /// their layers.
    func sharedTargets(ownedBy owner: UserID) async throws -> [GrantTarget]
}

/// A user's plan, and whether the feed last showed it as one that shares.
public struct PlanSharingState: Hashable, Sendable {
    /// The user.
    public var userID: UserID
    /// Their plan.
    public var tier: SubscriptionTier
    /// When it ends, if it does.
    public var expiresAt: Date?
    /// What the feed last showed: true for a plan that shares; nil when it never showed a change.
    public var shown: Bool?

    /// A state with the given parts.
    public init(userID: UserID, tier: SubscriptionTier, expiresAt: Date?, shown: Bool?) {
        self.userID = userID
        self.tier = tier
        self.expiresAt = expiresAt
        self.shown = shown
    }

    /// Whether the plan in force at `now` shares.
    public func sharing(at now: Date) -> Bool {
        tier.inForce(until: expiresAt, at: now).limits.canShare
    }

    /// Whether devices were last shown a plan that shares: what the feed showed, else (never a
    /// change) what the tier alone, ignoring its end, says.
    public var sharingShown: Bool { shown ?? tier.limits.canShare }

    /// Whether the plan's sharing at `now` differs from what devices were last shown, so that
    /// the change is still to be published.
    public func changedSinceShown(at now: Date) -> Bool { sharing(at: now) != sharingShown }
}
