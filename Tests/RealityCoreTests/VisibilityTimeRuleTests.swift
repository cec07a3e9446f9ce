import Foundation
import Testing

@testable import RealityCore

@Suite struct VisibilityTimeRuleTests {
    typealias F = VisibilityFixture

    // Seconds since 1970 rather than dates: `Date.description` traps on NaN, and swift-testing
    // describes its arguments.
    @Test(arguments: [-6.3e10, 6.4e10, 0, .nan, 1e300] as [Double])
    func always_isActiveAtEveryInstant(seconds: Double) {
        let rule = TimeRule(type: .always, startTime: F.at("2030-01-01T00:00:00Z"))
        #expect(rule.isActive(at: Date(timeIntervalSince1970: seconds), timeZone: F.utc))
    }

    @Test(
        arguments: [
            // (start, end, instant, active)
            ("2026-05-01T10:00:00Z", "2026-05-01T12:00:00Z", "2026-05-01T10:00:00Z", true),  // start inclusive
            ("2026-05-01T10:00:00Z", "2026-05-01T12:00:00Z", "2026-05-01T09:59:59.999Z", false),
            ("2026-05-01T10:00:00Z", "2026-05-01T12:00:00Z", "2026-05-01T11:59:59.999Z", true),
            ("2026-05-01T10:00:00Z", "2026-05-01T12:00:00Z", "2026-05-01T12:00:00Z", false),  // end exclusive
            ("2026-05-01T10:00:00Z", "2026-05-01T12:00:00Z", "2026-05-01T14:00:00+02:00", false),
            ("2026-05-01T10:00:00Z", "2026-05-01T12:00:00Z", "2026-05-01T13:00:00+02:00", true),
            (nil, "2026-05-01T12:00:00Z", "1990-01-01T00:00:00Z", true),  // open start
            (nil, "2026-05-01T12:00:00Z", "2026-05-01T12:00:00Z", false),
            ("2026-05-01T10:00:00Z", nil, "2300-01-01T00:00:00Z", true),  // open end
            ("2026-05-01T10:00:00Z", nil, "2026-05-01T09:00:00Z", false),
            (nil, nil, "2026-05-01T09:00:00Z", true),  // both open
            ("2026-05-01T10:00:00Z", "2026-05-01T10:00:00Z", "2026-05-01T10:00:00Z", false),  // empty range
            ("2026-05-01T12:00:00Z", "2026-05-01T10:00:00Z", "2026-05-01T11:00:00Z", false),  // reversed
        ] as [(String?, String?, String, Bool)])
    func timeRange_isActiveFromStartInclusiveToEndExclusive(
        start: String?, end: String?, instant: String, active: Bool
    ) {
        let rule = TimeRule(type: .timeRange, startTime: start.map(F.at), endTime: end.map(F.at))
        #expect(rule.isActive(at: F.at(instant), timeZone: F.utc) == active)
    }

    @Test func recurring_withoutRecurrence_isNeverActive() {
        let rule = TimeRule(type: .recurring, startTime: F.at("2026-01-01T00:00:00Z"))
        #expect(!rule.isActive(at: F.at("2026-01-01T00:00:00Z"), timeZone: F.utc))
        #expect(!rule.isActive(at: F.at("2026-06-01T12:00:00Z"), timeZone: F.utc))
    }

    @Test(arguments: [
        ("2026-03-02T19:59:59Z", false),  // the start day, before startTime
        ("2026-03-02T20:00:00Z", true),  // exactly startTime
        ("2026-03-05T10:00:00Z", true),
        ("2026-03-09T23:59:59Z", true),
        ("2026-03-10T00:00:00Z", false),  // endTime exclusive
        ("2026-03-11T10:00:00Z", false),
    ])
    func recurring_isActiveOnlyBetweenStartAndEnd(instant: String, active: Bool) {
        let rule = F.recurring(.daily, from: "2026-03-02T20:00:00Z", until: "2026-03-10T00:00:00Z")
        #expect(rule.isActive(at: F.at(instant), timeZone: F.utc) == active)
    }

    @Test(arguments: [.nan, .infinity, -.infinity, 1e300, -1e300] as [Double])
    func recurring_atUnrepresentableInstants_isNotActiveAndDoesNotTrap(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let everyDay = F.recurring(.daily)
        let anchoredThere = TimeRule(
            type: .recurring, startTime: date, recurrence: RecurrenceRule(frequency: .daily))
        #expect(!everyDay.isActive(at: date, timeZone: F.zone("Europe/Berlin")))
        #expect(!anchoredThere.isActive(at: F.at("2026-03-02T12:00:00Z"), timeZone: F.utc))
    }

    @Test func recurring_atFarButRepresentableInstants_keepsWallClockSemantics() {
        let bedtime = F.recurring(.daily, window: F.window(20, 0, 20, 30))
        let tenPastEight: TimeInterval = 20 * 3600 + 600
        #expect(bedtime.isActive(at: Date.distantFuture + tenPastEight, timeZone: F.utc))
        #expect(!bedtime.isActive(at: Date.distantFuture, timeZone: F.utc))
        #expect(bedtime.isActive(at: Date.distantPast + tenPastEight, timeZone: F.utc))
        // The last supported second, in a zone with DST rules, still reads as wall-clock time.
        let edge = Date(timeIntervalSince1970: LocalDateTime.supportedSeconds)
        #expect(LocalDateTime(edge, in: F.zone("Europe/Berlin")) != nil)
        #expect(LocalDateTime(edge + 1, in: F.zone("Europe/Berlin")) == nil)
    }

    @Test func recurring_withHugeInterval_doesNotOverflow() {
        for frequency in RecurrenceFrequency.allCases {
            let rule = TimeRule(
                type: .recurring, startTime: F.at("2026-03-04T12:00:00Z"),
                recurrence: RecurrenceRule(frequency: frequency, interval: .max))
            #expect(rule.isActive(at: F.at("2026-03-04T13:00:00Z"), timeZone: F.utc))
            #expect(!rule.isActive(at: F.at("2026-04-04T13:00:00Z"), timeZone: F.utc))
        }
    }
}
