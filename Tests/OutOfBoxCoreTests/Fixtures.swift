import Foundation

@testable import OutOfBoxCore

enum Fixtures {
    static let epoch = Date(timeIntervalSince1970: 1_780_000_000)

    static func challenge(
        _ id: String, category: ChallengeCategory = .creativity, time: TimeInvestment = .quick,
        social: SocialRequirement = .solo, cost: CostLevel = .free, difficulty: Int = 1,
        location: LocationType = .anywhere, season: Seasonality? = nil, isActive: Bool = true
    ) -> Challenge {
        Challenge(
            id: id, title: "Do \(id)", description: "Do the thing called \(id).", category: category,
            timeInvestment: time, socialRequirement: social, costLevel: cost, difficultyLevel: difficulty,
            tags: ["test"], locationType: location, seasonality: season, isActive: isActive, createdAt: epoch,
            updatedAt: epoch)
    }

    static func zone(_ name: String) -> TimeZone {
        guard let zone = TimeZone(identifier: name) else { fatalError("no zone \(name)") }
        return zone
    }

    static func day(_ text: String) -> LocalDay {
        guard let day = LocalDay(text) else { fatalError("not a day: \(text)") }
        return day
    }

    static func instant(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("not a date: \(text)") }
        return date
    }

    static func preferences(zone: String = "UTC", _ change: (inout ChallengePreferencesDTO) -> Void = { _ in })
        -> UserPreferencesDTO
    {
        var preferences = UserPreferencesDTO.defaults(timeZone: zone)
        preferences.challengePreferences.maxTimeInvestment = .extended
        preferences.challengePreferences.budgetLevel = .high
        change(&preferences.challengePreferences)
        return preferences
    }
}
