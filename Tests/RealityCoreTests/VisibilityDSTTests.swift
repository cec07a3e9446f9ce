import Foundation
import Testing

@testable import RealityCore

/// Recurring rules across DST changes keep local wall-clock hours and count local days.
///
/// America/New_York: spring forward 2026-03-08 02:00 EST → 03:00 EDT, fall back 2026-11-01
/// 02:00 EDT → 01:00 EST. Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST, 2026-10-25
/// 03:00 CEST → 02:00 CET.
@Suite struct VisibilityDSTTests {
    typealias F = VisibilityFixture

    private func active(_ rule: TimeRule, _ instant: String, in zone: String) -> Bool {
        rule.isActive(at: F.at(instant), timeZone: F.zone(zone))
    }

    @Test(arguments: [
        // Office hours 09:00–17:00 read in the owner's zone. The cases marked "fixed" would fail
        // if the rule were read with the winter offset all year.
        ("America/New_York", "2026-03-06T09:00:00-05:00", true),
        ("America/New_York", "2026-03-06T08:59:59-05:00", false),
        ("America/New_York", "2026-03-09T09:00:00-04:00", true),  // fixed: 08:00 EST
        ("America/New_York", "2026-03-09T17:30:00-04:00", false),  // fixed: 16:30 EST
        ("America/New_York", "2026-03-09T16:59:59-04:00", true),
        ("America/New_York", "2026-11-02T09:00:00-05:00", true),
        ("America/New_York", "2026-11-02T08:30:00-05:00", false),
        ("Europe/Berlin", "2026-03-27T09:00:00+01:00", true),
        ("Europe/Berlin", "2026-03-30T09:00:00+02:00", true),  // fixed: 08:00 CET
        ("Europe/Berlin", "2026-03-30T17:00:00+02:00", false),
        ("Europe/Berlin", "2026-03-30T16:30:00+02:00", true),
        ("Europe/Berlin", "2026-10-26T08:30:00+01:00", false),  // fixed summer: 09:30 CEST
        ("Europe/Berlin", "2026-10-26T16:30:00+01:00", true),  // fixed summer: 17:30 CEST
    ])
    func window_staysAtLocalWallClockAcrossDST(zone: String, instant: String, expected: Bool) {
        let officeHours = F.recurring(.daily, window: F.window(9, 0, 17, 0), from: "2026-03-01T00:00:00Z")
        #expect(active(officeHours, instant, in: zone) == expected)
    }

    @Test(arguments: [
        ("America/New_York", "2026-03-08T05:00:00Z", "2026-03-07T02:30:00-05:00", "2026-03-09T02:30:00-04:00"),
        ("Europe/Berlin", "2026-03-28T23:00:00Z", "2026-03-28T02:30:00+01:00", "2026-03-30T02:30:00+02:00"),
    ])
    func springForward_windowInTheSkippedHour_isNeverHitThatDay(
        zone: String, localMidnight: String, dayBefore: String, dayAfter: String
    ) {
        let rule = F.recurring(.daily, window: F.window(2, 0, 3, 0))
        let midnight = F.at(localMidnight)
        // The spring-forward day is 23 hours long; check every minute of it.
        let hits = (0..<(23 * 60)).filter { minute in
            rule.isActive(at: midnight + Double(minute) * 60, timeZone: F.zone(zone))
        }
        #expect(hits.isEmpty)
        #expect(active(rule, dayBefore, in: zone))
        #expect(active(rule, dayAfter, in: zone))
    }

    @Test(arguments: [
        // The repeated hour is active both times.
        ("America/New_York", "2026-11-01T01:30:00-04:00", true),
        ("America/New_York", "2026-11-01T01:30:00-05:00", true),
        ("America/New_York", "2026-11-01T00:59:59-04:00", false),
        ("America/New_York", "2026-11-01T02:00:00-05:00", false),
        ("Europe/Berlin", "2026-10-25T02:30:00+02:00", true),
        ("Europe/Berlin", "2026-10-25T02:30:00+01:00", true),
        ("Europe/Berlin", "2026-10-25T01:59:59+02:00", false),
        ("Europe/Berlin", "2026-10-25T03:00:00+01:00", false),
    ])
    func fallBack_repeatedHour_isActiveBothTimes(zone: String, instant: String, expected: Bool) {
        let window = zone == "Europe/Berlin" ? F.window(2, 0, 3, 0) : F.window(1, 0, 2, 0)
        let rule = F.recurring(.daily, window: window)
        #expect(active(rule, instant, in: zone) == expected)
    }

