import Foundation

/// A person's record (SPEC O2; seed 004's stats): streaks by local day, completions by category,
/// completion rate and average rating, computed from their assignments.
public struct ChallengeStats: Codable, Sendable, Hashable {
    /// Days in a row, up to today, with a completion; a day not yet completed today does not break it.
    public var currentStreak: Int
    /// The longest run of days in a row with a completion.
    public var longestStreak: Int
    public var totalAssigned: Int
    public var totalCompleted: Int
    public var totalSkipped: Int
    /// Completed over settled (completed or skipped); 0 when nothing is settled.
    public var completionRate: Double
    /// The mean of the ratings given; nil when none.
    public var averageRating: Double?
    /// Completions per category (every category, zeros included).
    public var completionsByCategory: [String: Int]
    /// Seconds from assignment to completion, on average; nil when none.
    public var averageCompletionTime: Double?

    /// The stats of `history` (a person's assignments) on `today`, with `categories` telling each
    /// challenge's category.
    public init(history: [UserChallenge], categories: [String: ChallengeCategory], today: LocalDay) {
        let completed = history.filter { $0.status == .completed }
        let days = Set(completed.map(\.localDay)).sorted()
        var longest = 0
        var run = 0
        var previous: LocalDay?
        for day in days {
            run = previous.map { day.days(since: $0) == 1 } == true ? run + 1 : 1
            longest = max(longest, run)
            previous = day
        }
        var current = 0
        let completedDays = Set(days)
        var day = completedDays.contains(today) ? today : today.adding(days: -1)
        while completedDays.contains(day) {
            current += 1
            day = day.adding(days: -1)
        }
        currentStreak = current
        longestStreak = longest
        totalAssigned = history.count
        totalCompleted = completed.count
        totalSkipped = history.count { $0.status == .skipped }
        let settled = totalCompleted + totalSkipped
        completionRate = settled == 0 ? 0 : Double(totalCompleted) / Double(settled)
        let ratings = history.compactMap(\.userRating)
        averageRating = ratings.isEmpty ? nil : Double(ratings.reduce(0, +)) / Double(ratings.count)
        var byCategory = Dictionary(uniqueKeysWithValues: ChallengeCategory.allCases.map { ($0.rawValue, 0) })
        for item in completed {
            if let category = categories[item.challengeID] { byCategory[category.rawValue, default: 0] += 1 }
        }
        completionsByCategory = byCategory
        let times = completed.compactMap(\.completionTime)
        averageCompletionTime = times.isEmpty ? nil : times.reduce(0, +) / Double(times.count)
    }
}
