import Foundation
import SeededRandom
import Testing

@testable import OutOfBoxCore

/// When reminders go out (issue 22): inside the window, in the person's zone, across
/// daylight-saving changes in two zones, and at the hour the timing model learned.
@Suite struct ReminderTimesTests {
    static func times(
        _ days: [String], window: TimeWindowDTO, zone: TimeZone, timing: TimingModel = TimingModel(), seeds: Int = 50
    ) -> [Date?] {
        days.flatMap { day in
            (0..<seeds).map { seed in
                var random = SplitMix64(seed: UInt64(seed))
                return ReminderTimes.time(
                    on: Fixtures.day(day), window: window, zone: zone, timing: timing, using: &random)
            }
        }
    }

    @Test func reminders_fallInsideTheWindow_acrossDaylightSavingChanges_inTwoZones() {
        let newYork = Fixtures.zone("America/New_York")  // 2026-03-08 02:00 -> 03:00; 2026-11-01 02:00 -> 01:00
        let berlin = Fixtures.zone("Europe/Berlin")  // 2026-03-29 02:00 -> 03:00; 2026-10-25 03:00 -> 02:00
        let cases: [(TimeZone, [String])] = [
            (newYork, ["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"]),
            (berlin, ["2026-03-28", "2026-03-29", "2026-03-30", "2026-10-24", "2026-10-25", "2026-10-26"]),
        ]
        let windows = [
            TimeWindowDTO(start: "09:00", end: "18:00"),
            // Straddles the hour the clocks skip or repeat.
            TimeWindowDTO(start: "01:30", end: "03:45"),
            // Past midnight.
            TimeWindowDTO(start: "22:00", end: "01:00"),
        ]
        for (zone, days) in cases {
            for window in windows {
                let times = Self.times(days, window: window, zone: zone)
                #expect(times.allSatisfy { $0 != nil }, "\(zone.identifier) \(window)")
                for time in times.compactMap({ $0 }) {
                    #expect(
                        ReminderTimes.isInside(time, window: window, zone: zone), "\(time) \(zone.identifier) \(window)"
                    )
                    #expect(
                        ReminderTimes.isInside(
                            time.addingTimeInterval(ChallengeReminder.closingMargin - 60), window: window, zone: zone),
                        "due at least the margin before the window closes")
                }
            }
        }
    }

    @Test func theDay_isThePersonsLocalDay() {
        let zone = Fixtures.zone("Pacific/Auckland")
        let times = Self.times(
            ["2026-06-15"], window: TimeWindowDTO(start: "07:00", end: "08:00"), zone: zone, seeds: 5)
        for time in times.compactMap({ $0 }) {
            #expect(LocalDay(time, in: zone) == Fixtures.day("2026-06-15"))
            #expect(LocalDay(time, in: .gmt) == Fixtures.day("2026-06-14"), "the evening before in UTC")
        }
    }

    @Test func theHour_isTheOneThePersonActsOn() {
        var timing = TimingModel()
        for _ in 0..<20 { timing.record(sentAt: 15, acted: true) }
        for hour in [9, 10, 11, 12, 13, 17] { for _ in 0..<5 { timing.record(sentAt: hour, acted: false) } }
        let zone = Fixtures.zone("Europe/Berlin")
        let times = Self.times(
            ["2026-06-15"], window: TimeWindowDTO(start: "09:00", end: "18:00"), zone: zone, timing: timing, seeds: 100)
        let hours = times.compactMap { $0 }.map { PersonModel.hour(of: $0, in: zone) }
        #expect(hours.filter { (14...16).contains($0) }.count > 80, "\(hours)")
    }

    @Test func aWindowWithNoTimeAtAll_givesNone() {
        var random = SplitMix64(seed: 1)
        #expect(
            ReminderTimes.time(
                on: Fixtures.day("2026-06-15"), window: TimeWindowDTO(start: "09:00", end: "09:00"), zone: .gmt,
                timing: TimingModel(), using: &random) == nil)
    }
}
