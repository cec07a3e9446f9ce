import Foundation
import Testing

@testable import OutOfBoxCore

/// Streaks by local day, totals and rates.
@Suite struct ChallengeStatsTests {
    static let person = UUID()

    static func entry(_ day: String, _ status: ChallengeStatus, _ id: String = "c", rating: Int? = nil) -> UserChallenge
    {
        var item = UserChallenge(
            userID: person, challengeID: id, localDay: Fixtures.day(day), assignedAt: Fixtures.epoch)
        item.status = status
        item.userRating = rating
        if status == .completed { item.completionTime = 600 }
        return item
    }

    @Test func streaks_countDaysInARow() {
        let history = [
            Self.entry("2026-11-01", .completed), Self.entry("2026-11-02", .completed),
            Self.entry("2026-11-03", .completed), Self.entry("2026-11-04", .skipped),
            Self.entry("2026-11-25", .completed), Self.entry("2026-11-26", .completed),
            Self.entry("2026-11-27", .assigned),
        ]
        let stats = ChallengeStats(history: history, categories: ["c": .food], today: Fixtures.day("2026-11-27"))
        // Today is not done yet: the streak that ended yesterday still stands.
        #expect(stats.currentStreak == 2)
        #expect(stats.longestStreak == 3)
        #expect(stats.totalAssigned == 7)
        #expect(stats.totalCompleted == 5)
        #expect(stats.totalSkipped == 1)
        #expect(abs(stats.completionRate - 5.0 / 6.0) < 1e-9)
        #expect(stats.completionsByCategory["food"] == 5)
        #expect(stats.completionsByCategory["social"] == 0)
        #expect(stats.averageCompletionTime == 600)
    }

    @Test func aMissedDay_endsTheCurrentStreak_andTodayExtendsIt() {
        let history = [Self.entry("2026-11-24", .completed), Self.entry("2026-11-25", .completed)]
        #expect(ChallengeStats(history: history, categories: [:], today: Fixtures.day("2026-11-27")).currentStreak == 0)
        let withToday = history + [Self.entry("2026-11-26", .completed), Self.entry("2026-11-27", .completed)]
        let stats = ChallengeStats(history: withToday, categories: [:], today: Fixtures.day("2026-11-27"))
        #expect(stats.currentStreak == 4)
        #expect(stats.longestStreak == 4)
    }

    @Test func streaks_crossMonthAndYearEnds() {
        let history = ["2026-12-30", "2026-12-31", "2027-01-01"].map { Self.entry($0, .completed) }
        let stats = ChallengeStats(history: history, categories: [:], today: Fixtures.day("2027-01-01"))
        #expect(stats.currentStreak == 3)
        #expect(stats.longestStreak == 3)
    }

    @Test func ratings_average_andNothingIsZero() {
        let history = [
            Self.entry("2026-11-01", .completed, rating: 5), Self.entry("2026-11-02", .completed, rating: 2),
        ]
        #expect(
            ChallengeStats(history: history, categories: [:], today: Fixtures.day("2026-11-02")).averageRating == 3.5)
        let empty = ChallengeStats(history: [], categories: [:], today: Fixtures.day("2026-11-02"))
        #expect(empty.currentStreak == 0 && empty.longestStreak == 0 && empty.completionRate == 0)
        #expect(empty.averageRating == nil && empty.averageCompletionTime == nil)
    }
}
