import Foundation
import Testing

@testable import RealityCore

/// How the parts of ``VisibilityRules`` combine, and the context they are read in.
@Suite struct VisibilityRulesTests {
    typealias F = VisibilityFixture

    static let now = F.at("2026-05-01T12:00:00Z")
    static let activeRange = TimeRule(type: .timeRange, startTime: F.at("2026-05-01T00:00:00Z"))
    static let pastRange = TimeRule(type: .timeRange, endTime: F.at("2026-04-01T00:00:00Z"))
    static let near = LocationRule(type: .proximity, radiusMeters: 5)

    @Test(arguments: [
        VisibilityRules(),
        VisibilityRules(timeRules: []),
        VisibilityRules(locationRules: []),
        VisibilityRules(timeRules: [], locationRules: []),
        VisibilityRules(timeRules: [TimeRule(type: .always)]),
        VisibilityRules(locationRules: [LocationRule(type: .always)]),
    ])
    func nilEmptyOrAlwaysRules_areVisible(rules: VisibilityRules) {
        #expect(rules.isVisible(at: Self.now, context: VisibilityContext()))
    }

    @Test(arguments: [
        ("2026-05-01T11:59:59.999Z", true),
        ("2026-05-01T12:00:00Z", false),
        ("2026-05-01T14:00:00+02:00", false),
        ("2026-06-01T00:00:00Z", false),
    ])
    func expiresAt_hidesAtAndAfterTheInstant(instant: String, visible: Bool) {
        let rules = VisibilityRules(expiresAt: Self.now)
        #expect(rules.isVisible(at: F.at(instant), context: VisibilityContext()) == visible)
    }

    @Test(arguments: [(3, 0, true), (3, 2, true), (3, 3, false), (3, 4, false), (1, 0, true), (0, 0, false)])
    func expiresAfterViews_hidesOnceTheCountIsReached(limit: Int, views: Int, visible: Bool) {
        let rules = VisibilityRules(expiresAfterViews: limit)
        #expect(rules.isVisible(at: Self.now, context: VisibilityContext(viewCount: views)) == visible)
    }