    @Test(arguments: [
        // Every other day at 12:00–13:00 local, counted in local days across a 23- or 25-hour day.
        // Counting 24-hour steps of absolute time would get the "skew" cases wrong.
        ("America/New_York", "2026-03-07T12:00:00-05:00", "2026-03-09T12:30:00-04:00", true),  // skew
        ("America/New_York", "2026-03-07T12:00:00-05:00", "2026-03-08T12:30:00-04:00", false),
        ("America/New_York", "2026-03-07T12:00:00-05:00", "2026-03-11T12:00:00-04:00", true),
        ("America/New_York", "2026-10-31T12:00:00-04:00", "2026-11-02T12:00:00-05:00", true),
        ("America/New_York", "2026-10-31T12:00:00-04:00", "2026-11-01T12:30:00-05:00", false),
        ("Europe/Berlin", "2026-03-28T12:00:00+01:00", "2026-03-30T12:30:00+02:00", true),  // skew
        ("Europe/Berlin", "2026-03-28T12:00:00+01:00", "2026-03-29T12:30:00+02:00", false),
        ("Europe/Berlin", "2026-10-24T12:00:00+02:00", "2026-10-26T12:00:00+01:00", true),
        ("Europe/Berlin", "2026-10-24T12:00:00+02:00", "2026-10-25T12:30:00+01:00", false),
    ])
    func dailyInterval_countsLocalDaysAcrossDST(zone: String, start: String, instant: String, expected: Bool) {
        let rule = TimeRule(
            type: .recurring, startTime: F.at(start),
            recurrence: RecurrenceRule(frequency: .daily, interval: 2, timeOfDay: F.window(12, 0, 13, 0)))
        #expect(active(rule, instant, in: zone) == expected)
    }

    @Test func weeklyAndMonthly_keepLocalDaysAcrossDST() {
        let zone = "America/New_York"
        // Sundays 00:00–00:30 from Sunday 2026-03-01; the 8th is the spring-forward Sunday.
        let weekly = F.recurring(.weekly, window: F.window(0, 0, 0, 30), from: "2026-03-01T00:00:00-05:00")
        #expect(active(weekly, "2026-03-08T00:15:00-05:00", in: zone))
        #expect(active(weekly, "2026-03-15T00:15:00-04:00", in: zone))
        #expect(!active(weekly, "2026-03-14T23:45:00-04:00", in: zone))
        // The 1st of each month, 23:30–24:00, from 2026-10-01; Nov 1st is the fall-back day.
        let monthly = F.recurring(.monthly, window: F.window(23, 30, 0, 0), from: "2026-10-01T00:00:00-04:00")
        #expect(active(monthly, "2026-11-01T23:45:00-05:00", in: zone))
        #expect(!active(monthly, "2026-11-02T00:15:00-05:00", in: zone))
        #expect(!active(monthly, "2026-10-31T23:45:00-04:00", in: zone))
    }

    @Test(arguments: [
        ("2026-03-28T23:00:00+01:00", true),
        ("2026-03-29T01:59:00+01:00", true),
        ("2026-03-29T03:00:00+02:00", false),  // 02:00 never came; the window is over
        ("2026-03-29T22:30:00+02:00", false),
    ])
    func midnightCrossingWindow_onTheSpringForwardNight_endsAtLocalTime(instant: String, expected: Bool) {
        // Saturdays 22:00–02:00 in the rule's own zone; the owner's zone (UTC here) is ignored.
        let rule = F.recurring(.weekly, daysOfWeek: [7], window: F.window(22, 0, 2, 0), zone: "Europe/Berlin")
        #expect(rule.isActive(at: F.at(instant), timeZone: F.utc) == expected)
    }
}
