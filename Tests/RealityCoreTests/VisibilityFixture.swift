import Foundation

@testable import RealityCore

/// Builders shared by the visibility tests; every instant comes from text with an explicit offset,
/// so no test depends on the machine's time zone.
enum VisibilityFixture {
    /// The instant written as ISO 8601 with an offset, e.g. "2026-03-08T01:30:00-05:00".
    static func at(_ text: String) -> Date {
        guard let date = Timestamp.parse(text) else { fatalError("bad test timestamp \(text)") }
        return date
    }

    /// The IANA zone named `identifier`.
    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
        return zone
    }

    /// UTC.
    static let utc = TimeZone.gmt

    /// A recurring time rule starting at `start` (text instant) and ending at `end`.
    static func recurring(
        _ frequency: RecurrenceFrequency,
        interval: Int = 1,
        daysOfWeek: [Int]? = nil,
        window: TimeOfDay? = nil,
        zone: String? = nil,
        from start: String? = nil,
        until end: String? = nil
    ) -> TimeRule {
        TimeRule(
            type: .recurring,
            startTime: start.map(at),
            endTime: end.map(at),
            recurrence: RecurrenceRule(
                frequency: frequency, interval: interval, daysOfWeek: daysOfWeek,
                timeOfDay: window, timeZone: zone))
    }

    /// A `hh:mm–hh:mm` window.
    static func window(_ hour: Int, _ minute: Int, _ endHour: Int, _ endMinute: Int) -> TimeOfDay {
        TimeOfDay(hour: hour, minute: minute, endHour: endHour, endMinute: endMinute)
    }

    /// Noon UTC, `days` days after Monday 2026-03-02.
    static func noonUTC(daysAfterMonday20260302 days: Int) -> Date {
        at("2026-03-02T12:00:00Z").addingTimeInterval(Double(days) * 86_400)
    }
}