    @Test func timeRules_anyActiveRuleSuffices() {
        let context = VisibilityContext()
        #expect(
            VisibilityRules(timeRules: [Self.pastRange, Self.activeRange]).isVisible(at: Self.now, context: context))
        #expect(!VisibilityRules(timeRules: [Self.pastRange]).isVisible(at: Self.now, context: context))
    }

    @Test func everyPresentPart_mustPass() {
        let viewer = VisibilityContext(viewerPosition: [1, 0, 0], viewCount: 1)
        let all = VisibilityRules(
            timeRules: [Self.activeRange], locationRules: [Self.near],
            expiresAt: F.at("2026-06-01T00:00:00Z"), expiresAfterViews: 2)
        #expect(all.isVisible(at: Self.now, context: viewer))

        var inactiveTime = all
        inactiveTime.timeRules = [Self.pastRange]
        var farViewer = viewer
        farViewer.viewerPosition = [10, 0, 0]
        var expired = all
        expired.expiresAt = Self.now
        var viewed = viewer
        viewed.viewCount = 2
        #expect(!inactiveTime.isVisible(at: Self.now, context: viewer))
        #expect(!all.isVisible(at: Self.now, context: farViewer))
        #expect(!expired.isVisible(at: Self.now, context: viewer))
        #expect(!all.isVisible(at: Self.now, context: viewed))
    }

    @Test(
        arguments: [
            // (viewer, radius, satisfied); the annotation is at (1, 2, 3).
            (SIMD3<Float>(1, 2, 3), 0.0, true),
            (SIMD3<Float>(4, 6, 3), 5.0, true),  // exactly at the radius (3-4-5)
            (SIMD3<Float>(4, 6, 3.1), 5.0, false),
            (SIMD3<Float>(1, 2, -100), 5.0, false),
            (nil, 5.0, false),  // unknown viewer
            (SIMD3<Float>(1, 2, 3), nil, false),  // no radius
            (SIMD3<Float>(1, 2, 3), .infinity, false),
            (SIMD3<Float>(1, 2, 3), .nan, false),
            (SIMD3<Float>(1, 2, 3), -1.0, false),
            (SIMD3<Float>(.infinity, 2, 3), 1e300, false),
            (SIMD3<Float>(-3e38, 2, 3), 1e300, true),  // no Float overflow of the squares
        ] as [(SIMD3<Float>?, Double?, Bool)])
    func proximity_isSatisfiedWithinTheRadiusOfAKnownViewer(
        viewer: SIMD3<Float>?, radius: Double?, satisfied: Bool
    ) {
        let rules = VisibilityRules(locationRules: [LocationRule(type: .proximity, radiusMeters: radius)])
        let context = VisibilityContext(viewerPosition: viewer, annotationPosition: [1, 2, 3])
        #expect(rules.isVisible(at: Self.now, context: context) == satisfied)
    }

    @Test func locationRules_anySatisfiedRuleSuffices() {
        let rules = VisibilityRules(locationRules: [Self.near, LocationRule(type: .always)])
        #expect(rules.isVisible(at: Self.now, context: VisibilityContext()))
    }

    @Test func recurringZone_isTheRulesThenTheOwnersThenUTC() {
        // 20:10 on 2026-07-14 in three zones; the rule is daily 20:00–20:30.
        let inNewYork = F.at("2026-07-14T20:10:00-04:00")
        let inBerlin = F.at("2026-07-14T20:10:00+02:00")
        let inUTC = F.at("2026-07-14T20:10:00Z")
        let owner = VisibilityContext(ownerTimeZone: F.zone("America/New_York"))
        let noOwner = VisibilityContext()
        func rules(zone: String?) -> VisibilityRules {
            VisibilityRules(timeRules: [F.recurring(.daily, window: F.window(20, 0, 20, 30), zone: zone)])
        }
        // The rule's own zone wins over the owner's.
        #expect(rules(zone: "Europe/Berlin").isVisible(at: inBerlin, context: owner))
        #expect(!rules(zone: "Europe/Berlin").isVisible(at: inNewYork, context: owner))
        // Without one (or with an unknown one), the owner's zone.
        #expect(rules(zone: nil).isVisible(at: inNewYork, context: owner))
        #expect(rules(zone: "Mars/Olympus_Mons").isVisible(at: inNewYork, context: owner))
        #expect(!rules(zone: nil).isVisible(at: inUTC, context: owner))
        // Without an owner zone, UTC.
        #expect(rules(zone: nil).isVisible(at: inUTC, context: noOwner))
        #expect(!rules(zone: nil).isVisible(at: inNewYork, context: noOwner))
        #expect(!rules(zone: nil).isVisible(at: inBerlin, context: noOwner))
    }

    @Test func noOwnerZone_meansUTCAndNotTheMachinesZone() {
        let rule = F.recurring(.daily, window: F.window(9, 0, 10, 0))
        let hours = (0..<48).map { F.at("2026-07-14T00:00:00Z") + Double($0) * 1800 }
        let withNil = hours.map { VisibilityRules(timeRules: [rule]).isVisible(at: $0, context: VisibilityContext()) }
        let withUTC = hours.map { rule.isActive(at: $0, timeZone: F.utc) }
        let withTokyo = hours.map { rule.isActive(at: $0, timeZone: F.zone("Asia/Tokyo")) }
        #expect(withNil == withUTC)
        #expect(withUTC != withTokyo)
        #expect(withNil.enumerated().filter(\.element).map(\.offset) == [18, 19])  // 09:00, 09:30 UTC
    }

    @Test(
        arguments: [
            (VisibilityRules(), nil),
            (VisibilityRules(expiresAt: F.at("2026-06-01T00:00:00Z")), "2026-06-01T00:00:00Z"),
            (VisibilityRules(timeRules: []), nil),
            (VisibilityRules(timeRules: [TimeRule(type: .always)]), nil),
            (
                VisibilityRules(timeRules: [TimeRule(type: .timeRange, endTime: F.at("2026-07-01T00:00:00Z"))]),
                "2026-07-01T00:00:00Z"
            ),
            (
                VisibilityRules(timeRules: [
                    TimeRule(type: .timeRange, endTime: F.at("2026-07-01T00:00:00Z")),
                    F.recurring(.daily, until: "2026-08-01T00:00:00Z"),
                ]), "2026-08-01T00:00:00Z"
            ),
            (
                VisibilityRules(timeRules: [
                    TimeRule(type: .timeRange, endTime: F.at("2026-07-01T00:00:00Z")),
                    F.recurring(.daily),
                ]), nil
            ),
            (
                VisibilityRules(
                    timeRules: [TimeRule(type: .timeRange, endTime: F.at("2026-07-01T00:00:00Z"))],
                    expiresAt: F.at("2026-06-01T00:00:00Z")), "2026-06-01T00:00:00Z"
            ),
            (
                VisibilityRules(
                    timeRules: [TimeRule(type: .timeRange, endTime: F.at("2026-05-01T00:00:00Z"))],
                    expiresAt: F.at("2026-06-01T00:00:00Z")), "2026-05-01T00:00:00Z"
            ),
            (
                VisibilityRules(timeRules: [TimeRule(type: .always)], expiresAt: F.at("2026-06-01T00:00:00Z")),
                "2026-06-01T00:00:00Z"
            ),
        ] as [(VisibilityRules, String?)])
    func visibleUntil_isTheEarliestInstantAfterWhichNothingShows(rules: VisibilityRules, until: String?) {
        #expect(rules.visibleUntil == until.map(F.at))
        if let bound = rules.visibleUntil {
            #expect(!rules.isVisible(at: bound, context: VisibilityContext()))
        }
    }

    @Test(arguments: [
        (VisibilityRules(), false),
        (VisibilityRules(timeRules: [], locationRules: [], expiresAt: Self.now, expiresAfterViews: 3), false),
        (VisibilityRules(timeRules: [TimeRule(type: .always)], locationRules: [LocationRule(type: .always)]), false),
        (VisibilityRules(timeRules: [Self.activeRange]), true),
        (VisibilityRules(timeRules: [F.recurring(.daily)]), true),
        (VisibilityRules(timeRules: [F.recurring(.daily), TimeRule(type: .always)]), false),
        (VisibilityRules(locationRules: [Self.near]), true),
        (VisibilityRules(locationRules: [Self.near, LocationRule(type: .always)]), false),
    ])
    func needsRuntimeEvaluation_onlyForClockOrViewerDependentRules(rules: VisibilityRules, needs: Bool) {
        #expect(rules.needsRuntimeEvaluation == needs)
    }
}
