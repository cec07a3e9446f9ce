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

    /// True when there is nothing to settle at `now`: no grant expired, and every plan's sharing
    /// is as devices were last shown.
    public func isSettled(at now: Date) -> Bool {
        expiredGrants.isEmpty && !plans.contains { $0.changedSinceShown(at: now) }
    }
}

/// A store that reads what a pull settles first.
public protocol PullHousekeepingReading: SyncLogReading, PlanSharingReading {
    /// `viewer`'s expired grants and relevant plans at `now`, both as their own reads answer them;
    /// a store may read them together (PostgreSQL: one statement, one round trip).
    func pullHousekeeping(for viewer: UserID, at now: Date) async throws -> PullHousekeeping
    /// The housekeeping, and when it leaves nothing to settle (``PullHousekeeping/isSettled(at:)``)
    /// the page of `scope` after `cursor` as ``SyncLogReading/syncFeed(for:scope:after:limit:now:)``
    /// reads it: a store may read both at once (PostgreSQL: one round trip fewer before each
    /// pull). The page is nil when something is to be settled first; the caller settles it and
    /// then reads the page.
    func pullHousekeeping(
        for viewer: UserID, at now: Date, withPageOf scope: SyncScope, after cursor: SyncCursor, limit: Int
    ) async throws -> (housekeeping: PullHousekeeping, page: SyncFeedPage?)
}

extension PullHousekeepingReading {
    /// The two reads, one after the other (an embedded store pays no round trip for each).
    public func pullHousekeeping(for viewer: UserID, at now: Date) async throws -> PullHousekeeping {
        PullHousekeeping(
            expiredGrants: try await expiredGrants(of: viewer, at: now),
            plans: try await planSharing(relevantTo: viewer, at: now))
    }

    /// The housekeeping, then the page when it is settled.
    public func pullHousekeeping(
        for viewer: UserID, at now: Date, withPageOf scope: SyncScope, after cursor: SyncCursor, limit: Int
    ) async throws -> (housekeeping: PullHousekeeping, page: SyncFeedPage?) {
        let housekeeping = try await pullHousekeeping(for: viewer, at: now)
        guard housekeeping.isSettled(at: now) else { return (housekeeping, nil) }
        return (housekeeping, try await syncFeed(for: viewer, scope: scope, after: cursor, limit: limit, now: now))
    }
}
