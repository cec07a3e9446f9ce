import Foundation

/// A nudge to do the day's challenge, scheduled for a person (seed 004's NotificationService,
/// issue 22): kept by the server and delivered at `dueAt` by its job runner into their
/// notification inbox, which their devices hear over the live-events socket. A reminder moves out
/// of `scheduled` once, to `delivered`, `cancelled` or `missed` (due while the server was down
/// and found after the person's window closed: never delivered outside it).
public struct ChallengeReminder: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    @LowercaseUUID public var userID: UUID
    public var kind: Kind
    /// The person's local day it is for.
    public var localDay: LocalDay
    /// When it goes out: inside the person's window on `localDay`, in their zone.
    public var dueAt: Date
    public var status: Status
    public var createdAt: Date

    /// How it was scheduled.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// One of a run of daily reminders (`scheduleDailyNotifications`).
        case daily
        /// One at a random time in the window (`scheduleRandomNotification`).
        case random
    }

    /// Where it stands.
    public enum Status: String, Codable, Sendable, CaseIterable {
        case scheduled, delivered, cancelled, missed
    }

    public init(
        id: UUID = UUID(), userID: UUID, kind: Kind, localDay: LocalDay, dueAt: Date, status: Status = .scheduled,
        createdAt: Date
    ) {
        self.id = id
        self.userID = userID
        self.kind = kind
        self.localDay = localDay
        self.dueAt = dueAt
        self.status = status
        self.createdAt = createdAt
    }
}

extension ChallengeReminder {
    /// The table both stores keep reminders in (a delivery's transition names it).
    public static let table = "challenge_reminders"
    /// How many days of daily reminders one request schedules.
    public static let days = 1...30
    /// How many reminders a person may have scheduled at once (a month of daily ones and as many
    /// random ones): each is a row and a job, so there is a bound.
    public static let scheduledLimit = 60
    /// How long before the window closes a reminder is due at the latest, so that the job runner,
    /// which looks for due jobs every few seconds, delivers it inside the window.
    public static let closingMargin: TimeInterval = 120
}
