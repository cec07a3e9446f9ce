import Foundation
import OutOfBoxCore

/// How the command line shows Out of Box's values, and reads them from arguments.
enum ChallengeText {
    /// A challenge in a few lines.
    static func describe(_ challenge: Challenge) -> String {
        var traits = [
            challenge.category.rawValue, challenge.timeInvestment.rawValue, challenge.socialRequirement.rawValue,
            challenge.costLevel.rawValue, "difficulty \(challenge.difficultyLevel)", challenge.locationType.rawValue,
        ]
        if let season = challenge.seasonality { traits.append(season.rawValue) }
        if !challenge.isActive { traits.append("retired") }
        return """
            \(challenge.title)
              \(challenge.description)
              \(traits.joined(separator: " · "))
              id: \(challenge.id)
            """
    }

    /// An assignment with its challenge.
    static func assigned(_ item: AssignedChallenge) -> String {
        let assignment = item.assignment
        var status = "\(assignment.localDay): \(assignment.status.rawValue)"
        if let reason = assignment.skipReason { status += " (\(reason.rawValue))" }
        if let rating = assignment.userRating { status += ", rated \(rating)" }
        if assignment.photoAssetID != nil { status += ", with a photo" }
        if let notes = assignment.userNotes { status += "\n  notes: \(notes)" }
        return describe(item.challenge) + "\n  " + status
    }

    /// Stats in words.
    static func describe(_ stats: ChallengeStats) -> String {
        let rate = Int((stats.completionRate * 100).rounded())
        let categories = stats.completionsByCategory.filter { $0.value > 0 }.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            Streak: \(stats.currentStreak) day\(stats.currentStreak == 1 ? "" : "s") (longest \(stats.longestStreak))
            Completed \(stats.totalCompleted), skipped \(stats.totalSkipped), given \(stats.totalAssigned) (\(rate)% completed)
            Average rating: \(stats.averageRating.map { String(format: "%.1f", $0) } ?? "-")
            By category: \(categories.isEmpty ? "-" : categories)
            """
    }

    /// Preferences in words.
    static func describe(_ preferences: UserPreferencesDTO) -> String {
        let challenge = preferences.challengePreferences
        let notification = preferences.notificationSettings
        let privacy = preferences.privacySettings
        func all<T: RawRepresentable<String>>(_ values: [T]) -> String {
            values.isEmpty ? "all" : values.map(\.rawValue).joined(separator: ", ")
        }
        return """
            Time zone: \(notification.timeZone)
            Categories: \(all(challenge.preferredCategories))
            Longest: \(challenge.maxTimeInvestment.rawValue); budget: \(challenge.budgetLevel.rawValue); \
            social comfort: \(challenge.socialComfortLevel) of 4; difficulty: \(challenge.difficultyPreference)
            Places: \(all(challenge.locationPreferences))
            Reminders: \(notification.enabled ? "on" : "off"), \(notification.timeWindow.start)-\(notification.timeWindow.end)
            Hemisphere: \(preferences.appSettings.hemisphere.rawValue)
            Personalized: \(preferences.isPersonalized ? "on" : "off"); learning from what you do: \
            \(preferences.privacySettings.allowAnalytics ? "on" : "off")
            Friends: completions shared \(privacy.shareCompletionsWithFriends ? "with every friend" : "when you choose"); \
            found by email by \((privacy.findableBy ?? .everyone).rawValue); requests from \
            \((privacy.friendRequestsFrom ?? .everyone).rawValue)
            """
    }

    /// What the personalization engine knows, in words.
    static func describe(_ report: PersonalizationReport) -> String {
        let metrics = report.metrics
        let liked = report.preferredCategories.sorted { $0.value > $1.value }.prefix(3)
            .map { "\($0.key) \(String(format: "%.0f%%", $0.value * 100))" }.joined(separator: ", ")
        let accuracy = metrics.accuracy.map { String(format: "%.0f%% of %d", $0 * 100, metrics.totalTrainingData) }
        return """
            Personalized: \(report.enabled ? "on" : "off"); learning: \(report.learning ? "on" : "off")\
            \(report.resetAt.map { "; reset \(Show.date($0))" } ?? "")
            Learned from: \(metrics.totalTrainingData) day(s)\(metrics.lastTrainingDate.map { ", the last \(Show.date($0))" } ?? "")
            Predicted right before seeing them: \(accuracy ?? "nothing yet")
            Likes most: \(liked)
            Best time for a reminder: \(report.optimalNotificationTime ?? "none in your window")
            Model: \(metrics.modelVersion)
            """
    }

    /// Recommendations as a table.
    static func table(_ items: [Recommendation], on device: Device) throws {
        try device.output.table(items, headers: ["TITLE", "CATEGORY", "LIKELY", "WHY", "ID"]) {
            [
                Show.clip($0.challenge.title), $0.challenge.category.rawValue,
                String(format: "%.0f%%", $0.probability * 100), $0.reasons.joined(separator: "; "), $0.challenge.id,
            ]
        }
    }

    /// The app configuration in words.
    static func describe(_ configuration: AppConfiguration) -> String {
        let flags = configuration.featureFlags.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value ? "on" : "off")" }.joined(separator: ", ")
        return """
            Feature flags: \(flags.isEmpty ? "none" : flags)
            Oldest client served: \(configuration.minimumClientVersion)
            Catalog version: \(configuration.catalogVersion)
            """
    }

    /// Challenges as a table.
    static func table(_ items: [Challenge], on device: Device) throws {
        try device.output.table(items, headers: ["TITLE", "CATEGORY", "TIME", "COST", "DIFF", "ID"]) {
            [
                Show.clip($0.title), $0.category.rawValue, $0.timeInvestment.rawValue, $0.costLevel.rawValue,
                "\($0.difficultyLevel)", $0.id,
            ]
        }
    }

    /// The values of `type`, for help.
    static func names<T: CaseIterable & RawRepresentable<String>>(_ type: T.Type) -> String {
        T.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// `text` as a case of `T`; an invalid-input error naming `flag` and the values otherwise.
    static func parse<T: CaseIterable & RawRepresentable<String>>(_ text: String, _ flag: String) throws -> T {
        guard let value = T(rawValue: text) else {
            throw CLIError.invalid("\(flag) must be one of \(names(T.self)); not \(text).")
        }
        return value
    }

    /// Each of `texts` as a case of `T`; nil when there are none.
    static func parse<T: CaseIterable & RawRepresentable<String>>(_ texts: [String], _ flag: String) throws -> [T]? {
        texts.isEmpty ? nil : try texts.map { try parse($0, flag) }
    }

    /// `N` or `N-M`, difficulties 1 to 5.
    static func range(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard let low = parts.first ?? nil, let high = parts.count == 1 ? low : (parts.count == 2 ? parts[1] : nil),
            Challenge.difficultyLevels.contains(low), Challenge.difficultyLevels.contains(high), low <= high
        else { throw CLIError.invalid("--difficulty is N or N-M, within 1 to 5; not \(text).") }
        return low...high
    }
}
