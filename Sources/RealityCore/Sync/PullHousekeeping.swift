import Foundation

/// What the server settles for a user before each of their pulls (docs/sync-protocol.md): their
/// grants that expired, which become revocations so that the feed turns them into deletions, and
/// the plans whose sharing matters to them (``PlanSharingReading``), to publish the ones that
/// changed since the feed last showed them.
public struct PullHousekeeping: Hashable, Sendable {
    /// The targets of the user's grants that expired (``SyncLogReading/expiredGrants(of:at:)``).
    public var expiredGrants: [GrantTarget]
    /// The plans of the user and of the owners of what is shared with them
    /// (``PlanSharingReading/planSharing(relevantTo:at:)``).
    public var plans: [PlanSharingState]

    /// Housekeeping with the given parts.
    public init(expiredGrants: [GrantTarget], plans: [PlanSharingState]) {
        self.expiredGrants = expiredGrants
        self.plans = plans
    }
}

/// A store that reads what a pull settles first.
public protocol PullHousekeepingReading: SyncLogReading, PlanSharingReading {
    /// `viewer`'s expired grants and relevant plans at `now`, both as their own reads answer them;
    /// a store may read them together (PostgreSQL: one statement, one round trip).
    func pullHousekeeping(for viewer: UserID, at now: Date) async throws -> PullHousekeeping
}

extension PullHousekeepingReading {
    /// The two reads, one after the other (an embedded store pays no round trip for each).
    public func pullHousekeeping(for viewer: UserID, at now: Date) async throws -> PullHousekeeping {
        PullHousekeeping(
            expiredGrants: try await expiredGrants(of: viewer, at: now),
            plans: try await planSharing(relevantTo: viewer, at: now))
    }
}
