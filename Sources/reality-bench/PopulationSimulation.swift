import Foundation
import OutOfBoxCore
import RealityCore

/// A simulated population for `reality-bench personalize`: people with hidden tastes, time,
/// budgets, social comfort and daily routines, who complete, skip or ignore the challenge they are
/// given by chance according to those hidden values. The engine under test never reads them: a
/// policy sees only the catalog, the day, and the outcomes it observes.
struct SimulatedPerson {
    /// How much they like each category (0–1), in `ChallengeCategory.allCases` order.
    let categoryAffinity: [Double]
    /// How much they like each location type (0–1).
    let locationAffinity: [Double]
    /// The longest challenge (rank in `TimeInvestment.allCases`) their days usually allow.
    let timeBudget: Int
    /// The most social challenge (rank in `SocialRequirement.allCases`) they are comfortable with.
    let socialComfort: Int
    /// The dearest cost level they will pay.
    let costTolerance: Int
    /// The difficulty they enjoy.
    let preferredDifficulty: Int
    /// How likely they are to do a challenge that suits them in every way.
    let activeness: Double
    /// The local hours at which they are free to act on a nudge.
    let freeHours: ClosedRange<Int>

    init(using random: inout SplitMix64) {
        let liked = Set(
            (0..<Int.random(in: 2...3, using: &random)).map { _ in
                Int.random(in: 0..<ChallengeCategory.allCases.count, using: &random)
            })
        categoryAffinity = ChallengeCategory.allCases.indices.map { index in
            liked.contains(index)
                ? Double.random(in: 0.75...1, using: &random) : Double.random(in: 0.05...0.35, using: &random)
        }
        locationAffinity = LocationType.allCases.map { _ in Double.random(in: 0.45...1, using: &random) }
        timeBudget = Int.random(in: 1...4, using: &random)
        socialComfort = Int.random(in: 0...3, using: &random)
        costTolerance = Int.random(in: 0...3, using: &random)
        preferredDifficulty = Int.random(in: 1...5, using: &random)
        activeness = Double.random(in: 0.6...0.95, using: &random)
        let start = Int.random(in: 8...20, using: &random)
        freeHours = start...min(start + Int.random(in: 1...2, using: &random), 23)
    }

    /// The limits a challenge meets in this person, each 0–1, with the skip reason each would give.
    private func fits(_ challenge: Challenge) -> [(Double, SkipReason)] {
        let time = TimeInvestment.allCases.firstIndex(of: challenge.timeInvestment)!
        let social = SocialRequirement.allCases.firstIndex(of: challenge.socialRequirement)!
        let cost = CostLevel.allCases.firstIndex(of: challenge.costLevel)!
        return [
            (categoryAffinity[ChallengeCategory.allCases.firstIndex(of: challenge.category)!], .notInterested),
            (locationAffinity[LocationType.allCases.firstIndex(of: challenge.locationType)!], .notPossibleHere),
            (time <= timeBudget ? 1 : 0.15, .noTime),
            (social <= socialComfort ? 1 : 0.2, .noCompany),
            (cost <= costTolerance ? 1 : 0.15, .tooExpensive),
            (1 - 0.12 * Double(abs(challenge.difficultyLevel - preferredDifficulty)), .tooDifficult),
        ]
    }

    /// The hidden probability that they complete `challenge`.
    func completionProbability(_ challenge: Challenge) -> Double {
        fits(challenge).reduce(activeness) { $0 * $1.0 }
    }

    /// What they do with `challenge` on a day: complete it (and rate it), skip it with a reason,
    /// or let the day pass.
    func respond(to challenge: Challenge, using random: inout SplitMix64) -> Outcome {
        if random.chance(completionProbability(challenge)) {
            let liking = categoryAffinity[ChallengeCategory.allCases.firstIndex(of: challenge.category)!]
            let rating = min(5, max(1, Int((1 + 4 * liking + Double.random(in: -0.7...0.7, using: &random)).rounded())))
            return .completed(
                rating: random.chance(0.6) ? rating : nil, hour: Int.random(in: freeHours, using: &random))
        }
        guard random.chance(0.7) else { return .ignored }
        if random.chance(0.1) { return .skipped(.other) }
        return .skipped(fits(challenge).min { $0.0 < $1.0 }!.1)
    }

