import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationFieldCheckTests {
    @Test(arguments: [
        ("", 0, true), ("a", 0, false), ("abc", 3, true), ("abcd", 3, false),
        ("👨‍👩‍👧👨‍👩‍👧", 2, true), ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 2, false), ("e\u{301}", 1, true),
    ])
    func fits_countsGraphemesNotBytes(_ text: String, _ limit: Int, _ fits: Bool) {
        #expect(FieldCheck.fits(text, characters: limit) == fits)
    }

    @Test func fits_treatsMoreThan64BytesPerAllowedCharacterAsTooLong() {
        // One grapheme of 1 + 64 × 2 bytes: within one character, but past 64 bytes per character.
        let heavy = "a" + String(repeating: "\u{301}", count: 64)
        #expect(heavy.count == 1)
        #expect(!FieldCheck.fits(heavy, characters: 1))
        let justUnder = "a" + String(repeating: "\u{301}", count: 31)
        #expect(FieldCheck.fits(justUnder, characters: 1))
    }

    @Test(arguments: [("  Family  ", "Family"), ("\n\tA B\u{3000}", "A B"), ("   ", ""), ("", ""), ("x", "x")])
    func trimmed_dropsWhiteSpaceAtBothEnds(_ text: String, _ expected: String) {
        #expect(FieldCheck.trimmed(text) == expected)
    }

    // Seconds since 1970 rather than dates: Foundation's `Date.description`, which the test
    // library uses to name arguments, traps on NaN and on dates this far out.
    @Test(
        arguments: [
            (0, nil),
            (253_402_300_799.999, nil),
            (-0.001, Fixture.dateBounds),
            (253_402_300_800, Fixture.dateBounds),
            (1e300, Fixture.dateBounds),
            (-1e300, Fixture.dateBounds),
            (.nan, .notFinite),
            (.infinity, .notFinite),
            (-.infinity, .notFinite),
        ] as [(Double, ValidationError.Reason?)])
    func date_mustBeFiniteAndWithinYears1970To9999(_ seconds: Double, _ reason: ValidationError.Reason?) {
        let date = Date(timeIntervalSince1970: seconds)
        let expected = reason.map { ValidationError(field: "when", reason: $0) }
        #expect(outcome { () throws(ValidationError) in try FieldCheck.date(date, field: "when") } == expected)
    }

    @Test func dateBounds_areTheDocumentedInstants() {
        #expect(Timestamp.format(ValidationLimits.earliestDate) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(ValidationLimits.latestDate) == "9999-12-31T23:59:59.999Z")
    }

    @Test func errors_haveCodesAndMessagesNamingTheField() {
        let error = ValidationError(
            field: "visibilityRules.timeRules[0].recurrence.interval",
            reason: .outOfRange(minimum: 1, maximum: 1_000))
        #expect(error.code == "out_of_range")
        #expect(error.message == "visibilityRules.timeRules[0].recurrence.interval must be between 1 and 1000.")
    }
}
