import Foundation
import Logging
import OutOfBoxCore
import RealityCore

/// Delivers one of Out of Box's reminders on the server's job runner
/// (``JobKind/challengeReminder``, queued with the reminder for its due time): into its person's
/// notification inbox, in the commit that moves the reminder out of `scheduled`
/// (``Precondition/transition(table:id:from:to:)``). So it is delivered at most once however many
/// instances take the job or however often a run is repeated after a crash, and at least once, as
/// the job stays queued until a run finishes. The commit's change to the inbox reaches the
/// person's devices over the live-events socket. A reminder found after the person's window closed
/// (the server was down when it was due), or whose person turned notifications off, is marked
/// missed instead: never delivered outside the window. A cancelled or deleted one is left be.
struct ChallengeReminderJob<Store: ServerStore>: JobHandler {
    let store: Store
    let logger: Logger

    var kind: JobKind { .challengeReminder }

    func run(_ job: ClaimedJob) async throws {
        guard let id = UUID(uuidString: job.subject), let reminder = try await store.reminder(id: id),
            reminder.status == .scheduled
        else { return }
        try await deliver(reminder, at: Date())
    }

    private func deliver(_ reminder: ChallengeReminder, at now: Date) async throws {
        let preferences = try await store.preferencesOrDefaults(of: reminder.userID)
        let settings = preferences.notificationSettings
        let inside =
            settings.enabled && ReminderTimes.isInside(now, window: settings.timeWindow, zone: preferences.zone)
        var changes = ChangeSet()
        changes.require(
            .transition(
                table: ChallengeReminder.table, id: reminder.id.uuidString,
                from: ChallengeReminder.Status.scheduled.rawValue,
                to: (inside ? ChallengeReminder.Status.delivered : .missed).rawValue))
        if inside {
            changes.append(
                .addNotification(
                    AppNotification(
                        id: reminder.id, recipientID: UserID(reminder.userID), type: .challenge,
                        title: "Out of Box", body: "Your challenge of the day is waiting.", createdAt: now)))
        }
        do {
            try await store.commit(changes, applying: [])
        } catch StoreError.moved {
            // Another instance (or an earlier run) moved it first.
            return
        }
        if !inside {
            logger.info(
                "reminders: missed", metadata: ["reminder": "\(reminder.id)", "dueAt": "\(reminder.dueAt)"])
        }
    }
}
