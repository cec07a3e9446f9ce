import Foundation
import Testing

@testable import OutOfBoxCore

/// The shipped catalog and the rules every catalog entry keeps.
@Suite struct CatalogTests {
    @Test func theShippedCatalog_isValid_andCoversEveryValue() throws {
        let file = try ShippedCatalog.file()
        #expect((file.version ?? 0) >= 1)
        let challenges = try file.validatedChallenges(at: Fixtures.epoch)
        #expect(challenges.count >= 300)
        #expect(Set(challenges.map(\.title)).count == challenges.count, "titles repeat")
        for category in ChallengeCategory.allCases {
            #expect(challenges.count { $0.category == category } >= 20, "\(category)")
        }
        for time in TimeInvestment.allCases { #expect(challenges.contains { $0.timeInvestment == time }, "\(time)") }
        for social in SocialRequirement.allCases {
            #expect(challenges.contains { $0.socialRequirement == social }, "\(social)")
        }
        for cost in CostLevel.allCases { #expect(challenges.contains { $0.costLevel == cost }, "\(cost)") }
        for location in LocationType.allCases {
            #expect(challenges.contains { $0.locationType == location }, "\(location)")
        }
        for season in Seasonality.allCases { #expect(challenges.count { $0.seasonality == season } >= 10, "\(season)") }
        for level in Challenge.difficultyLevels {
            #expect(challenges.contains { $0.difficultyLevel == level }, "\(level)")
        }
        #expect(challenges.allSatisfy { $0.isActive })
    }

    @Test func everySeasonAndPreference_leavesAPick() throws {
        let catalog = try ShippedCatalog.file().validatedChallenges(at: Fixtures.epoch)
        let cautious = Fixtures.preferences {
            $0.maxTimeInvestment = .quick
            $0.budgetLevel = .free
            $0.socialComfortLevel = 1
        }
        for month in 1...12 {
            guard let day = LocalDay(year: 2026, month: month, day: 15) else { continue }
            let season = Seasonality.of(day, in: .northern)
            let fits = catalog.filter {
                ($0.seasonality == nil || $0.seasonality == season) && cautious.challengePreferences.admits($0)
            }
            #expect(fits.count >= 10, "month \(month)")
        }
    }

    /// One way to break a challenge, and the field it breaks.
    enum Breakage: String, CaseIterable, Sendable {
        case spacedID, shortID, blankTitle, longTitle, emptyDescription, easyDifficulty, hardDifficulty, capitalTag,
            manyTags

        var field: String {
            switch self {
            case .spacedID, .shortID: "id"
            case .blankTitle, .longTitle: "title"
            case .emptyDescription: "description"
            case .easyDifficulty, .hardDifficulty: "difficultyLevel"
            case .capitalTag, .manyTags: "tags"
            }
        }

        func apply(_ c: inout Challenge) {
            switch self {
            case .spacedID: c.id = "Bad ID"
            case .shortID: c.id = "ab"
            case .blankTitle: c.title = "   "
            case .longTitle: c.title = String(repeating: "x", count: 81)
            case .emptyDescription: c.description = ""
            case .easyDifficulty: c.difficultyLevel = 0
            case .hardDifficulty: c.difficultyLevel = 6
            case .capitalTag: c.tags = ["Capital"]
            case .manyTags: c.tags = Array(repeating: "ok", count: 9)
            }
        }
    }

    @Test(arguments: Breakage.allCases)
    func aBrokenChallenge_isRefused_namingTheField(breakage: Breakage) {
        var challenge = Fixtures.challenge("fine-one")
        breakage.apply(&challenge)
        do {
            try challenge.validate()
            Issue.record("\(breakage) was accepted")
        } catch {
            #expect(error.field == breakage.field)
        }
    }

    @Test func aCatalogFile_refusesRepeatsAndEmptiness_namingTheEntry() throws {
        let entry =
            #"{"id": "one-thing", "title": "T", "description": "D", "category": "food", "timeInvestment": "quick", "socialRequirement": "solo", "costLevel": "free", "difficultyLevel": 2, "tags": [], "locationType": "home"}"#
        let twice = try JSONDecoder().decode(
            CatalogFile.self, from: Data(#"{"challenges": [\#(entry), \#(entry)]}"#.utf8))
        #expect(throws: ChallengeError.invalid(field: "challenges[1].id", reason: "repeats one-thing")) {
            try twice.validatedChallenges(at: Fixtures.epoch)
        }
        let none = try JSONDecoder().decode(CatalogFile.self, from: Data(#"{"challenges": []}"#.utf8))
        #expect(throws: ChallengeError.self) { try none.validatedChallenges(at: Fixtures.epoch) }
        let badLevel = entry.replacingOccurrences(of: #""difficultyLevel": 2"#, with: #""difficultyLevel": 9"#)
        let bad = try JSONDecoder().decode(
            CatalogFile.self, from: Data(#"{"version": 2, "challenges": [\#(badLevel)]}"#.utf8))
        #expect(throws: ChallengeError.invalid(field: "challenges[0].difficultyLevel", reason: "must be 1 to 5")) {
            try bad.validatedChallenges(at: Fixtures.epoch)
        }
        // An unknown category is not a catalog at all.
        let unknown = entry.replacingOccurrences(of: #""food""#, with: #""cooking""#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CatalogFile.self, from: Data(#"{"challenges": [\#(unknown)]}"#.utf8))
        }
    }

    @Test func preferences_refuseBadValues() throws {
        var preferences = UserPreferencesDTO.defaults(timeZone: "Mars/Olympus")
        #expect(throws: ChallengeError.self) { try preferences.validate() }
        preferences.notificationSettings.timeZone = "Europe/Berlin"
        try preferences.validate()
        preferences.notificationSettings.timeWindow = TimeWindowDTO(start: "25:00", end: "10:00")
        #expect(throws: ChallengeError.self) { try preferences.validate() }
        preferences.notificationSettings.timeWindow = TimeWindowDTO(start: "22:00", end: "07:30")
        try preferences.validate()
        preferences.challengePreferences.socialComfortLevel = 5
        #expect(throws: ChallengeError.self) { try preferences.validate() }
        preferences.challengePreferences.socialComfortLevel = 0
        #expect(throws: ChallengeError.self) { try preferences.validate() }
        preferences.challengePreferences.socialComfortLevel = 2
        preferences.challengePreferences.difficultyPreference = 6
        #expect(throws: ChallengeError.self) { try preferences.validate() }
    }

    @Test func filters_keepWhatEveryFieldAsks() {
        let c = Fixtures.challenge(
            "x", category: .food, time: .medium, social: .withFriends, cost: .low, difficulty: 3, location: .urban)
        #expect(ChallengeFilters().matches(c))
        #expect(ChallengeFilters(categories: [.food]).matches(c))
        #expect(!ChallengeFilters(categories: [.social]).matches(c))
        #expect(ChallengeFilters(maxTimeInvestment: .medium).matches(c))
        #expect(!ChallengeFilters(maxTimeInvestment: .short).matches(c))
        #expect(ChallengeFilters(maxCostLevel: .low).matches(c))
        #expect(!ChallengeFilters(maxCostLevel: .free).matches(c))
        #expect(ChallengeFilters(socialRequirements: [.withFriends, .solo]).matches(c))
        #expect(!ChallengeFilters(socialRequirements: [.solo]).matches(c))
        #expect(ChallengeFilters(difficultyRange: 3...4).matches(c))
        #expect(!ChallengeFilters(difficultyRange: 4...5).matches(c))
        #expect(ChallengeFilters(locationTypes: [.urban]).matches(c))
        #expect(!ChallengeFilters(locationTypes: [.home]).matches(c))
        #expect(ChallengeFilters(excludeCompleted: true).matches(c, completed: ["y"]))
        #expect(!ChallengeFilters(excludeCompleted: true).matches(c, completed: ["x"]))
        #expect(throws: ChallengeError.self) { try ChallengeFilters(difficultyRange: 0...3).validate() }
    }
}
