import Foundation

/// A person's week in Out of Box (seed 004's `/analytics/insights`, issue 22): the last seven days
/// against the four weeks before them, the streak, the categories done, the hour they most often
/// complete at, and what the personalization engine learned they like. Pure: from their history,
/// the catalog's categories, the day and their zone.
public struct ChallengeInsights: Codable, Sendable, Hashable {
    /// The week's first and last local days (the last is today).
    public var weekStart: LocalDay
    public var weekEnd: LocalDay
    /// This week: challenges given, completed and skipped.
    public var assigned: Int
    public var completed: Int
    public var skipped: Int
    /// Completed of those given this week (0 with none given).
    public var completionRate: Double
    /// The same rate over the four weeks before; nil when nothing was given then.
    public var previousCompletionRate: Double?
    /// `completionRate` less `previousCompletionRate`: how this week compares with their own past.
    public var change: Double?
    /// Days in a row completed, up to today.
    public var currentStreak: Int
    /// Completions this week, per category (every category named).
    public var categoriesThisWeek: [String: Int]
    /// The local hour (0–23) at which they completed most often, over all their history; nil
    /// before the first completion.
    public var bestHour: Int?
    /// The engine's three categories they like most, best first.
    public var favouriteCategories: [String]

    /// The insights of `history` (a person's assignments) on `today` in `zone`; `categories` names
    /// each challenge's category; `model` is their personalization.
    public init(
        history: [UserChallenge], categories: [String: ChallengeCategory], today: LocalDay, zone: TimeZone,
        model: PersonModel
    ) {
        let start = today.adding(days: -6)
        weekEnd = today
        weekStart = start
        let week = history.filter { $0.localDay >= start && $0.localDay <= today }
        let before = history.filter { $0.localDay >= start.adding(days: -28) && $0.localDay < start }
        let done = week.count { $0.status == .completed }
        let rate = week.isEmpty ? 0 : Double(done) / Double(week.count)
        let previous = before.isEmpty ? nil : Double(before.count { $0.status == .completed }) / Double(before.count)
        assigned = week.count
        completed = done
        skipped = week.count { $0.status == .skipped }
        completionRate = rate
        previousCompletionRate = previous
        change = previous.map { rate - $0 }
        currentStreak = ChallengeStats(history: history, categories: categories, today: today).currentStreak
        var byCategory = Dictionary(uniqueKeysWithValues: ChallengeCategory.allCases.map { ($0.rawValue, 0) })
        for item in week where item.status == .completed {
            if let category = categories[item.challengeID] { byCategory[category.rawValue, default: 0] += 1 }
        }
        categoriesThisWeek = byCategory
        var hours = [Int](repeating: 0, count: 24)
        for date in history.compactMap(\.completedDate) { hours[PersonModel.hour(of: date, in: zone)] += 1 }
        bestHour = hours.max().flatMap { $0 > 0 ? hours.firstIndex(of: $0) : nil }
        favouriteCategories = model.preferredCategories().sorted {
            ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue)
        }
        .prefix(3).map(\.key.rawValue)
    }
}

extension ChallengePersonalization {
    /// The person's week (``ChallengeInsights``).
    public func insights() async throws -> ChallengeInsights {
        let preferences = try await store.preferencesOrDefaults(of: userID)
        let catalog = try await store.challenges(includingRetired: true)
        let model = try await model(preferences: preferences, catalog: catalog)
        return ChallengeInsights(
            history: try await store.allAssignments(of: userID),
            categories: Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, $0.category) }),
            today: LocalDay(clock(), in: preferences.zone), zone: preferences.zone, model: model)
    }
}
