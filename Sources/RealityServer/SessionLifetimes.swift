import Foundation
import RealityCore

/// How long a session lives (SPEC C1): it ends after ``idle`` without use and ``maximum`` after
/// it began, whichever comes first. Checked on every request; an ended session answers 401
/// `session_expired`.
public struct SessionLifetimes: Sendable, Hashable {
    /// How long a session may go unused (30 days by default).
    public var idle: TimeInterval
    /// How long a session may live however much it is used (365 days by default).
    public var maximum: TimeInterval

    /// Lifetimes with the documented defaults.
    public init(idle: TimeInterval = 30 * 86_400, maximum: TimeInterval = 365 * 86_400) {
        self.idle = idle
        self.maximum = maximum
    }

    /// How stale a session's recorded last use may be before a request records it again: at most
    /// a minute, so that a session in steady use costs one write a minute rather than one per
    /// request, and a quarter of the idle lifetime when that is shorter, so that the recorded last
    /// use never makes a session in use look idle.
    public var touchInterval: TimeInterval { min(60, idle / 4) }

    /// Whether `session` has ended by `now`.
    func hasExpired(_ session: AccountSession, at now: Date) -> Bool {
        now.timeIntervalSince(session.lastUsedAt) > idle || now.timeIntervalSince(session.createdAt) > maximum
    }

    /// Whether a request at `now` should record its use of `session`.
    func needsTouch(_ session: AccountSession, at now: Date) -> Bool {
        now.timeIntervalSince(session.lastUsedAt) >= touchInterval
    }

    /// The oldest last use a live session may have at `now`.
    func usedSince(_ now: Date) -> Date { now.addingTimeInterval(-idle) }

    /// The oldest start a live session may have at `now`.
    func createdSince(_ now: Date) -> Date { now.addingTimeInterval(-maximum) }

    /// Reads a lifetime option: a number with an optional unit (`s`, `m`, `h`, `d`; seconds
    /// without one), positive; nil when `text` is not one.
    public static func parseDuration(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        var number = Substring(trimmed)
        var unit: TimeInterval = 1
        if let last = trimmed.last, let scale = units[last] {
            unit = scale
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0, value * unit <= 100 * 365 * 86_400 else {
            return nil
        }
        return value * unit
    }
}

extension APIError {
    /// The answer to a token whose session outlived its idle or maximum lifetime.
    static let sessionExpired = APIError(
        .unauthorized, code: "session_expired", message: "The session has expired; sign in again.")
}
