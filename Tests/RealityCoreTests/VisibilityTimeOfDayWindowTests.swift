import Foundation
import Testing

@testable import RealityCore

/// Time-of-day windows: bounds, the seed's bedtime rule, midnight crossing and bad numbers.
@Suite struct VisibilityTimeOfDayWindowTests {
    typealias F = VisibilityFixture

    /// The seed's sample rule (§12): daily 20:00–20:30, no start, no zone of its own.
    static let bedtime = VisibilityRules(timeRules: [
        TimeRule(
            type: .recurring,
            recurrence: RecurrenceRule(
                frequency: .daily, interval: 1,
                timeOfDay: TimeOfDay(hour: 20, minute: 0, endHour: 20, endMinute: 30)))
    ])

    @Test(arguments: [
        ("2026-07-14T19:59:59.999Z", false),
        ("2026-07-14T20:00:00Z", true),
        ("2026-07-14T20:15:00Z", true),
        ("2026-07-14T20:29:59.999Z", true),
        ("2026-07-14T20:30:00Z", false),
        ("2026-07-14T08:10:00Z", false),
        ("2031-01-01T20:10:00Z", true),
    ])
    func seedBedtimeRule_isVisibleFromEightToHalfPastEveryEvening(instant: String, visible: Bool) {
        #expect(Self.bedtime.isVisible(at: F.at(instant), context: VisibilityContext()) == visible)
    }

    @Test func seedBedtimeRule_isReadInTheOwnersZone() {
        let newYork = VisibilityContext(ownerTimeZone: F.zone("America/New_York"))
        #expect(Self.bedtime.isVisible(at: F.at("2026-07-14T20:10:00-04:00"), context: newYork))
        #expect(!Self.bedtime.isVisible(at: F.at("2026-07-14T20:10:00Z"), context: newYork))
    }

    @Test func noWindow_coversTheWholeOccurrenceDay() {
        let rule = F.recurring(.weekly, daysOfWeek: [3], from: "2026-03-02T00:00:00Z")
        #expect(rule.isActive(at: F.at("2026-03-03T00:00:00Z"), timeZone: F.utc))
        #expect(rule.isActive(at: F.at("2026-03-03T23:59:59.999Z"), timeZone: F.utc))
        #expect(!rule.isActive(at: F.at("2026-03-04T00:00:00Z"), timeZone: F.utc))
        #expect(!rule.isActive(at: F.at("2026-03-02T23:59:59Z"), timeZone: F.utc))
    }

    @Test(arguments: [
        // Fridays 22:00–02:00 (Friday = 6). 2026-03-06 is a Friday.
        ("2026-03-06T21:59:59Z", false),
        ("2026-03-06T22:00:00Z", true),
        ("2026-03-06T23:59:59Z", true),
        ("2026-03-07T00:00:00Z", true),  // Saturday, after a Friday
        ("2026-03-07T01:00:00Z", true),
        ("2026-03-07T01:59:59.999Z", true),
        ("2026-03-07T02:00:00Z", false),
        ("2026-03-06T01:00:00Z", false),  // Friday early: Thursday was no occurrence
        ("2026-03-07T22:30:00Z", false),  // Saturday night is no occurrence
        ("2026-03-13T23:00:00Z", true),
        ("2026-03-14T01:30:00Z", true),
    ])
    func midnightCrossingWindow_continuesOnlyAfterAnOccurrenceDay(instant: String, active: Bool) {
        let rule = F.recurring(.weekly, daysOfWeek: [6], window: F.window(22, 0, 2, 0))
        #expect(rule.isActive(at: F.at(instant), timeZone: F.utc) == active)
    }

    @Test func midnightCrossingWindow_withInterval_followsTheOccurrenceDays() {
        // Every other day from Monday 2026-03-02, 23:00–01:00.
        let rule = F.recurring(.daily, interval: 2, window: F.window(23, 0, 1, 0), from: "2026-03-02T00:00:00Z")
        let lateEvening = (0..<6).map { rule.isActive(at: F.at("2026-03-0\($0 + 2)T23:30:00Z"), timeZone: F.utc) }
        let earlyMorning = (0..<6).map { rule.isActive(at: F.at("2026-03-0\($0 + 2)T00:30:00Z"), timeZone: F.utc) }
        #expect(lateEvening == [true, false, true, false, true, false])
        // The start day's early morning belongs to the day before the start: not an occurrence.
        #expect(earlyMorning == [false, true, false, true, false, true])
    }

    @Test func windowEndingAtMidnight_stopsAtMidnight() {
        let rule = F.recurring(.daily, window: F.window(22, 0, 0, 0))
        #expect(rule.isActive(at: F.at("2026-03-02T23:59:59Z"), timeZone: F.utc))
        #expect(!rule.isActive(at: F.at("2026-03-03T00:00:00Z"), timeZone: F.utc))
        #expect(!rule.isActive(at: F.at("2026-03-03T21:59:59Z"), timeZone: F.utc))
    }

    @Test(arguments: [
        TimeOfDay(hour: 20, minute: 0, endHour: 20, endMinute: 0),  // empty
        TimeOfDay(hour: 0, minute: 0, endHour: 0, endMinute: 0),  // empty, not "all day"
        TimeOfDay(hour: 24, minute: 0, endHour: 23, endMinute: 0),
        TimeOfDay(hour: -1, minute: 0, endHour: 23, endMinute: 0),
        TimeOfDay(hour: 0, minute: 60, endHour: 23, endMinute: 0),
        TimeOfDay(hour: 0, minute: 0, endHour: 25, endMinute: 0),
        TimeOfDay(hour: 0, minute: 0, endHour: 23, endMinute: -5),
        TimeOfDay(hour: .max, minute: .max, endHour: .min, endMinute: .min),
    ])
    func malformedOrEmptyWindow_isNeverActive(window: TimeOfDay) {
        let rule = F.recurring(.daily, window: window)
        for hour in 0..<24 {
            let text = "2026-03-02T" + (hour < 10 ? "0" : "") + "\(hour):30:00Z"
            #expect(!rule.isActive(at: F.at(text), timeZone: F.utc), "\(text)")
        }
    }
}
