import Foundation
import RealityCore

/// Makes a change of a plan's sharing reach devices through the feed (docs/seed-fixes.md, "When a
/// paid plan lapses"; docs/sync-protocol.md): the owner's user record and what they shared come
/// down again, the grantees' with their levels as the server now applies them (``GrantDisclosure``
/// shows them as viewers while the owner's plan does not share, and as granted once it does).
///
/// A plan lapses as time passes, with no commit to carry it: before a user's pull, the plans of
/// that user and of the owners of what is shared with them are compared with what the feed last
/// showed, and a difference is published then, once (later pulls find it recorded). An
/// operator's change of plan is published at once.
struct PlanSharingPublisher<Store: ServerStore>: Sendable {
    let store: Store

    /// Publishes those of `plans` (a viewer's and their sharers', as
    /// ``PlanSharingReading/planSharing(relevantTo:at:)`` reads them, with the pull's
    /// housekeeping) whose sharing changed since the feed last showed it.
    func publish(_ plans: [PlanSharingState], at now: Date) async throws {
        for plan in plans where plan.changedSinceShown(at: now) {
            try await publish(plan.userID, sharing: plan.sharing(at: now))
        }
    }

    /// Records that `userID`'s plan shares (or not) and sends their record and what they shared
    /// down again.
    func publish(_ userID: UserID, sharing: Bool) async throws {
        let targets = try await store.sharedTargets(ownedBy: userID)
        try await store.commit(
            ChangeSet(changes: [
                .publishPlanSharing(userID: userID, sharing: sharing, republish: targets)
            ]))
    }
}
