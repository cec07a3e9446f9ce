import Foundation
import Testing

@testable import OutOfBoxCore

/// The daily pick: deterministic, within the person's preferences and the season, never a recent
/// challenge while another is left, and never nothing while anything is active.
@Suite struct DailyPickTests {
    static let person = UUID(uuidString: "00000000-0000-0000-0000-0000000000A1") ?? UUID()
    static let day = Fixtures.day("2026-11-27")

    @Test func thePick_isTheSameForTheSamePersonAndDay_andVaries() {
        let catalog = (1...50).map { Fixtures.challenge("c-\($0)") }
        let pick = DailyPick(catalog: catalog, preferences: Fixtures.preferences())
        let first = pick.challenge(for: Self.person, on: Self.day, recent: [])
        #expect(first != nil)
        #expect(pick.challenge(for: Self.person, on: Self.day, recent: []) == first)
        // The catalog's order does not matter.
        #expect(
            DailyPick(catalog: catalog.reversed(), preferences: Fixtures.preferences())
                .challenge(for: Self.person, on: Self.day, recent: []) == first)
        let days = (0..<30).compactMap {
            pick.challenge(for: Self.person, on: Self.day.adding(days: $0), recent: [])?.id
        }
        #expect(Set(days).count > 10)
        let people = (0..<30).compactMap { _ in pick.challenge(for: UUID(), on: Self.day, recent: [])?.id }
        #expect(Set(people).count > 10)
    }

    @Test func thePick_keepsToThePreferences() {
        let catalog = [
            Fixtures.challenge("wrong-category", category: .social),
            Fixtures.challenge("too-long", time: .extended),
            Fixtures.challenge("too-dear", cost: .high),
            Fixtures.challenge("too-social", social: .withStrangers),
            Fixtures.challenge("wrong-place", location: .nature),
            Fixtures.challenge(
                "just-right", category: .creativity, time: .short, social: .optional, cost: .low,
                location: .home),
        ]
        let preferences = Fixtures.preferences {
            $0.preferredCategories = [.creativity]
            $0.maxTimeInvestment = .short
            $0.budgetLevel = .low
            $0.socialComfortLevel = 2
            $0.locationPreferences = [.home, .indoors]
        }
        let pick = DailyPick(catalog: catalog, preferences: preferences)
        for offset in 0..<20 {
            #expect(pick.challenge(for: UUID(), on: Self.day.adding(days: offset), recent: [])?.id == "just-right")
        }
    }

    @Test func thePick_keepsToTheSeason_inTheHemisphere() {
        let catalog = [
            Fixtures.challenge("snowman", season: .winter), Fixtures.challenge("beach", season: .summer),
        ]
        var southern = Fixtures.preferences()
        southern.appSettings.hemisphere = .southern
        let january = Fixtures.day("2026-01-10")
        for _ in 0..<10 {
            #expect(
                DailyPick(catalog: catalog, preferences: Fixtures.preferences())
                    .challenge(for: UUID(), on: january, recent: [])?.id == "snowman")
            #expect(
                DailyPick(catalog: catalog, preferences: southern).challenge(for: UUID(), on: january, recent: [])?.id
                    == "beach")
        }
    }

    @Test func aRecentChallenge_isNotGivenAgain_whileAnotherIsLeft() {
        let catalog = (1...5).map { Fixtures.challenge("c-\($0)") }
        let pick = DailyPick(catalog: catalog, preferences: Fixtures.preferences())
        for offset in 0..<20 {
            let recent: Set = ["c-1", "c-2", "c-3", "c-4"]
            #expect(pick.challenge(for: UUID(), on: Self.day.adding(days: offset), recent: recent)?.id == "c-5")
        }
        // When everything was given recently, something is still given.
        #expect(pick.challenge(for: Self.person, on: Self.day, recent: Set(catalog.map(\.id))) != nil)
    }

    @Test func thePick_letsGoOfPreferences_beforeGivingNothing_andNeverGivesARetiredOne() {
        let catalog = [Fixtures.challenge("social", category: .social), Fixtures.challenge("old", isActive: false)]
        let preferences = Fixtures.preferences { $0.preferredCategories = [.food] }
        #expect(
            DailyPick(catalog: catalog, preferences: preferences).challenge(for: Self.person, on: Self.day, recent: [])?
                .id == "social")
        #expect(
            DailyPick(catalog: [Fixtures.challenge("old", isActive: false)], preferences: preferences)
                .challenge(for: Self.person, on: Self.day, recent: []) == nil)
        #expect(
            DailyPick(catalog: [], preferences: preferences).challenge(for: Self.person, on: Self.day, recent: [])
                == nil)
    }

    @Test func thePreferredDifficulty_isFavoured() {
        let catalog = (1...5).flatMap { level in
            (1...10).map { Fixtures.challenge("d\(level)-\($0)", difficulty: level) }
        }
        let pick = DailyPick(catalog: catalog, preferences: Fixtures.preferences { $0.difficultyPreference = 5 })
        var counts = [Int: Int]()
        for _ in 0..<2000 {
            if let chosen = pick.challenge(for: UUID(), on: Self.day, recent: []) {
                counts[chosen.difficultyLevel, default: 0] += 1
            }
        }
        // Weights 1, 1, 2, 3, 4 of 11: level 5 about 36 %, level 1 about 9 %.
        #expect(counts[5, default: 0] > 3 * counts[1, default: 0])
        #expect(counts[5, default: 0] > counts[4, default: 0])
    }
}
