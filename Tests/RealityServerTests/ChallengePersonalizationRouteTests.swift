import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Out of Box's personalization engine over HTTP (issue 22), on both backends: it learns a
/// person's history (brought in through the public route a device uses), reports what it learned,
/// recommends with reasons, picks `today` when the person turns it on, and is reset by them; it
/// learns nothing when they do not allow it, and nobody sees another's model.
@Suite struct ChallengePersonalizationRouteTests {
    /// Forty past days: fifteen nature challenges done, twenty-five of the other categories (each of
    /// them in turn) skipped as not interesting.
    static func history(of person: UUID, from catalog: [Challenge]) -> [UserChallenge] {
        let nature = catalog.filter { $0.category == .nature }.prefix(15)
        let otherCategories = ChallengeCategory.allCases.filter { $0 != .nature }
        let byCategory = otherCategories.map { category in catalog.filter { $0.category == category } }
        let others = (0..<25).map { index in
            byCategory[index % otherCategories.count][index / otherCategories.count]
        }
        let today = LocalDay(Date(), in: .gmt)
        return Array(nature.map { ($0, true) } + others.map { ($0, false) }).enumerated().map { index, pair in
            let day = today.adding(days: -(index + 1))
            let assigned = day.start(in: .gmt).addingTimeInterval(9 * 3_600)
            var item = UserChallenge(userID: person, challengeID: pair.0.id, localDay: day, assignedAt: assigned)
            if pair.1 {
                item.status = .completed
                item.completedDate = assigned.addingTimeInterval(3_600)
                item.completionTime = 3_600
                item.userRating = 5
            } else {
                item.status = .skipped
                item.skippedDate = assigned.addingTimeInterval(600)
                item.skipReason = .notInterested
            }
            item.updatedAt = item.completedDate ?? item.skippedDate!
            return item
        }
    }

    @Test(arguments: Backend.allCases)
    func theEngine_learnsAHistory_recommends_picksToday_andIsReset(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let catalog = try await api.store.challenges(includingRetired: false).sorted { $0.id < $1.id }
            let history = Self.history(of: ana.id.rawValue, from: catalog)
            let kept = try await api.send(
                .post, "/api/v1/challenges/history", token: ana.token,
                json: OfflineAssignmentsRequest(assignments: history))
            #expect(kept.status == .ok, "\(String(decoding: kept.body, as: UTF8.self))")

            let report = try await api.send(.get, "/api/v1/challenges/model", token: ana.token).decode(
                PersonalizationReport.self)
            #expect(!report.enabled && report.learning && report.resetAt == nil)
            #expect(report.metrics.totalTrainingData == 40 && report.metrics.accuracy != nil)
            #expect(report.metrics.modelVersion == PersonModel.version)
            let liked = try #require(report.preferredCategories.max { $0.value < $1.value })
            #expect(liked.key == "nature")
            #expect(report.optimalNotificationTime == "09:00", "done at 10:xx, so nudged an hour before")

            // The week: six days done, against 9 of 28 in the four weeks before.
            let insights = try await api.send(.get, "/api/v1/analytics/insights", token: ana.token).decode(
                ChallengeInsights.self)
            #expect(insights.assigned == 6 && insights.completed == 6 && insights.skipped == 0)
            #expect(insights.completionRate == 1 && insights.previousCompletionRate == 9.0 / 28.0)
            #expect(abs(insights.change! - 19.0 / 28.0) < 1e-9)
            #expect(insights.currentStreak == 15 && insights.bestHour == 10)
            #expect(insights.categoriesThisWeek["nature"] == 6 && insights.categoriesThisWeek["food"] == 0)
            #expect(insights.favouriteCategories.first == "nature" && insights.favouriteCategories.count == 3)
            let bobsWeek = try await api.send(.get, "/api/v1/analytics/insights", token: bob.token).decode(
                ChallengeInsights.self)
            #expect(bobsWeek.assigned == 0 && bobsWeek.previousCompletionRate == nil && bobsWeek.bestHour == nil)
            #expect(try await api.send(.get, "/api/v1/analytics/insights").status == .unauthorized)

            let recommended = try await api.send(
                .get, "/api/v1/analytics/recommendations?count=3", token: ana.token
            ).decode(Page<Recommendation>.self).items
            #expect(recommended.count == 3)
            // The ranking is a posterior draw (Thompson sampling, seeded by person and day), so one
            // person's three may come from a draw that explores; over six people with Ana's history
            // the liked category takes most places.
            var offered = recommended
            for name in ["Cy", "Di", "Ed", "Flo", "Gus"] {
                let liker = try await api.register(name)
                let theirs = Self.history(of: liker.id.rawValue, from: catalog)
                _ = try await api.send(
                    .post, "/api/v1/challenges/history", token: liker.token,
                    json: OfflineAssignmentsRequest(assignments: theirs))
                offered += try await api.send(
                    .get, "/api/v1/analytics/recommendations?count=3", token: liker.token
                ).decode(Page<Recommendation>.self).items
            }
            let natural = offered.filter { $0.challenge.category == .nature }
            #expect(offered.count == 18 && natural.count >= 12, "\(offered.map(\.challenge.category))")
            #expect(offered.allSatisfy { !history.map(\.challengeID).contains($0.challenge.id) }, "none recent")
            #expect(natural.allSatisfy { $0.reasons.contains("more likely: category nature") })
            for bad in ["0", "101", "many"] {
                let refused = try await api.send(
                    .get, "/api/v1/analytics/recommendations?count=\(bad)", token: ana.token)
                #expect(refused.status == .badRequest && refused.errorField == "count", "count=\(bad)")
            }

            // Turned on, `today` is the engine's pick; a client cannot set when the model was reset.
            var preferences = try await api.send(.get, "/api/v1/user/preferences", token: ana.token).decode(
                UserPreferencesDTO.self)
            preferences.personalization = PersonalizationSettingsDTO(
                enabled: true, resetAt: Date(timeIntervalSince1970: 0))
            let saved = try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: preferences)
                .decode(UserPreferencesDTO.self)
            #expect(saved.personalization == PersonalizationSettingsDTO(enabled: true, resetAt: nil))
            let today = try await api.send(.get, "/api/v1/challenges/today", token: ana.token).decode(
                AssignedChallenge.self)
            #expect(today.challenge.id == recommended[0].challenge.id, "the engine's first choice")

