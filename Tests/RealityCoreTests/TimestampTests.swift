import Foundation
import Testing

@testable import RealityCore

@Suite struct TimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00.000Z", Int64(0)),
        ("2026-11-21T12:15:04.123Z", Int64(1_795_263_304_123)),
        ("2024-02-29T23:59:59.999Z", Int64(1_709_251_199_999)),
        ("1969-12-31T23:59:59.000Z", Int64(-1000)),
    ])
    func formatAndParse_roundTrip(text: String, milliseconds: Int64) throws {
        let date = Timestamp.date(milliseconds: milliseconds)
        #expect(Timestamp.format(date) == text)
        #expect(Timestamp.parse(text) == date)
    }

    @Test(arguments: [
        ("2026-11-21T12:15:04Z", "2026-11-21T12:15:04.000Z"),
        ("2026-11-21T13:15:04.5+01:00", "2026-11-21T12:15:04.500Z"),
        ("2026-11-21T07:15:04.123456-05:00", "2026-11-21T12:15:04.123Z"),
        ("2026-11-21t12:15:04z", "2026-11-21T12:15:04.000Z"),
    ])
    func parse_acceptsOffsetsAndFractions(text: String, canonical: String) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(Timestamp.format(date) == canonical)
    }

    @Test(arguments: [
        "", "2026-11-21", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-11-21T24:00:00Z", "2026-11-21T12:60:00Z", "2026-11-21T12:00:00", "2026-11-21T12:00:00.Z",
        "2026-11-21T12:00:00+0100", "2026-11-21 12:00:00Z", "not a date at all, not even close",
        "2026-11-21T12:00:00Z trailing",
    ])
    func parse_rejectsMalformed(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func now_isWholeMilliseconds() {
        let now = Timestamp.now()
        #expect(Timestamp.date(milliseconds: Timestamp.milliseconds(now)) == now)
    }

    @Test func civilDate_matchesFoundationCalendarAcrossCenturies() throws {
        // From 1586 on: Foundation switches to the Julian calendar before 1582.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: Int64(-140_000), through: 800_000, by: 997) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilDate.civil(fromDays: days)
            #expect(civil.year == Int64(parts.year!) && civil.month == parts.month! && civil.day == parts.day!)
            #expect(CivilDate.days(year: civil.year, month: civil.month, day: civil.day) == days)
            #expect(CivilDate.weekday(ofDays: days) == parts.weekday!)
        }
    }
}
