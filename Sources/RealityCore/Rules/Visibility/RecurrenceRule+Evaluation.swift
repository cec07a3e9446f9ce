import Foundation

extension RecurrenceRule {
    /// Whether the recurrence is active at `date`, for a time rule running from `start`
    /// (inclusive) to `end` (exclusive).
    ///
    /// Semantics (SPEC M4; the seed ignored frequency and interval and read `Calendar.current`):
    /// - Zone: ``timeZone`` when it names a valid IANA zone, else `timeZone` passed here (the
    ///   owner's preference, UTC when the owner has none). Never the machine's zone.
    /// - Wall clock: `date` is read as local day and time in that zone. A window stays at the same
    ///   local hours across DST changes; a window in a skipped spring-forward hour is not hit that
    ///   day; a repeated fall-back hour is active both times. Days, weeks and months are counted on
    ///   local day numbers, so DST never skews them.
    /// - Anchor: `start`'s local day. Interval counting starts there; no day before it is an
    ///   occurrence, and the rule is never active before `start` nor at or after `end`.
    /// - `daily`, interval n: days whose distance from the anchor is a multiple of n, and whose
    ///   weekday is in ``daysOfWeek`` when that is set.
    /// - `weekly`, interval n: weeks start on Monday (ISO 8601, our choice); weeks whose distance
    ///   from the anchor's week is a multiple of n, on the ``daysOfWeek``, or when those are not set
    ///   on the anchor's weekday (as RFC 5545 does).
    /// - `monthly`, interval n: months whose distance from the anchor's month is a multiple of n,
    ///   on the anchor's day of the month, clamped to the last day of shorter months (started on the
    ///   31st: Feb 28/29, Apr 30…; on the 29th: Feb 28 in common years). RFC 5545 would skip those
    ///   months instead; we clamp so that "monthly on the 31st" still fires every month.
    /// - ``timeOfDay``: `[start, end)` in local seconds; nil means the whole occurrence day. A window
    ///   whose end is before its start crosses midnight: it runs from its start to 24:00 on an
    ///   occurrence day and from 00:00 to its end on the day after one.
    /// - ``daysOfWeek`` nil or empty means no weekday restriction (as empty rule lists mean none).
    ///
    /// Malformed recurrences are never active rather than trapping: interval below 1, weekdays
    /// outside 1...7, a `timeOfDay` with out-of-range numbers or equal start and end, `monthly`
    /// with weekdays (unsupported; validation rejects it), a `start` or `date` beyond ±317,000
    /// years, and a missing `start` where the pattern needs an anchor (daily with interval > 1,
    /// weekly with interval > 1 or without weekdays, every monthly rule).
    public func matches(_ date: Date, start: Date?, end: Date?, timeZone: TimeZone) -> Bool {
        if let start, !(date >= start) { return false }
        if let end, !(date < end) { return false }
        let zone = resolvedTimeZone(fallback: timeZone)
        guard let now = LocalDateTime(date, in: zone) else { return false }
        var anchorDay: Int64?
        if let start {
            guard let anchor = LocalDateTime(start, in: zone) else { return false }
            anchorDay = anchor.day
        }
        guard let occurrences = OccurrenceDays(self, anchorDay: anchorDay) else { return false }
        guard let timeOfDay else { return occurrences.contains(now.day) }
        guard let window = timeOfDay.secondsWindow else { return false }
        return window.contains(now, isOccurrence: occurrences.contains)
    }

    /// The zone this recurrence is read in: its own when valid, else `fallback`.
    func resolvedTimeZone(fallback: TimeZone) -> TimeZone {
        if let identifier = timeZone, let zone = TimeZone(identifier: identifier) { return zone }
        return fallback
    }
}
