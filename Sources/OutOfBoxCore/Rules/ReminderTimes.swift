import Foundation

/// When a reminder goes out (issue 22): always inside the person's notification window, in their
/// zone, right across daylight-saving changes, at an hour the engine's timing model chooses
/// (send-time optimization: Thompson sampling among the window's hours, ``TimingModel``).
public enum ReminderTimes {
    /// A time on `day` inside `window` in `zone`: the hour `timing` samples among the window's
    /// whole hours (any minute of the window when it holds none), a minute in it from `random`,
    /// due at least ``ChallengeReminder/closingMargin`` before the window closes. A local time the
    /// clocks skip that day is replaced by the nearest one inside the window that exists.
    public static func time(
        on day: LocalDay, window: TimeWindowDTO, zone: TimeZone, timing: TimingModel,
        using random: inout some RandomNumberGenerator
    ) -> Date? {
        guard let (start, length) = span(of: window) else { return nil }
        let latest = max(0, length - Int(ChallengeReminder.closingMargin / 60))
        var offset: Int
        let hours = window.wholeHours
        if let hour = timing.sampledHour(among: hours, using: &random) {
            let hourOffset = (hour * 60 - start + 24 * 60) % (24 * 60)
            offset = hourOffset + Int.random(in: 0..<60, using: &random)
        } else {
            offset = Int.random(in: 0...latest, using: &random)
        }
        offset = min(offset, latest)
        // The chosen minute first, then the others nearest it, until one exists inside the window.
        let tries = [offset] + (1...max(length, 1)).flatMap { [offset - $0, offset + $0] }
        for candidate in tries where (0...latest).contains(candidate) {
            if let date = instant(day, minute: start + candidate, in: zone), isInside(date, window: window, zone: zone)
            {
                return date
            }
        }
        return nil
    }

    /// Whether `date` falls inside `window` in `zone` (a window past midnight wraps).
    public static func isInside(_ date: Date, window: TimeWindowDTO, zone: TimeZone) -> Bool {
        guard let (start, length) = span(of: window) else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        return (minute - start + 24 * 60) % (24 * 60) < length
    }

    /// The window's start (minutes after midnight) and length in minutes.
    static func span(of window: TimeWindowDTO) -> (Int, Int)? {
        guard let start = TimeWindowDTO.minutes(window.start), let end = TimeWindowDTO.minutes(window.end),
            start != end
        else { return nil }
        return (start, (end - start + 24 * 60) % (24 * 60))
    }

    /// The instant of `minute` minutes after the start of `day` (past 24 hours: the next day) in
    /// `zone`; nil for a local time that day does not have.
    static func instant(_ day: LocalDay, minute: Int, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = day.adding(days: minute / (24 * 60))
        let local = minute % (24 * 60)
        let components = DateComponents(
            year: date.year, month: date.month, day: date.day, hour: local / 60, minute: local % 60)
        guard let instant = calendar.date(from: components) else { return nil }
        // A skipped time comes back moved; it is not that day's time.
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        guard back.hour == local / 60, back.minute == local % 60, back.day == date.day else { return nil }
        return instant
    }
}
