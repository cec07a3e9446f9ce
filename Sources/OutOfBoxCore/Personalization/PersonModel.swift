import Foundation

/// What the personalization engine knows of one person (seed 004's PersonalizationEngine, its
/// state): a completion model (a logistic model of their tastes over challenges' features, and a
/// belief about each of their limits, ``LimitBelief``), when they act on a nudge (``TimingModel``),
/// and how well the completion model has predicted them so far.
///
/// The probability that they complete a challenge is the product of how likely they are to do it
/// within their limits (the logistic of the weights of its features) and how doable it is by each
/// limit: a product of fits, as the seed's skip reasons describe a person (not interested, no time,
/// no company, too expensive).
///
/// The completion model is the person's own: `reality-bench personalize` measured a population
/// model under it (what everyone's interactions taught, as a prior) and found it worse, because
/// the engine's own choices bias what the population sees (a category given to those who like it
/// looks liked by all); docs/out-of-box.md has the figures.
///
/// It is a pure value, learned from the person's own interactions in order, so the server and a
/// device holding the same history hold the same model, and a reset is learning from a later point.
public struct PersonModel: Codable, Sendable, Hashable {
    /// The engine's version: what ``PersonalizationMetrics/modelVersion`` reports, and what an
    /// export names. Change it when learning changes meaning.
    public static let version = "thompson-logistic-limits-2"

    /// Prior precision of every weight: a person's first few answers move the model, but one
    /// answer does not settle a category.
    public static let priorPrecision = 1.0

    /// How far a Thompson draw of the weights strays from the posterior mean, as a share of the
    /// posterior's standard deviation (the limits are drawn from their belief as it is). Full-width
    /// draws explore too long for one answer a day. Measured with `reality-bench personalize`
    /// (docs/out-of-box.md has the sweep; 2,000 people, seeds 1 and 2): narrower draws complete more
    /// and learn less of what the person is never given (0.3: 2.60× random, held-out AUC 0.761;
    /// 0.5: 2.51×, 0.763), wider ones the other way (1.0: 2.29×, 0.774); 0.7 (2.41×, 0.772) learns
    /// nearly as much as full width and completes more. Chapelle and Li report the same trade of
    /// display ads.
    public static let exploration = 0.7

    /// Whether the person completes a challenge, by the features of its tastes.
    public private(set) var completion: BayesianLogistic
    /// What their limits are, one per ``FeatureGroup/limits``.
    public private(set) var limits: [LimitBelief]
    /// When they act on a nudge.
    public private(set) var timing: TimingModel
    /// How well the completion model predicted each outcome before learning it.
    public private(set) var record: PredictionRecord

    /// A model that knows nothing of the person.
    public init() {
        completion = BayesianLogistic(count: ChallengeFeatures.count, precision: Self.priorPrecision)
        limits = FeatureGroup.limits.map { LimitBelief(levels: $0.values.count) }
        timing = TimingModel()
        record = PredictionRecord()
    }

    /// A model learned from `interactions` in order; `catalog` gives their challenges (an
    /// interaction with a challenge no longer there teaches nothing), `zone` the person's hours.
    public init(
        learning interactions: [ChallengeInteraction], catalog: [String: ChallengeFeatures], zone: TimeZone
    ) {
        self.init()
        for interaction in interactions {
            guard let features = catalog[interaction.challengeID] else { continue }
            learn(interaction, features: features, zone: zone)
        }
    }

