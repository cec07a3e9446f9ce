import Foundation
import Testing

@testable import RealityCore

/// Frequencies, intervals, weekdays and the monthly clamp, all read in UTC unless stated.
@Suite struct VisibilityRecurrenceTests {
    typealias F = VisibilityFixture

    /// True when `rule` is active at noon UTC, `days` days after Monday 2026-03-02.
    private func activeAtNoon(_ rule: TimeRule, daysAfterStart days: Int) -> Bool {
        rule.isActive(at: F.noonUTC(daysAfterMonday20260302: days), timeZone: F.utc)
    }

    @Test(arguments: [1, 2, 3])
    func daily_occursEveryIntervalDaysCountedFromStart(interval: Int) {
        let rule = F.recurring(.daily, interval: interval, from: "2026-03-02T00:00:00Z")
        for day in 0..<10 {
            #expect(activeAtNoon(rule, daysAfterStart: day) == (day % interval == 0), "day \(day)")
        }
        #expect(!activeAtNoon(rule, daysAfterStart: -interval))
    }

    @Test(arguments: [1, 2, 3])
    func weekly_withoutDays_occursOnTheStartWeekdayEveryIntervalWeeks(interval: Int) {
        // Starts Wednesday 2026-03-04.
        let rule = F.recurring(.weekly, interval: interval, from: "2026-03-04T00:00:00Z")
        for week in 0..<7 {
            let wednesday = 2 + 7 * week
            #expect(activeAtNoon(rule, daysAfterStart: wednesday) == (week % interval == 0), "week \(week)")
            #expect(!activeAtNoon(rule, daysAfterStart: wednesday + 1))
            #expect(!activeAtNoon(rule, daysAfterStart: wednesday - 1))
        }
    }

    @Test(arguments: [1, 2, 3])
    func monthly_occursOnTheStartDayEveryIntervalMonths(interval: Int) {
        let rule = F.recurring(.monthly, interval: interval, from: "2026-01-15T00:00:00Z")
        for month in 0..<14 {
            let year = 2026 + month / 12
            let monthNumber = month % 12 + 1
            let name = "\(year)-" + (monthNumber < 10 ? "0" : "") + "\(monthNumber)"
            let fifteenth = F.at("\(name)-15T12:00:00Z")
            let sixteenth = F.at("\(name)-16T12:00:00Z")
            #expect(rule.isActive(at: fifteenth, timeZone: F.utc) == (month % interval == 0), "\(name)")
            #expect(!rule.isActive(at: sixteenth, timeZone: F.utc))
        }
        #expect(!rule.isActive(at: F.at("2025-12-15T12:00:00Z"), timeZone: F.utc))
    }

    @Test func daily_withDaysOfWeek_occursOnlyOnThoseWeekdays() {
        // Monday, Wednesday, Friday.
        let rule = F.recurring(.daily, daysOfWeek: [2, 4, 6], from: "2026-03-02T00:00:00Z")
        let expected = [true, false, true, false, true, false, false, true]
        for (day, active) in expected.enumerated() {
            #expect(activeAtNoon(rule, daysAfterStart: day) == active, "day \(day)")
        }
    }

    @Test func daily_withIntervalAndDaysOfWeek_requiresBoth() {
        // Every other day from Monday, restricted to Mondays and Wednesdays.
        let rule = F.recurring(.daily, interval: 2, daysOfWeek: [2, 4], from: "2026-03-02T00:00:00Z")
        let active = (0..<16).filter { activeAtNoon(rule, daysAfterStart: $0) }
        // Mon 0, Wed 2, Mon 14 (even); Mon 7 and Wed 9 are odd days, Wed 16 is beyond.
        #expect(active == [0, 2, 14])
    }

    @Test func weekly_withDaysOfWeek_occursOnThoseDaysOfEveryIntervalWeek() {
        // Every other week, Mondays and Fridays, starting Wednesday 2026-03-04.
        let rule = F.recurring(.weekly, interval: 2, daysOfWeek: [2, 6], from: "2026-03-04T00:00:00Z")
        let active = (0..<21).filter { activeAtNoon(rule, daysAfterStart: $0) }
        // Week 0: Monday the 2nd is before the start, Friday the 6th counts; week 2: 16th, 20th.
        #expect(active == [4, 14, 18])
    }

    @Test func weekly_weeksStartOnMonday() {
        // Started on a Sunday: that Sunday closes week 0, and the next day opens week 1.
        let rule = F.recurring(.weekly, interval: 2, daysOfWeek: [1, 2], from: "2026-03-08T00:00:00Z")
        let active = (0..<22).filter { activeAtNoon(rule, daysAfterStart: $0) }
        // Sunday 8th (6), then Monday 16th (14) and Sunday 22nd (20); not Monday 9th (7).
        #expect(active == [6, 14, 20])
    }