    /// Whether they act within the hour on a notification sent at local `hour`.
    func actsOnNotification(at hour: Int, using random: inout SplitMix64) -> Bool {
        random.chance(freeHours.contains(hour) ? 0.7 : 0.12)
    }

    enum Outcome {
        /// Done, at local `hour`, and rated when they chose to.
        case completed(rating: Int?, hour: Int)
        case skipped(SkipReason)
        case ignored
    }
}

/// How a policy under test chooses: from the day's eligible challenges, for one person.
protocol ChallengePolicy {
    /// Chooses one of `candidates` (indices into the catalog) for `person` on `day`.
    mutating func choose(for person: Int, among candidates: [Int], day: Int, using random: inout SplitMix64) -> Int
    /// Learns what `person` did with catalog challenge `challenge` on `day`.
    mutating func observe(person: Int, challenge: Int, outcome: SimulatedPerson.Outcome, day: Int)
    /// The hour among `window` to nudge `person` on `day`.
    mutating func nudgeHour(for person: Int, among window: [Int], using random: inout SplitMix64) -> Int
    /// Learns whether `person` acted within the hour on the nudge sent on `day` at `hour`.
    mutating func observeNudge(person: Int, day: Int, hour: Int, acted: Bool)
    /// The policy's predicted probability that `person` completes catalog challenge `challenge`;
    /// nil for a policy that does not predict.
    func probability(person: Int, challenge: Int) -> Double?
}

extension ChallengePolicy {
    /// A baseline nudges at a random hour of the window and learns nothing from it.
    mutating func nudgeHour(for person: Int, among window: [Int], using random: inout SplitMix64) -> Int {
        window.randomElement(using: &random)!
    }

    mutating func observeNudge(person: Int, day: Int, hour: Int, acted: Bool) {}

    func probability(person: Int, challenge: Int) -> Double? { nil }
}

/// Uniform among the eligible: the floor.
struct RandomPolicy: ChallengePolicy {
    mutating func choose(for person: Int, among candidates: [Int], day: Int, using random: inout SplitMix64) -> Int {
        candidates.randomElement(using: &random)!
    }
    mutating func observe(person: Int, challenge: Int, outcome: SimulatedPerson.Outcome, day: Int) {}
}

/// The challenge with the best completion rate so far across everyone (smoothed; ties at random):
/// what a product without personalization would do.
struct MostPopularPolicy: ChallengePolicy {
    var completed: [Double]
    var given: [Double]

    init(catalogSize: Int) {
        completed = Array(repeating: 0, count: catalogSize)
        given = Array(repeating: 0, count: catalogSize)
    }

    mutating func choose(for person: Int, among candidates: [Int], day: Int, using random: inout SplitMix64) -> Int {
        var best: [Int] = []
        var bestRate = -1.0
        for index in candidates {
            let rate = (completed[index] + 1) / (given[index] + 2)
            if rate > bestRate + 1e-12 {
                best = [index]
                bestRate = rate
            } else if abs(rate - bestRate) <= 1e-12 {
                best.append(index)
            }
        }
        return best.randomElement(using: &random)!
    }

    mutating func observe(person: Int, challenge: Int, outcome: SimulatedPerson.Outcome, day: Int) {
        given[challenge] += 1
        if case .completed = outcome { completed[challenge] += 1 }
    }
}

/// The engine under test: one ``PersonModel`` per person, learning only from what they did.
struct EnginePolicy: ChallengePolicy {
    var models: [PersonModel]
    let features: [ChallengeFeatures]
    let catalog: [Challenge]
    let start: Date