    /// Learns one interaction with a challenge whose features are `features` (seed 004's
    /// `recordCompletion`, `recordSkip`, `recordRating`): first scores the prediction it would have
    /// made, then moves the model.
    public mutating func learn(_ interaction: ChallengeInteraction, features: ChallengeFeatures, zone: TimeZone) {
        guard let evidence = interaction.evidence else { return }
        if interaction.isOutcome {
            record.score(predicted: completionProbability(features), outcome: evidence.outcome)
        }
        var outcome = evidence.outcome
        if case .missed = evidence.limits {
            // Not done, and no reason given: a limit may have stopped them. The weights learn how
            // likely it is that, within their limits, they would have done it (the expectation
            // step of EM); each limit learns by how doable it was within it, by the others.
            let within = completion.probability(features.active)
            let fits = limits.indices.map { limits[$0].fit(features.ranks[$0]) }
            let doable = fits.reduce(1, *)
            let either = 1 - within * doable
            outcome = either > 1e-12 ? min(max(within * (1 - doable) / either, 0), 1) : 0
            for index in limits.indices {
                let others = fits.indices.reduce(within) { $1 == index ? $0 : $0 * fits[$1] }
                limits[index].learnMissed(features.ranks[index], doable: others, weight: evidence.weight)
            }
        }
        completion.learn(features.active(in: evidence.groups), outcome: outcome, weight: evidence.weight)
        for index in limits.indices {
            switch evidence.limits {
            case .done: limits[index].learnDone(features.ranks[index])
            case .named(let group) where group == FeatureGroup.limits[index]:
                limits[index].learnNamed(features.ranks[index])
            case .otherReason: limits[index].learnOtherReason(features.ranks[index])
            case .silent, .named, .missed: break
            }
        }
        switch interaction {
        case .completion(_, let date):
            timing.record(completedAt: Self.hour(of: date, in: zone))
            record.lastLearned = date
        case .skip(_, _, let date), .ignored(_, let date): record.lastLearned = date
        case .rating: break
        }
    }

    /// Learns when a notification sent at `notification` was acted on (seed 004's `recordTiming`):
    /// `completion` is when the challenge was completed after it, if it was.
    public mutating func learnTiming(notification: Date, completion: Date?, zone: TimeZone) {
        let acted = completion.map { $0 >= notification && $0.timeIntervalSince(notification) <= 3600 } ?? false
        timing.record(sentAt: Self.hour(of: notification, in: zone), acted: acted)
    }

    /// The probability that the person completes a challenge with `features` (seed 004's
    /// `predictCompletionProbability`).
    public func completionProbability(_ features: ChallengeFeatures) -> Double {
        limits.indices.reduce(completion.probability(features.active)) { $0 * limits[$1].fit(features.ranks[$1]) }
    }

    /// Up to `count` of `candidates`, best first, by Thompson sampling: one draw of the model's
    /// weights and of each limit from what it knows, and the candidates ranked by that draw's
    /// log-probability. A person the model knows well gets what they like; where it is unsure, a
    /// draw sometimes favours something new, which is how it learns (seed 004's
    /// `getPersonalizedChallenges`). Returns indices into `candidates`.
    public func rank(_ candidates: [ChallengeFeatures], count: Int, using generator: inout some RandomNumberGenerator)
        -> [Int]
    {
        let draw = completion.sample(scaledBy: Self.exploration, using: &generator)
        let levels = limits.map { $0.sample(using: &generator) }
        let pastLimit = Foundation.log(LimitBelief.pastLimit)
        let scores = candidates.map { features in
            let within = -Foundation.log1p(Foundation.exp(-features.active.reduce(0.0) { $0 + draw[$1] }))
            return features.ranks.indices.reduce(within) { score, index in
                features.ranks[index] <= levels[index] ? score : score + pastLimit
            }
        }
        return Array(
            scores.indices.sorted { scores[$0] > scores[$1] || (scores[$0] == scores[$1] && $0 < $1) }.prefix(count))
    }

    /// How much the person likes each category (seed 004's `getPreferredChallengeCategories`): the
    /// predicted completion of an otherwise average challenge of the category, the weights summing
    /// to one.
    public func preferredCategories() -> [ChallengeCategory: Double] {
        let bias = weight(ChallengeFeatures.index(.bias, 0))
        let raw = ChallengeCategory.allCases.enumerated().map { index, category in
            (category, BayesianLogistic.logistic(bias + weight(ChallengeFeatures.index(.category, index))))
        }
        let total = raw.reduce(0) { $0 + $1.1 }
        return Dictionary(uniqueKeysWithValues: raw.map { ($0.0, total > 0 ? $0.1 / total : 0) })
    }

