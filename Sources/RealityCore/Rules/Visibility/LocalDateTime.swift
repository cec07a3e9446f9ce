import Foundation

/// An instant read as wall-clock time in a time zone: a local day number (days since 1970-01-01,
/// see `CivilDate`) and the second within that local day.
///
/// Working on local day numbers rather than on 24-hour steps of absolute time keeps day, week and
/// month counting exact across DST changes: a 23- or 25-hour day is still one day.
struct LocalDateTime: Hashable, Sendable {
    /// Seconds either side of 1970 that evaluation supports (about ±317,000 years); further out,
    /// and for non-finite dates, there is no local time and recurring rules are not active.
    static let supportedSeconds: Double = 1e13

    /// The local day number.
    let day: Int64
    /// Seconds since local midnight, 0..<86_400 (a repeated fall-back hour maps twice to the same
    /// seconds, a skipped spring-forward hour never occurs).
    let secondOfDay: Int

    /// `date` read in `timeZone`, using the zone's offset at that instant; nil when out of range.
    init?(_ date: Date, in timeZone: TimeZone) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) <= Self.supportedSeconds else { return nil }
        let offset = Int64(timeZone.secondsFromGMT(for: date))
        let local = Int64(interval.rounded(.down)) + offset
        let second = local.modulo(86_400)
        day = (local - second) / 86_400
        secondOfDay = Int(second)
    }

    /// The local `(year, month, day)` of this day.
    var civil: (year: Int64, month: Int, day: Int) {
        CivilDate.civil(fromDays: day)
    }

    /// The weekday, 1 = Sunday … 7 = Saturday.
    var weekday: Int {
        CivilDate.weekday(ofDays: day)
    }
}

extension CivilDate {
    /// The day number of the Monday that starts the ISO 8601 week containing `days`.
    static func monday(ofDays days: Int64) -> Int64 {
        // weekday: 1 = Sunday … 7 = Saturday; Monday (2) is 0 days into its week, Sunday 6.
        days - Int64((weekday(ofDays: days) + 5) % 7)
    }
}