    init(people: Int, catalog: [Challenge], start: Date) {
        models = Array(repeating: PersonModel(), count: people)
        features = catalog.map(ChallengeFeatures.init)
        self.catalog = catalog
        self.start = start
    }

    mutating func choose(for person: Int, among candidates: [Int], day: Int, using random: inout SplitMix64) -> Int {
        return candidates[models[person].rank(candidates.map { features[$0] }, count: 1, using: &random)[0]]
    }

    mutating func observe(person: Int, challenge: Int, outcome: SimulatedPerson.Outcome, day: Int) {
        let id = catalog[challenge].id
        let noon = start.addingTimeInterval(Double(day) * 86_400 + 12 * 3_600)
        let interactions: [ChallengeInteraction] =
            switch outcome {
            case .completed(let rating, let hour):
                [.completion(challengeID: id, at: start.addingTimeInterval(Double(day * 24 + hour) * 3_600 + 1_800))]
                    + (rating.map { [.rating(challengeID: id, rating: $0)] } ?? [])
            case .skipped(let reason): [.skip(challengeID: id, reason: reason, at: noon)]
            case .ignored: [.ignored(challengeID: id, at: noon)]
            }
        for interaction in interactions {
            models[person].learn(interaction, features: features[challenge], zone: .gmt)
        }
    }

    /// The engine's choice of hour, within `window`, to nudge `person` on `day`, and what it learns
    /// from whether they acted on it.
    mutating func nudgeHour(for person: Int, among window: [Int], using random: inout SplitMix64) -> Int {
        // The server's own rule for when a reminder goes out, over the person's timing model.
        let span = TimeWindowDTO(
            start: String(format: "%02d:00", window.first!), end: String(format: "%02d:00", window.last! + 1))
        let due = ReminderTimes.time(
            on: LocalDay(start, in: .gmt), window: span, zone: .gmt, timing: models[person].timing, using: &random)!
        return PersonModel.hour(of: due, in: .gmt)
    }

    mutating func observeNudge(person: Int, day: Int, hour: Int, acted: Bool) {
        let sent = start.addingTimeInterval(Double(day * 24 + hour) * 3_600)
        models[person].learnTiming(
            notification: sent, completion: acted ? sent.addingTimeInterval(1_800) : nil, zone: .gmt)
    }

    func probability(person: Int, challenge: Int) -> Double? {
        models[person].completionProbability(features[challenge])
    }
}

/// The area under the ROC curve of `predictions` (probability, outcome): the chance that a random
/// positive is ranked above a random negative (Mann–Whitney, ties counted half).
func areaUnderCurve(_ predictions: [(Double, Bool)]) -> Double? {
    let sorted = predictions.sorted { $0.0 < $1.0 }
    let positives = Double(sorted.filter(\.1).count)
    let negatives = Double(sorted.count) - positives
    guard positives > 0, negatives > 0 else { return nil }
    var rankSum = 0.0
    var index = 0
    while index < sorted.count {
        var end = index
        while end + 1 < sorted.count && sorted[end + 1].0 == sorted[index].0 { end += 1 }
        let rank = Double(index + end + 2) / 2
        for item in sorted[index...end] where item.1 { rankSum += rank }
        index = end + 1
    }
    return (rankSum - positives * (positives + 1) / 2) / (positives * negatives)
}

/// The ceiling, not a policy anyone could run: it reads the hidden values and gives each person
/// the eligible challenge they are likeliest to complete.
struct OraclePolicy: ChallengePolicy {
    let population: [SimulatedPerson]
    let catalog: [Challenge]

    mutating func choose(for person: Int, among candidates: [Int], day: Int, using random: inout SplitMix64) -> Int {
        candidates.max {
            population[person].completionProbability(catalog[$0])
                < population[person].completionProbability(catalog[$1])
        }!
    }

    mutating func observe(person: Int, challenge: Int, outcome: SimulatedPerson.Outcome, day: Int) {}
}