    /// The traits that most raise (or lower) the person's predicted completion of a challenge with
    /// `features`, as names like `category.nature` (a weight) or `time.long` (a limit, by the log of
    /// how doable it is), strongest first: why the engine recommends it. Traits that do not move it
    /// are left out, so a person the engine knows nothing of gets no reasons.
    public func reasons(for features: ChallengeFeatures, count: Int = 2) -> [(feature: String, weight: Double)] {
        let weighed = features.active.filter { $0 != ChallengeFeatures.index(.bias, 0) }
            .map { (ChallengeFeatures.name(of: $0), weight($0)) }
        let limited = FeatureGroup.limits.enumerated().map { index, group in
            let rank = features.ranks[index]
            return ("\(group.rawValue).\(group.values[rank])", Foundation.log(limits[index].fit(rank)))
        }
        // A trait the engine knows nothing of (weight 0, or a limit surely met) is no reason.
        return (weighed + limited).filter { abs($0.1) > 1e-6 }.sorted { abs($0.1) > abs($1.1) }.prefix(count).map { $0 }
    }

    /// The weight of feature `index`.
    func weight(_ index: Int) -> Double { completion.mean[index] }

    /// The engine's figures (seed 004's `getModelMetrics`).
    public var metrics: PersonalizationMetrics {
        PersonalizationMetrics(
            accuracy: record.accuracy, logLoss: record.logLoss, totalTrainingData: record.count,
            lastTrainingDate: record.lastLearned, modelVersion: Self.version)
    }

    /// The local hour (0–23) of `date` in `zone`.
    public static func hour(of date: Date, in zone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.component(.hour, from: date)
    }
}

/// How well a model predicted outcomes it had not yet seen: each outcome is predicted before the
/// model learns it (prequential evaluation), so every prediction is on held-out data.
public struct PredictionRecord: Codable, Sendable, Hashable {
    /// Outcomes predicted.
    public private(set) var count = 0
    /// Of those, predicted on the right side of one half.
    public private(set) var correct = 0
    /// The sum of the predictions' log-losses.
    public private(set) var totalLogLoss = 0.0
    /// When the model last learned something.
    public internal(set) var lastLearned: Date?

    /// Nothing predicted yet.
    public init() {}

    /// Scores a prediction `predicted` of an outcome `outcome` (0 or 1).
    mutating func score(predicted: Double, outcome: Double) {
        count += 1
        if (predicted >= 0.5) == (outcome >= 0.5) { correct += 1 }
        let clamped = min(max(predicted, 1e-6), 1 - 1e-6)
        totalLogLoss -= outcome * log(clamped) + (1 - outcome) * log(1 - clamped)
    }

    /// The share of outcomes predicted right; nil before the first.
    public var accuracy: Double? { count == 0 ? nil : Double(correct) / Double(count) }
    /// The mean log-loss; nil before the first.
    public var logLoss: Double? { count == 0 ? nil : totalLogLoss / Double(count) }
}

/// The engine's figures for one person (seed 004's `PersonalizationMetrics`).
public struct PersonalizationMetrics: Codable, Sendable, Hashable {
    /// The share of their outcomes the model predicted right before seeing them; nil before any.
    public var accuracy: Double?
    /// The mean log-loss of those predictions; nil before any.
    public var logLoss: Double?
    /// How many outcomes the model has learned.
    public var totalTrainingData: Int
    /// When it last learned one; nil before any.
    public var lastTrainingDate: Date?
    /// ``PersonModel/version``.
    public var modelVersion: String

    /// Figures with the given parts.
    public init(
        accuracy: Double?, logLoss: Double?, totalTrainingData: Int, lastTrainingDate: Date?, modelVersion: String
    ) {
        self.accuracy = accuracy
        self.logLoss = logLoss
        self.totalTrainingData = totalTrainingData
        self.lastTrainingDate = lastTrainingDate
        self.modelVersion = modelVersion
    }
}
