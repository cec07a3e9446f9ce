import ArgumentParser
import Foundation
import OutOfBoxCore

/// `reality insights`: your Out of Box week (issue 22).
struct InsightsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Your Out of Box week: streak, categories, best hour, and how it compares with your past.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            let insights = try await ChallengeCommand.service(device).insights()
            try device.output.print(insights) { Self.describe(insights) }
        }
    }

    static func describe(_ insights: ChallengeInsights) -> String {
        let percent = { (value: Double) in String(format: "%.0f%%", value * 100) }
        let change = insights.change.map { String(format: "%+.0f points on the four weeks before", $0 * 100) }
        let categories = insights.categoriesThisWeek.filter { $0.value > 0 }.sorted {
            ($0.value, $1.key) > ($1.value, $0.key)
        }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            Week \(insights.weekStart) to \(insights.weekEnd): \(insights.completed) of \(insights.assigned) done \
            (\(percent(insights.completionRate))), \(insights.skipped) skipped
            Against your past: \(change ?? "nothing to compare with yet")
            Streak: \(insights.currentStreak) day(s)
            Done this week: \(categories.isEmpty ? "nothing yet" : categories)
            You complete most often at: \(insights.bestHour.map { String(format: "%02d:00", $0) } ?? "not known yet")
            You like: \(insights.favouriteCategories.joined(separator: ", "))
            """
    }
}
