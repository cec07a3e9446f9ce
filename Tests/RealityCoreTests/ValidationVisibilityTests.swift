import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationVisibilityTests {
    typealias Case = ValidationCase<VisibilityRules>

    static func window(_ hour: Int, _ minute: Int, _ endHour: Int, _ endMinute: Int) -> TimeOfDay {
        TimeOfDay(hour: hour, minute: minute, endHour: endHour, endMinute: endMinute)
    }

    static func recurring(_ recurrence: RecurrenceRule, start: Date? = nil) -> TimeRule {
        TimeRule(type: .recurring, startTime: start, recurrence: recurrence)
    }

    static let listCases: [Case] = [
        .valid("no rules") { $0 = VisibilityRules() },
        .valid("empty lists") { $0 = VisibilityRules(timeRules: [], locationRules: []) },
        .valid("20 time rules") { $0.timeRules = Array(repeating: TimeRule(type: .always), count: 20) },
        .invalid("21 time rules", "timeRules", .tooMany(limit: 20)) {
            $0.timeRules = Array(repeating: TimeRule(type: .always), count: 21)
        },
        .valid("10 location rules") { $0.locationRules = Array(repeating: LocationRule(type: .always), count: 10) },
        .invalid("11 location rules", "locationRules", .tooMany(limit: 10)) {
            $0.locationRules = Array(repeating: LocationRule(type: .always), count: 11)
        },
        .valid("expires in range") { $0.expiresAt = Fixture.later },
        .invalid("expiresAt NaN", "expiresAt", .notFinite) { $0.expiresAt = Fixture.nanDate },
        .invalid("expiresAt after 9999", "expiresAt", Fixture.dateBounds) { $0.expiresAt = Fixture.after9999 },
        .valid("expires after 1 view") { $0.expiresAfterViews = 1 },
        .valid("expires after 1,000,000 views") { $0.expiresAfterViews = 1_000_000 },
        .invalid("expires after 0 views", "expiresAfterViews", .outOfRange(minimum: 1, maximum: 1_000_000)) {
            $0.expiresAfterViews = 0
        },
        .invalid("expires after 1,000,001 views", "expiresAfterViews", .outOfRange(minimum: 1, maximum: 1_000_000)) {
            $0.expiresAfterViews = 1_000_001
        },
    ]

    static let timeRuleCases: [Case] = [
        .valid("always") { $0.timeRules = [TimeRule(type: .always)] },
        .invalid(
            "always with a recurrence", "timeRules[0].recurrence",
            .notAllowed(detail: "only a recurring rule has a recurrence")
        ) {
            $0.timeRules = [TimeRule(type: .always, recurrence: RecurrenceRule(frequency: .daily))]
        },
        .valid("range with start only") { $0.timeRules = [TimeRule(type: .timeRange, startTime: Fixture.date)] },
        .valid("range with end only") { $0.timeRules = [TimeRule(type: .timeRange, endTime: Fixture.date)] },
        .valid("range with start before end") {
            $0.timeRules = [TimeRule(type: .timeRange, startTime: Fixture.date, endTime: Fixture.later)]
        },
        .invalid("range without bounds", "timeRules[0].startTime", .required) {
            $0.timeRules = [TimeRule(type: .timeRange)]
        },
        .invalid("range ending at its start", "timeRules[0].endTime", .notAllowed(detail: "must be after startTime")) {
            $0.timeRules = [TimeRule(type: .timeRange, startTime: Fixture.date, endTime: Fixture.date)]
        },
        .invalid(
            "range ending before its start", "timeRules[1].endTime", .notAllowed(detail: "must be after startTime")
        ) {
            $0.timeRules = [
                TimeRule(type: .always), TimeRule(type: .timeRange, startTime: Fixture.date, endTime: Fixture.earlier),
            ]
        },
        .invalid(
            "range with a recurrence", "timeRules[0].recurrence",
            .notAllowed(detail: "only a recurring rule has a recurrence")
        ) {
            $0.timeRules = [
                TimeRule(type: .timeRange, startTime: Fixture.date, recurrence: RecurrenceRule(frequency: .daily))
            ]
        },
        .invalid("start NaN", "timeRules[0].startTime", .notFinite) {
            $0.timeRules = [TimeRule(type: .timeRange, startTime: Fixture.nanDate)]
        },
        .invalid("end before 1970", "timeRules[0].endTime", Fixture.dateBounds) {
            $0.timeRules = [TimeRule(type: .timeRange, endTime: Fixture.before1970)]
        },
        .invalid("recurring without a recurrence", "timeRules[0].recurrence", .required) {
            $0.timeRules = [TimeRule(type: .recurring)]
        },
        .valid("every day without a start (the seed's bedtime)") { $0 = Fixture.bedtime() },
        .valid("weekly on weekdays without a start") {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .weekly, daysOfWeek: [2, 3, 4, 5, 6]))]
        },
        .invalid("monthly without a start", "timeRules[0].startTime", .required) {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .monthly))]
        },
        .valid("monthly with a start") {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .monthly), start: Fixture.date)]
        },
        .invalid("every second day without a start", "timeRules[0].startTime", .required) {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .daily, interval: 2))]
        },
        .invalid("weekly without weekdays or start", "timeRules[0].startTime", .required) {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .weekly))]
        },
        .invalid("every second week on Mondays without a start", "timeRules[0].startTime", .required) {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .weekly, interval: 2, daysOfWeek: [2]))]
        },
        .valid("every second week with a start") {
            $0.timeRules = [recurring(RecurrenceRule(frequency: .weekly, interval: 2), start: Fixture.date)]
        },
        .invalid(
            "recurrence ending before it starts", "timeRules[0].endTime", .notAllowed(detail: "must be after startTime")
        ) {
            $0.timeRules = [
                TimeRule(
                    type: .recurring, startTime: Fixture.date, endTime: Fixture.earlier,
                    recurrence: RecurrenceRule(frequency: .daily))
            ]
        },
    ]

    /// Cases for a recurrence, placed in the first time rule with a start.
    static func recurrence(
        _ name: String, _ field: String? = nil, _ reason: ValidationError.Reason? = nil,
        _ change: @escaping @Sendable (inout RecurrenceRule) -> Void
    ) -> Case {
        let apply: @Sendable (inout VisibilityRules) -> Void = { rules in
            var recurrence = RecurrenceRule(frequency: .weekly)
            change(&recurrence)
            rules.timeRules = [recurring(recurrence, start: Fixture.date)]
        }
        guard let field, let reason else { return .valid(name, apply) }
        return .invalid(name, "timeRules[0].recurrence." + field, reason, apply)
    }

    static let recurrenceCases: [Case] = [
        recurrence("interval 1") { $0.interval = 1 },
        recurrence("interval 1000") { $0.interval = 1_000 },
        recurrence("interval 0", "interval", .outOfRange(minimum: 1, maximum: 1_000)) { $0.interval = 0 },
        recurrence("interval -1", "interval", .outOfRange(minimum: 1, maximum: 1_000)) { $0.interval = -1 },
        recurrence("interval 1001", "interval", .outOfRange(minimum: 1, maximum: 1_000)) { $0.interval = 1_001 },
        recurrence("Sunday and Saturday") { $0.daysOfWeek = [1, 7] },
        recurrence("no weekdays listed", "daysOfWeek", .required) { $0.daysOfWeek = [] },
        recurrence("weekday 0", "daysOfWeek[0]", .outOfRange(minimum: 1, maximum: 7)) { $0.daysOfWeek = [0] },
        recurrence("weekday 8", "daysOfWeek[1]", .outOfRange(minimum: 1, maximum: 7)) { $0.daysOfWeek = [1, 8] },
        recurrence("a weekday twice", "daysOfWeek[2]", .duplicate) { $0.daysOfWeek = [2, 3, 2] },
        recurrence("a million Mondays", "daysOfWeek[1]", .duplicate) {
            $0.daysOfWeek = Array(repeating: 2, count: 1_000_000)
        },
        recurrence("monthly on weekdays", "daysOfWeek", .notAllowed(detail: "a monthly rule has no days of the week")) {
            $0.frequency = .monthly
            $0.daysOfWeek = [2]
        },
        recurrence("zone Europe/Berlin") { $0.timeZone = "Europe/Berlin" },
        recurrence("zone UTC") { $0.timeZone = "UTC" },
        recurrence("unknown zone", "timeZone", .invalidFormat(expected: "an IANA time zone such as \"Europe/Berlin\""))
        {
            $0.timeZone = "Mars/Olympus_Mons"
        },
        recurrence("empty zone", "timeZone", .invalidFormat(expected: "an IANA time zone such as \"Europe/Berlin\"")) {
            $0.timeZone = ""
        },
        recurrence("10 MB zone", "timeZone", .invalidFormat(expected: "an IANA time zone such as \"Europe/Berlin\"")) {
            $0.timeZone = Fixture.huge()
        },
        recurrence("window across midnight") { $0.timeOfDay = window(22, 0, 6, 0) },
        recurrence("window 23:59 to 00:00") { $0.timeOfDay = window(23, 59, 0, 0) },
        recurrence("window 00:00 to 23:59") { $0.timeOfDay = window(0, 0, 23, 59) },
        recurrence("hour -1", "timeOfDay.hour", .outOfRange(minimum: 0, maximum: 23)) {
            $0.timeOfDay = window(-1, 0, 8, 0)
        },
        recurrence("hour 24", "timeOfDay.hour", .outOfRange(minimum: 0, maximum: 23)) {
            $0.timeOfDay = window(24, 0, 8, 0)
        },
        recurrence("minute 60", "timeOfDay.minute", .outOfRange(minimum: 0, maximum: 59)) {
            $0.timeOfDay = window(7, 60, 8, 0)
        },
        recurrence("end hour 24", "timeOfDay.endHour", .outOfRange(minimum: 0, maximum: 23)) {
            $0.timeOfDay = window(7, 0, 24, 0)
        },
        recurrence("end minute -1", "timeOfDay.endMinute", .outOfRange(minimum: 0, maximum: 59)) {
            $0.timeOfDay = window(7, 0, 8, -1)
        },
        recurrence("empty window", "timeOfDay", .notAllowed(detail: "the window is empty: it ends when it starts")) {
            $0.timeOfDay = window(20, 30, 20, 30)
        },
    ]

    static let locationCases: [Case] =
        [
            .valid("always, without a radius") { $0.locationRules = [LocationRule(type: .always)] },
            .invalid(
                "always with a radius", "locationRules[0].radiusMeters",
                .notAllowed(detail: "an always rule has no radius")
            ) {
                $0.locationRules = [LocationRule(type: .always, radiusMeters: 5)]
            },
            .invalid("proximity without a radius", "locationRules[0].radiusMeters", .required) {
                $0.locationRules = [LocationRule(type: .proximity)]
            },
            .valid("radius 0.1 m") { $0.locationRules = [LocationRule(type: .proximity, radiusMeters: 0.1)] },
            .valid("radius 10 km") { $0.locationRules = [LocationRule(type: .proximity, radiusMeters: 10_000)] },
            .invalid(
                "radius just under 0.1 m", "locationRules[0].radiusMeters", .outOfRange(minimum: 0.1, maximum: 10_000)
            ) {
                $0.locationRules = [LocationRule(type: .proximity, radiusMeters: 0.1.nextDown)]
            },
            .invalid("radius 0", "locationRules[0].radiusMeters", .outOfRange(minimum: 0.1, maximum: 10_000)) {
                $0.locationRules = [LocationRule(type: .proximity, radiusMeters: 0)]
            },
            .invalid(
                "radius just over 10 km", "locationRules[1].radiusMeters", .outOfRange(minimum: 0.1, maximum: 10_000)
            ) {
                $0.locationRules = [
                    LocationRule(type: .always), LocationRule(type: .proximity, radiusMeters: 10_000.nextUp),
                ]
            },
        ]
        + Fixture.nonFiniteDoubles.map { value in
            Case.invalid("radius \(value)", "locationRules[0].radiusMeters", .notFinite) {
                $0.locationRules = [LocationRule(type: .proximity, radiusMeters: value)]
            }
        }

    @Test(arguments: listCases + timeRuleCases)
    func visibilityRules_checkListsExpiryAndTimeRules(_ testCase: Case) {
        #expect(
            testCase.run(on: VisibilityRules()) { r throws(ValidationError) in try r.validate() } == testCase.expected)
    }

    @Test(arguments: recurrenceCases + locationCases)
    func visibilityRules_checkRecurrencesAndLocations(_ testCase: Case) {
        #expect(
            testCase.run(on: VisibilityRules()) { r throws(ValidationError) in try r.validate() } == testCase.expected)
    }

    @Test func seedBedtimeRule_isValid() throws {
        #expect(throws: Never.self) { try Fixture.bedtime().validate() }
        let recurrence = try #require(Fixture.bedtime().timeRules?.first?.recurrence)
        #expect(!recurrence.needsStartTime)
    }

    @Test func partsValidatedAlone_nameTheirOwnFields() {
        #expect(throws: ValidationError(field: "timeOfDay.endHour", reason: .outOfRange(minimum: 0, maximum: 23))) {
            try Self.window(1, 0, 99, 0).validate()
        }
        #expect(throws: ValidationError(field: "recurrence.interval", reason: .outOfRange(minimum: 1, maximum: 1_000)))
        {
            try RecurrenceRule(frequency: .daily, interval: 0).validate()
        }
        #expect(throws: ValidationError(field: "startTime", reason: .required)) {
            try TimeRule(type: .timeRange).validate()
        }
        #expect(throws: ValidationError(field: "radiusMeters", reason: .required)) {
            try LocationRule(type: .proximity).validate()
        }
    }
}
