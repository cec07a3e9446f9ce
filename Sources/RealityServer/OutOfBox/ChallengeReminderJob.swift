import Foundation
import Logging
import OutOfBoxCore
import RealityCore

extension JobKind {
    /// Delivers Out of Box's due reminders (issue 22): one job, subject ``reminderSubject``, that
    /// reschedules itself.
    public static let challengeReminders = JobKind(rawValue: "challenge.reminders")

    /// The subject of the one ``challengeReminders`` job.
    public static var reminderSubject: String { "all" }
}

/// Delivers due reminders on the server's job runner (``JobKind/challengeReminders``): each into
/// its person's notification inbox, in the commit that moves it out of `scheduled`
/// (``Precondition/transition(table:id:from:to:)``), so it is delivered at most once however many
/// instances run the job or however often a run is repeated after a crash, and at least once, as
/// a reminder stays scheduled until a commit moves it. The commit's change to the inbox reaches
/// the person's devices over the live-events socket. A reminder found after the person's window
/// closed (the server was down when it was due), or whose person turned notifications off, is
/// marked missed instead: never delivered outside the window.
struct ChallengeReminderJob<Store: ServerStore>: JobHandler {
    let store: Store
    /// Time between runs.
    let interval: TimeInterval
    let logger: Logger

    var kind: JobKind { .challengeReminders }

    /// Reminders delivered per batch.
    static var batch: Int { 200 }

    func run(_ job: ClaimedJob) async throws {
        while true {
            let now = Date()
            let due = try await store.dueReminders(at: now, limit: Self.batch)
            for reminder in due { try await deliver(reminder, at: now) }
            if due.count < Self.batch { return }
        }
    }

    func nextRun(after date: Date) -> Date? { date.addingTimeInterval(interval) }

    private func deliver(_ reminder: ChallengeReminder, at now: Date) async throws {
        let preferences = try await store.challengePreferences(of: reminder.userID) ?? .defaults(timeZone: "UTC")
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