            // Nobody else's model: Bob's knows nothing; without a token, nothing at all.
            let bobs = try await api.send(.get, "/api/v1/challenges/model", token: bob.token).decode(
                PersonalizationReport.self)
            #expect(bobs.metrics.totalTrainingData == 0)
            #expect(try await api.send(.get, "/api/v1/challenges/model").status == .unauthorized)
            #expect(try await api.send(.delete, "/api/v1/challenges/model").status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/analytics/recommendations").status == .unauthorized)

            // The export carries the model.
            struct WithOutOfBox: Decodable { var outOfBox: OutOfBoxExport }
            let exported = try await api.send(.get, "/api/v1/me/export", token: ana.token).decode(WithOutOfBox.self)
            #expect(exported.outOfBox.model.report.metrics.totalTrainingData == 40)
            #expect(exported.outOfBox.model.weights["category.nature"]!.mean > 0)
            #expect(exported.outOfBox.model.notificationsSent.count == 24)
            let time = exported.outOfBox.model.limits["time"]!
            #expect(Set(time.keys) == Set(TimeInvestment.allCases.map(\.rawValue)))
            #expect(abs(time.values.reduce(0, +) - 1) < 1e-9)
            #expect(exported.outOfBox.model.weights["time.atLeast-long"] == nil, "time is a limit, not a weight")

            // Not allowed to learn: the engine knows nothing, and says so.
            preferences.privacySettings.allowAnalytics = false
            _ = try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: preferences)
            let silent = try await api.send(.get, "/api/v1/challenges/model", token: ana.token).decode(
                PersonalizationReport.self)
            #expect(!silent.learning && !silent.enabled && silent.metrics.totalTrainingData == 0)
            preferences.privacySettings.allowAnalytics = true
            _ = try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: preferences)

            // Reset: nothing before it is learned, and the preferences keep when, and that it is on.
            let reset = try await api.send(.delete, "/api/v1/challenges/model", token: ana.token)
            #expect(reset.status == .ok)
            let afresh = try reset.decode(PersonalizationReport.self)
            #expect(afresh.metrics.totalTrainingData == 0 && afresh.resetAt != nil && afresh.enabled)
            let later = try await api.send(.get, "/api/v1/challenges/model", token: ana.token).decode(
                PersonalizationReport.self)
            #expect(later.metrics.totalTrainingData == 0 && later.resetAt == afresh.resetAt)
            let afterReset = try await api.send(.get, "/api/v1/user/preferences", token: ana.token).decode(
                UserPreferencesDTO.self)
            #expect(
                afterReset.personalization?.resetAt == afresh.resetAt && afterReset.personalization?.enabled == true)
            // A later save of the preferences keeps the reset.
            let resaved = try await api.send(.put, "/api/v1/user/preferences", token: ana.token, json: preferences)
                .decode(UserPreferencesDTO.self)
            #expect(resaved.personalization?.resetAt == afresh.resetAt)
            // Bob's preferences are untouched by Ana's reset.
            let bobsPreferences = try await api.send(.get, "/api/v1/user/preferences", token: bob.token).decode(
                UserPreferencesDTO.self)
            #expect(bobsPreferences.personalization == nil)
        }
    }
}
