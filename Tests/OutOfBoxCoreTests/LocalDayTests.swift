import Foundation
import Testing

@testable import OutOfBoxCore

/// The person's local day: midnight and daylight-saving changes in several zones.
@Suite struct LocalDayTests {
    @Test(arguments: [
        // Berlin: UTC+1 in winter; 23:30 UTC is already the next day there.
        ("2026-11-26T22:59:59Z", "Europe/Berlin", "2026-11-26"),
        ("2026-11-26T23:00:00Z", "Europe/Berlin", "2026-11-27"),
        // Los Angeles: UTC-8 in winter; 07:59 UTC is still the day before.
        ("2026-11-27T07:59:59Z", "America/Los_Angeles", "2026-11-26"),
        ("2026-11-27T08:00:00Z", "America/Los_Angeles", "2026-11-27"),
        // Auckland: UTC+13 in its summer.
        ("2026-11-27T10:59:59Z", "Pacific/Auckland", "2026-11-27"),
        ("2026-11-27T11:00:00Z", "Pacific/Auckland", "2026-11-28"),
        // Berlin springs forward at 01:00 UTC on 2026-03-29: midnight was at 23:00 UTC the evening before.
        ("2026-03-28T22:59:59Z", "Europe/Berlin", "2026-03-28"),
        ("2026-03-28T23:00:00Z", "Europe/Berlin", "2026-03-29"),
        // ... and the next midnight comes only 23 hours later, at 22:00 UTC.
        ("2026-03-29T21:59:59Z", "Europe/Berlin", "2026-03-29"),
        ("2026-03-29T22:00:00Z", "Europe/Berlin", "2026-03-30"),
        // Los Angeles falls back on 2026-11-01: that day lasts 25 hours, 07:00 UTC to 08:00 UTC next day.
        ("2026-11-02T07:59:59Z", "America/Los_Angeles", "2026-11-01"),
        ("2026-11-02T08:00:00Z", "America/Los_Angeles", "2026-11-02"),
    ])
    func anInstant_fallsOnTheZonesDay(instant: String, zone: String, day: String) {
        #expect(LocalDay(Fixtures.instant(instant), in: Fixtures.zone(zone)).description == day)
    }

    @Test func aDaysStart_isItsFirstMomentInTheZone() {
        let berlin = Fixtures.zone("Europe/Berlin")
        #expect(Fixtures.day("2026-03-29").start(in: berlin) == Fixtures.instant("2026-03-28T23:00:00Z"))
        #expect(Fixtures.day("2026-03-30").start(in: berlin) == Fixtures.instant("2026-03-29T22:00:00Z"))
    }

    @Test func daysCount_acrossMonthsYearsAndLeapDays() {
        #expect(Fixtures.day("2028-03-01").days(since: Fixtures.day("2028-02-28")) == 2)
        #expect(Fixtures.day("2027-01-01").days(since: Fixtures.day("2026-12-31")) == 1)
        #expect(Fixtures.day("2026-12-31").adding(days: 1) == Fixtures.day("2027-01-01"))
        #expect(Fixtures.day("2026-03-01").adding(days: -1) == Fixtures.day("2026-02-28"))
        #expect(Fixtures.day("2026-01-01").adding(days: 365) == Fixtures.day("2027-01-01"))
    }

    @Test(arguments: [
        "", "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026-01-32", "x", "2026-01-01T",
    ])
    func aMalformedDay_isRefused(text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func aDay_roundTripsAsJSON() throws {
        let day = Fixtures.day("2026-11-27")
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-11-27"]"#)
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [day])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDay].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
    }

    @Test func anAssignment_writesItsIDsInLowercase_andReadsEitherCase() throws {
        let item = UserChallenge(
            userID: UUID(), challengeID: "c", localDay: Fixtures.day("2026-11-27"), assignedAt: Fixtures.epoch)
        let text = String(decoding: try JSONEncoder().encode(item), as: UTF8.self)
        #expect(text.contains(item.id.uuidString.lowercased()) && text.contains(item.userID.uuidString.lowercased()))
        #expect(!text.contains(item.id.uuidString), "not the uppercase form")
        let upper = text.replacingOccurrences(of: item.id.uuidString.lowercased(), with: item.id.uuidString)
        #expect(try JSONDecoder().decode(UserChallenge.self, from: Data(upper.utf8)) == item)
    }

    @Test func seasons_turnWithTheHemisphere() {
        #expect(Seasonality.of(Fixtures.day("2026-01-15"), in: .northern) == .winter)
        #expect(Seasonality.of(Fixtures.day("2026-01-15"), in: .southern) == .summer)
        #expect(Seasonality.of(Fixtures.day("2026-04-15"), in: .northern) == .spring)
        #expect(Seasonality.of(Fixtures.day("2026-04-15"), in: .southern) == .autumn)
        #expect(Seasonality.of(Fixtures.day("2026-10-15"), in: .southern) == .spring)
        #expect(Seasonality.of(Fixtures.day("2026-12-01"), in: .northern) == .winter)
    }
}
