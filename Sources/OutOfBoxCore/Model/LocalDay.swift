import Foundation

/// A calendar day in a person's own time zone (`2026-11-27`), the unit of the daily challenge and
/// of streaks. Midnight and daylight-saving changes are the zone's: a day is whatever the
/// Gregorian calendar in that zone calls it.
public struct LocalDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The day `year-month-day`; nil when there is no such date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(year: year, month: month, day: day)
        components.calendar = Self.utcCalendar
        guard let date = components.date,
            Self.utcCalendar.dateComponents([.year, .month, .day], from: date)
                == DateComponents(
                    year: year, month: month, day: day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `instant` falls on in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(Date(timeIntervalSince1970: Double(ordinal + count) * 86_400), in: Self.utc)
    }

    /// Whole days from `other` to this day.
    public func days(since other: LocalDay) -> Int { ordinal - other.ordinal }

    /// The instant this day starts in `zone` (its first moment, after any daylight-saving gap).
    public func start(in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? Date()
        return calendar.startOfDay(for: noon)
    }

    /// Days since 1970-01-01.
    var ordinal: Int {
        let midnight = Self.utcCalendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date()
        return Int((midnight.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a day such as 2026-11-27.")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static let utc = TimeZone.gmt
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()
}
