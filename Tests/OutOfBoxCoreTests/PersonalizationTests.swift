import Foundation
import SeededRandom
import Testing

@testable import OutOfBoxCore

/// The personalization engine's learning on small deterministic cases (issue 22).
@Suite struct PersonalizationTests {
    /// A catalog with every social requirement in every category.
    static let catalog: [Challenge] = ChallengeCategory.allCases.flatMap { category in
        SocialRequirement.allCases.map { social in
            Fixtures.challenge("\(category.rawValue)-\(social.rawValue)", category: category, social: social)
        }
    }
    static let features = Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, ChallengeFeatures($0)) })

    static func interactions(days: Int, _ answer: (Challenge) -> ChallengeInteraction) -> [ChallengeInteraction] {
        (0..<days).flatMap { day in
            catalog.enumerated().filter { $0.offset % days == day }.map { answer($0.element) }
        }
    }

    static func ranked(_ model: PersonModel, count: Int, seed: UInt64) -> [Challenge] {
        var random = SplitMix64(seed: seed)
        return model.rank(catalog.map { features[$0.id]! }, count: count, using: &random).map { catalog[$0] }
    }

    @Test func aPersonWhoAlwaysSkipsSocialChallenges_stopsGettingThem() {
        let history = Self.interactions(days: 20) { challenge in
            challenge.socialRequirement == .solo || challenge.socialRequirement == .optional
                ? .completion(challengeID: challenge.id, at: Fixtures.epoch)
                : .skip(challengeID: challenge.id, reason: .noCompany, at: Fixtures.epoch)
        }
        let model = PersonModel(learning: history, catalog: Self.features, zone: .gmt)
        for seed in 1...20 {
            let picks = Self.ranked(model, count: 10, seed: UInt64(seed))
            #expect(picks.allSatisfy { $0.socialRequirement == .solo || $0.socialRequirement == .optional })
        }
        let social = Self.catalog.first { $0.socialRequirement == .withStrangers }!
        let solo = Self.catalog.first { $0.socialRequirement == .solo }!
        let socialP = model.completionProbability(Self.features[social.id]!)
        let soloP = model.completionProbability(Self.features[solo.id]!)
        #expect(socialP < 0.4 && soloP > 0.8, "social \(socialP), solo \(soloP)")
    }

    @Test func aSkipsReason_speaksOnlyToWhatItConcerns() {
        // Skipped for lack of company: the category and the person's overall rate learn nothing;
        // their comfort with company does.
        var model = PersonModel()
        let challenge = Self.catalog.first { $0.category == .nature && $0.socialRequirement == .withFriends }!
        let features = Self.features[challenge.id]!
        model.learn(
            .skip(challengeID: challenge.id, reason: .noCompany, at: Fixtures.epoch), features: features, zone: .gmt)
        let nature = ChallengeFeatures.index(.category, ChallengeCategory.allCases.firstIndex(of: .nature)!)
        let bias = ChallengeFeatures.index(.bias, 0)
        #expect(model.completion.mean == PersonModel().completion.mean)
        #expect(model.completion.precision[nature] == PersonModel.priorPrecision)
        let social = model.limits[FeatureGroup.limits.firstIndex(of: .social)!]
        #expect(
            social.fit(0) > 0.9999 && social.fit(2) < social.fit(1) && social.fit(2) < 0.25, "\(social.probabilities)")
        #expect(model.limits[FeatureGroup.limits.firstIndex(of: .time)!] == LimitBelief(levels: 5))
        // Not interested: the category learns, the limits do not (but softly, that they were not
        // what stopped them).
        model.learn(
            .skip(challengeID: challenge.id, reason: .notInterested, at: Fixtures.epoch), features: features, zone: .gmt
        )
        #expect(model.completion.mean[nature] < 0)
        let biasBefore = model.completion.mean[bias]
        #expect(model.preferredCategories()[.nature]! < model.preferredCategories()[.food]!)
        #expect(abs(model.preferredCategories().values.reduce(0, +) - 1) < 1e-9)
        // A rating is taste: it moves the category, not the overall rate its completion counted.
        model.learn(.rating(challengeID: challenge.id, rating: 5), features: features, zone: .gmt)
        #expect(model.completion.mean[bias] == biasBefore && model.completion.mean[nature] > -0.5)
    }

    @Test func difficultyIsSteps_andTimeALimit_soALongChallengeSaysSomethingOfAnExtendedOne() {
        let hard = ChallengeFeatures(Fixtures.challenge("hard-one", difficulty: 4))
        let easy = ChallengeFeatures(Fixtures.challenge("easy-one", difficulty: 1))
        let steps = hard.active(in: [.difficulty]).map(ChallengeFeatures.name(of:))
        #expect(steps == ["difficulty.atLeast-2", "difficulty.atLeast-3", "difficulty.atLeast-4"])
        #expect(easy.active(in: [.difficulty]).isEmpty)
        let names = (0..<ChallengeFeatures.count).map(ChallengeFeatures.name(of:))
        #expect(Set(names).count == names.count)
        #expect(names.first == "bias.any" && names.contains("category.nature") && names.contains("location.home"))
        #expect(!names.contains { $0.hasPrefix("time.") || $0.hasPrefix("social.") || $0.hasPrefix("cost.") })

        let long = ChallengeFeatures(Fixtures.challenge("long-one", time: .long))
        let medium = ChallengeFeatures(Fixtures.challenge("medium-one", time: .medium))
        let quick = ChallengeFeatures(Fixtures.challenge("quick-one", time: .quick))
        let extended = ChallengeFeatures(Fixtures.challenge("extended-one", time: .extended))
        #expect(long.ranks[FeatureGroup.limits.firstIndex(of: .time)!] == 3)
        var model = PersonModel()
        for day in 0..<10 {
            let at = Fixtures.epoch + Double(day) * 86_400
            model.learn(.skip(challengeID: "long-one", reason: .noTime, at: at), features: long, zone: .gmt)
            model.learn(.completion(challengeID: "medium-one", at: at), features: medium, zone: .gmt)
        }
        // Past the limit, long and extended alike are unlikely; within it, a quick challenge is no
        // likelier than a medium one: a limit is not a taste for short ones.
        let time = model.limits[FeatureGroup.limits.firstIndex(of: .time)!]
        #expect(time.probabilities[2] > 0.99, "the limit is medium: \(time.probabilities)")
        #expect(model.completionProbability(extended) < 0.3 * model.completionProbability(medium))
        #expect(model.completionProbability(long) < 0.3 * model.completionProbability(medium))
        #expect(abs(model.completionProbability(quick) - model.completionProbability(medium)) < 0.01)
        #expect(model.reasons(for: long).first?.feature == "time.long")
        #expect(PersonModel().reasons(for: quick).isEmpty, "knowing nothing, the engine gives no reason")
    }

    @Test func aLimitIsNeverSettledForGood() {
        // A person who had no time for long challenges for a month, then does them every day.
        var belief = LimitBelief(levels: 5)
        for _ in 0..<30 { belief.learnNamed(3) }
        #expect(belief.fit(3) < 0.16)
        for _ in 0..<10 { belief.learnDone(3) }
        #expect(belief.fit(3) > 0.99, "\(belief.probabilities)")
        // A miss without a reason says a little, by how doable it was within the limit.
        var unsure = LimitBelief(levels: 5)
        unsure.learnMissed(4, doable: 0.9, weight: 1)
        #expect(unsure.fit(4) < LimitBelief(levels: 5).fit(4))
        var shrugged = LimitBelief(levels: 5)
        shrugged.learnMissed(4, doable: 0.01, weight: 1)
        #expect(abs(shrugged.fit(4) - LimitBelief(levels: 5).fit(4)) < 0.01)
        // A skip for another reason says, softly, that the limit was not what stopped them.
        var other = LimitBelief(levels: 5)
        other.learnOtherReason(4)
        #expect(other.fit(4) > LimitBelief(levels: 5).fit(4))
        #expect(other.probabilities.allSatisfy { $0 > 0 } && abs(other.probabilities.reduce(0, +) - 1) < 1e-12)
    }

    @Test func history_becomesInteractions_inOrder_fromTheResetOn() {
        let today = Fixtures.day("2026-11-27")
        func item(_ day: String, _ status: ChallengeStatus, rating: Int? = nil) -> UserChallenge {
            var item = UserChallenge(
                userID: UUID(), challengeID: "c-\(day)", localDay: Fixtures.day(day),
                assignedAt: Fixtures.instant("\(day)T08:00:00Z"))
            item.status = status
            if status == .completed { item.completedDate = Fixtures.instant("\(day)T18:00:00Z") }
            if status == .skipped { item.skipReason = .weather }
            item.userRating = rating
            return item
        }
        let history = [
            item("2026-11-26", .skipped), item("2026-11-20", .completed, rating: 5), item("2026-11-25", .assigned),
            item("2026-11-27", .assigned), item("2026-11-10", .completed),
        ]
        let interactions = ChallengeInteraction.from(history, today: today)
        #expect(
            interactions == [
                .completion(challengeID: "c-2026-11-10", at: Fixtures.instant("2026-11-10T18:00:00Z")),
                .completion(challengeID: "c-2026-11-20", at: Fixtures.instant("2026-11-20T18:00:00Z")),
                .rating(challengeID: "c-2026-11-20", rating: 5),
                .ignored(challengeID: "c-2026-11-25", at: Fixtures.instant("2026-11-25T08:00:00Z")),
                // No skip date: the assignment's last change stands in for it.
                .skip(challengeID: "c-2026-11-26", reason: .weather, at: Fixtures.instant("2026-11-26T08:00:00Z")),
            ])
        let afterReset = ChallengeInteraction.from(
            history, today: today, since: Fixtures.instant("2026-11-21T00:00:00Z"))
        #expect(afterReset.map(\.challengeID) == ["c-2026-11-25", "c-2026-11-26"])
    }

    @Test func metrics_scoreEachOutcomeBeforeLearningIt() {
        var model = PersonModel()
        let features = Self.features[Self.catalog[0].id]!
        #expect(model.metrics.accuracy == nil && model.metrics.totalTrainingData == 0)
        // The first prediction is one half, on the "done" side: right for a completion.
        model.learn(.completion(challengeID: Self.catalog[0].id, at: Fixtures.epoch), features: features, zone: .gmt)
        #expect(model.metrics.accuracy == 1 && abs(model.metrics.logLoss! - log(2)) < 1e-9)
        model.learn(.rating(challengeID: Self.catalog[0].id, rating: 5), features: features, zone: .gmt)
        #expect(model.metrics.totalTrainingData == 1)
        #expect(model.metrics.lastTrainingDate == Fixtures.epoch)
        #expect(model.metrics.modelVersion == PersonModel.version)
    }

    @Test func timing_learnsTheHourBeforeCompletions_andFromNotificationsActedOn() {
        var model = PersonModel()
        let zone = Fixtures.zone("Europe/Berlin")
        let features = Self.features[Self.catalog[0].id]!
        for day in 1...5 {
            // 18:30 in Berlin (UTC+1 in November).
            model.learn(
                .completion(challengeID: Self.catalog[0].id, at: Fixtures.instant("2026-11-0\(day)T17:30:00Z")),
                features: features, zone: zone)
        }
        #expect(model.timing.bestHour(among: Array(9..<21)) == 17)
        for day in 1...9 {
            let sent = Fixtures.instant("2026-11-1\(day - 1)T09:00:00Z")  // 10:00 in Berlin
            model.learnTiming(notification: sent, completion: sent.addingTimeInterval(1200), zone: zone)
        }
        #expect(model.timing.bestHour(among: Array(9..<21)) == 10)
        #expect(model.timing.bestHour(among: Array(12..<16)) != nil)
        var random = SplitMix64(seed: 7)
        let sampled = (0..<200).compactMap { _ in model.timing.sampledHour(among: Array(9..<21), using: &random) }
        // Mostly the hour acted on and its neighbours (free time comes in stretches).
        #expect(sampled.filter { (9...11).contains($0) }.count > 100)
    }

    @Test func insights_countTheWeekInTheZone_againstTheFourWeeksBefore() {
        let zone = Fixtures.zone("America/New_York")
        func item(_ day: String, _ status: ChallengeStatus, _ id: String) -> UserChallenge {
            var item = UserChallenge(
                userID: UUID(), challengeID: id, localDay: Fixtures.day(day),
                assignedAt: Fixtures.instant("\(day)T14:00:00Z"))
            item.status = status
            // 20:30 in New York, 01:30 the next day in UTC.
            if status == .completed {
                item.completedDate = Fixtures.instant("\(day)T14:00:00Z").addingTimeInterval(11.5 * 3600)
            }
            return item
        }
        let history = [
            item("2026-11-27", .completed, "a"), item("2026-11-25", .skipped, "b"), item("2026-11-21", .completed, "a"),
            item("2026-11-20", .completed, "a"), item("2026-11-10", .skipped, "b"), item("2026-10-20", .completed, "a"),
        ]
        let insights = ChallengeInsights(
            history: history, categories: ["a": .nature, "b": .food], today: Fixtures.day("2026-11-27"), zone: zone,
            model: PersonModel())
        #expect(insights.weekStart == Fixtures.day("2026-11-21") && insights.weekEnd == Fixtures.day("2026-11-27"))
        #expect(insights.assigned == 3 && insights.completed == 2 && insights.skipped == 1)
        #expect(insights.previousCompletionRate == 0.5, "20 and 10 November; 20 October is too old")
        #expect(abs(insights.change! - (2.0 / 3.0 - 0.5)) < 1e-9)
        #expect(insights.categoriesThisWeek["nature"] == 2 && insights.categoriesThisWeek["food"] == 0)
        #expect(insights.bestHour == 20, "in the person's zone")
        #expect(insights.currentStreak == 1)
    }
}