    @Test func withoutStart_onlyIntervalOnePatternsThatNeedNoAnchorOccur() {
        let daily = F.recurring(.daily)
        let weeklyOnDays = F.recurring(.weekly, daysOfWeek: [3])
        #expect((0..<7).allSatisfy { activeAtNoon(daily, daysAfterStart: $0) })
        #expect((0..<7).filter { activeAtNoon(weeklyOnDays, daysAfterStart: $0) } == [1])

        let neverActive = [
            F.recurring(.daily, interval: 2),
            F.recurring(.weekly),
            F.recurring(.weekly, interval: 2, daysOfWeek: [3]),
            F.recurring(.monthly),
        ]
        for rule in neverActive {
            #expect((0..<35).allSatisfy { !activeAtNoon(rule, daysAfterStart: $0) }, "\(rule)")
        }
    }

    @Test(arguments: [
        // (start day, instant, active): clamped to the last day of shorter months
        ("2026-01-31", "2026-02-28T12:00:00Z", true),
        ("2026-01-31", "2026-02-27T12:00:00Z", false),
        ("2026-01-31", "2026-03-31T12:00:00Z", true),
        ("2026-01-31", "2026-03-30T12:00:00Z", false),
        ("2026-01-31", "2026-04-30T12:00:00Z", true),
        ("2026-01-31", "2028-02-29T12:00:00Z", true),
        ("2026-01-31", "2028-02-28T12:00:00Z", false),
        ("2026-01-30", "2027-02-28T12:00:00Z", true),
        ("2026-01-30", "2028-02-29T12:00:00Z", true),
        ("2026-01-30", "2028-02-28T12:00:00Z", false),
        ("2026-01-30", "2026-03-30T12:00:00Z", true),
        ("2026-01-30", "2026-03-31T12:00:00Z", false),
        ("2026-01-30", "2026-04-30T12:00:00Z", true),
        ("2026-01-30", "2026-04-29T12:00:00Z", false),
        ("2026-01-29", "2027-02-28T12:00:00Z", true),
        ("2026-01-29", "2027-02-27T12:00:00Z", false),
        ("2026-01-29", "2028-02-29T12:00:00Z", true),
        ("2026-01-29", "2028-02-28T12:00:00Z", false),
        ("2026-01-29", "2026-04-29T12:00:00Z", true),
        ("2026-01-29", "2026-04-30T12:00:00Z", false),
        ("2028-02-29", "2029-02-28T12:00:00Z", true),
        ("2028-02-29", "2028-03-29T12:00:00Z", true),
    ])
    func monthly_startedLateInTheMonth_clampsToShorterMonths(start: String, instant: String, active: Bool) {
        let rule = F.recurring(.monthly, from: "\(start)T00:00:00Z")
        #expect(rule.isActive(at: F.at(instant), timeZone: F.utc) == active)
    }

    @Test(arguments: [
        RecurrenceRule(frequency: .daily, interval: 0),
        RecurrenceRule(frequency: .weekly, interval: -1, daysOfWeek: [2]),
        RecurrenceRule(frequency: .monthly, interval: .min),
        RecurrenceRule(frequency: .daily, daysOfWeek: [0, 2]),
        RecurrenceRule(frequency: .weekly, daysOfWeek: [8]),
        RecurrenceRule(frequency: .monthly, daysOfWeek: [2]),
        RecurrenceRule(frequency: .daily, timeOfDay: TimeOfDay(hour: 11, minute: 60, endHour: 13, endMinute: 0)),
    ])
    func malformed_isNeverActive(recurrence: RecurrenceRule) {
        let rule = TimeRule(type: .recurring, startTime: F.at("2026-03-02T00:00:00Z"), recurrence: recurrence)
        // Noon on every day of five weeks: a well-formed variant of each would hit some of them.
        for day in 0..<35 {
            #expect(!activeAtNoon(rule, daysAfterStart: day))
        }
    }

    @Test func emptyDaysOfWeek_meansEveryWeekday() {
        let daily = F.recurring(.daily, daysOfWeek: [], from: "2026-03-02T00:00:00Z")
        let monthly = F.recurring(.monthly, daysOfWeek: [], from: "2026-03-02T00:00:00Z")
        #expect((0..<7).allSatisfy { activeAtNoon(daily, daysAfterStart: $0) })
        #expect(activeAtNoon(monthly, daysAfterStart: 31))
    }
}
