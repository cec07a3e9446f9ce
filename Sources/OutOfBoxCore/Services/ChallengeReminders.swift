import Foundation
import SeededRandom

/// Seed 004's NotificationService for one person over a ``ChallengeRepository`` (issue 22):
/// schedules reminders inside their notification window, in their zone, at the hour the
/// personalization engine's timing model chooses, and cancels them. The server's job runner
/// delivers them (`ChallengeReminderJob`).
public struct ChallengeReminders<Store: ChallengeRepository>: Sendable {
    public let userID: UUID
    let store: Store
    let clock: @Sendable () -> Date

    /// The reminders of `userID` over `store`; `clock` tells the time.
    public init(userID: UUID, store: Store, clock: @escaping @Sendable () -> Date = Date.init) {
        self.userID = userID
        self.store = store
        self.clock = clock
    }

    /// Daily reminders for the next `days` days from today (today only while its window is still
    /// ahead), one a day, leaving days that have one scheduled, so that asking again is harmless
    /// (seed 004's `scheduleDailyNotifications`). Answers the new ones.
    public func scheduleDaily(days: Int) async throws -> [ChallengeReminder] {
        guard ChallengeReminder.days.contains(days) else {
            throw ChallengeError.invalid(
                field: "days",
                reason: "must be \(ChallengeReminder.days.lowerBound) to \(ChallengeReminder.days.upperBound)")
        }
        let (preferences, timing) = try await setting()
        let now = clock()
        let today = LocalDay(now, in: preferences.zone)
        let scheduled = try await scheduledReminders(from: now)
        let taken = Set(scheduled.filter { $0.kind == .daily }.map(\.localDay))
        // The next `days` days on which a reminder can still be due (today while its window is
        // ahead); a day with one scheduled keeps it.
        var span: [(LocalDay, Date)] = []
        for offset in 0...days where span.count < days {
            let day = today.adding(days: offset)
            if let due = time(on: day, preferences, timing, after: now) { span.append((day, due)) }
        }
        let made = span.filter { !taken.contains($0.0) }.map { day, due in
            ChallengeReminder(userID: userID, kind: .daily, localDay: day, dueAt: due, createdAt: now)
        }
        try Self.checkLimit(scheduled.count + made.count)
        try await store.saveReminders(made)
        return made
    }

    /// One reminder at a random time in the window: today's while it is still ahead, else
    /// tomorrow's (seed 004's `scheduleRandomNotification`).
    public func scheduleRandom() async throws -> ChallengeReminder {
        let (preferences, _) = try await setting()
        let now = clock()
        try Self.checkLimit(try await scheduledReminders(from: now).count + 1)
        let today = LocalDay(now, in: preferences.zone)
        var random = SplitMix64.seededBySystem()
        // Today's window while some of it is ahead (a few draws find a time in what is left).
        let draws = [today, today, today, today, today, today, today, today, today.adding(days: 1)]
        for day in draws {
            if let due = ReminderTimes.time(
                on: day, window: preferences.notificationSettings.timeWindow, zone: preferences.zone,
                timing: TimingModel(), using: &random), due > now
            {
                let reminder = ChallengeReminder(
                    userID: userID, kind: .random, localDay: day, dueAt: due, createdAt: now)
                try await store.saveReminders([reminder])
                return reminder
            }
        }
        throw ChallengeError.invalid(field: "notificationSettings.timeWindow", reason: "holds no time to remind at")
    }

    /// The person's reminders from the last `days` days on, earliest first.
    public func list(pastDays: Int = 7) async throws -> [ChallengeReminder] {
        try await store.reminders(of: userID, dueFrom: clock().addingTimeInterval(-Double(pastDays) * 86_400))
    }

    /// Cancels scheduled reminder `id` (seed 004's `cancelNotification`).
    public func cancel(id: UUID) async throws {
        guard try await store.cancelReminders(of: userID, id: id) == 1 else { throw ChallengeError.reminderNotFound }
    }

    /// Cancels every scheduled reminder (seed 004's `cancelAllNotifications`); answers how many.
    public func cancelAll() async throws -> Int {
        try await store.cancelReminders(of: userID, id: nil)
    }

    /// The person's scheduled reminders due from `now` on.
    private func scheduledReminders(from now: Date) async throws -> [ChallengeReminder] {
        try await store.reminders(of: userID, dueFrom: now).filter { $0.status == .scheduled }
    }

    /// Refuses to keep more than ``ChallengeReminder/scheduledLimit`` scheduled at once.
    private static func checkLimit(_ count: Int) throws {
        guard count <= ChallengeReminder.scheduledLimit else {
            throw ChallengeError.invalid(
                field: "reminders", reason: "may have at most \(ChallengeReminder.scheduledLimit) scheduled at once")
        }
    }

    /// The person's preferences, which must allow notifications, and the engine's timing model.
    private func setting() async throws -> (UserPreferencesDTO, TimingModel) {
        let preferences = try await store.preferencesOrDefaults(of: userID)
        guard preferences.notificationSettings.enabled else { throw ChallengeError.notificationsOff }
        let catalog = try await store.challenges(includingRetired: true)
        let model = try await ChallengePersonalization(userID: userID, store: store, clock: clock).model(
            preferences: preferences, catalog: catalog)
        return (preferences, model.timing)
    }

    /// A time on `day` inside the window, after `now`, the hour sampled from `timing` with a draw
    /// seeded by the person and the day.
    private func time(on day: LocalDay, _ preferences: UserPreferencesDTO, _ timing: TimingModel, after now: Date)
        -> Date?
    {
        var random = SplitMix64(seed: DailyPick.seed(userID, day) ^ 0x5245_4d49_4e44)  // "REMIND"
        guard
            let due = ReminderTimes.time(
                on: day, window: preferences.notificationSettings.timeWindow, zone: preferences.zone, timing: timing,
                using: &random), due > now
        else { return nil }
        return due
    }
}
