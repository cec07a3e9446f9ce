import Foundation

/// What the engine believes of one of a person's limits: the longest challenge their days allow,
/// the most social one they are comfortable with, the dearest they will pay
/// (``FeatureGroup/limits``). A limit is not a taste: a challenge within it is as doable as any
/// other, one past it seldom is.
///
/// The belief is a distribution over which level is the person's limit (the highest rank they do),
/// learned by Bayes' rule from what they did: a completion says the limit is at least the
/// challenge's rank; a skip that names the limit ("no time") says it is below; a skip that names
/// something else says, more softly, that the limit was not what stopped them; a miss without a
/// reason says a little, by how likely the challenge was to be done within the limit. A logistic
/// weight per step learns the same thing from the same answers more slowly, blaming every step
/// below the challenge and the person's overall rate alike: `reality-bench personalize` has the
/// figures of both (docs/out-of-box.md).
public struct LimitBelief: Codable, Sendable, Hashable {
    /// The probability that the limit is each level.
    public private(set) var probabilities: [Double]

    /// How likely a challenge past the limit is to be done, against one within it.
    public static let pastLimit = 0.15
    /// How likely a person is to name the limit when skipping a challenge within it: seldom, but a
    /// tired evening's "no time" must not settle the limit for good.
    static let namedWithin = 0.05
    /// How likely a skip naming something else is of a challenge past the limit, against one within
    /// it: past it, the limit is the likelier reason to give.
    static let otherReasonPast = 0.5

    /// The least probability a level keeps: a few answers must be able to move a belief that many
    /// answers built, since a person's limits change.
    static let floor = 1e-4

    /// A belief over `levels` levels that knows nothing.
    public init(levels: Int) {
        probabilities = Array(repeating: 1 / Double(levels), count: levels)
    }

    /// How doable a challenge of `rank` is by the limit, on average over the belief: 1 when it is
    /// surely within, ``pastLimit`` when surely past.
    public func fit(_ rank: Int) -> Double {
        let within = probabilities[min(rank, probabilities.count)...].reduce(0, +)
        return within + (1 - within) * Self.pastLimit
    }

    /// A level drawn from the belief.
    func sample(using generator: inout some RandomNumberGenerator) -> Int {
        var left = Double.random(in: 0..<1, using: &generator)
        for (level, probability) in probabilities.enumerated() {
            left -= probability
            if left < 0 { return level }
        }
        return probabilities.count - 1
    }

    /// Learns that a challenge of `rank` was done.
    mutating func learnDone(_ rank: Int) {
        update(rank, within: 1, past: Self.pastLimit)
    }

    /// Learns a skip of a challenge of `rank` that names this limit.
    mutating func learnNamed(_ rank: Int) {
        update(rank, within: Self.namedWithin, past: 1)
    }

    /// Learns a skip of a challenge of `rank` that names something else.
    mutating func learnOtherReason(_ rank: Int) {
        update(rank, within: 1, past: Self.otherReasonPast)
    }

    /// Learns that a challenge of `rank` was not done, without a reason, when within the limit it
    /// would have been done with probability `doable`; `weight` is how much the answer counts.
    mutating func learnMissed(_ rank: Int, doable: Double, weight: Double) {
        update(
            rank, within: Foundation.pow(1 - doable, weight), past: Foundation.pow(1 - doable * Self.pastLimit, weight))
    }

    /// Bayes' rule with likelihood `within` for the levels at or above `rank`, `past` below it.
    private mutating func update(_ rank: Int, within: Double, past: Double) {
        var total = 0.0
        for level in probabilities.indices {
            probabilities[level] = max(probabilities[level] * (level >= rank ? within : past), Self.floor)
            total += probabilities[level]
        }
        for level in probabilities.indices { probabilities[level] /= total }
    }
}
