import Foundation

/// When in the day a person acts on a nudge, learned per local hour (seed 004's `recordTiming` and
/// `getOptimalNotificationTime`): for each hour, how many notifications were sent then and how
/// many were acted on within the hour, with a Beta prior per hour. Neighbouring hours lend each
/// other half their evidence (free time comes in stretches), and completions at an hour count as
/// a weak sign that the hour before it was free.
public struct TimingModel: Codable, Sendable, Hashable {
    /// Notifications sent, per local hour (0–23).
    public private(set) var sent: [Double]
    /// Of those, the ones acted on within an hour, per local hour.
    public private(set) var acted: [Double]

    /// A model that knows nothing yet.
    public init() {
        sent = Array(repeating: 0, count: 24)
        acted = Array(repeating: 0, count: 24)
    }

    /// A notification sent at local `hour` was acted on within the hour or not.
    public mutating func record(sentAt hour: Int, acted wasActedOn: Bool) {
        let hour = Self.wrap(hour)
        sent[hour] += 1
        if wasActedOn { acted[hour] += 1 }
    }

    /// A challenge was completed at local `hour`, with no notification to credit: a weak sign that
    /// a nudge an hour before would have been welcome.
    public mutating func record(completedAt hour: Int) {
        let before = Self.wrap(hour - 1)
        sent[before] += 0.5
        acted[before] += 0.5
    }

    /// The posterior mean rate of acting on a notification sent at `hour`.
    public func rate(at hour: Int) -> Double {
        let (alpha, beta) = posterior(at: Self.wrap(hour))
        return alpha / (alpha + beta)
    }

    /// The best hour among `hours` by posterior mean (the earliest on a tie): what to tell a person
    /// who asks when they are best nudged.
    public func bestHour(among hours: [Int]) -> Int? {
        hours.max { rate(at: $0) < rate(at: $1) || (rate(at: $0) == rate(at: $1) && $0 > $1) }
    }

    /// An hour among `hours` chosen by Thompson sampling: mostly the best, sometimes one the model is
    /// unsure of, so that it keeps learning.
    public func sampledHour(among hours: [Int], using generator: inout some RandomNumberGenerator) -> Int? {
        var best: (hour: Int, draw: Double)?
        for hour in hours {
            let (alpha, beta) = posterior(at: Self.wrap(hour))
            let draw = Self.beta(alpha, beta, using: &generator)
            if best == nil || draw > best!.draw { best = (hour, draw) }
        }
        return best?.hour
    }

    private func posterior(at hour: Int) -> (Double, Double) {
        var trials = sent[hour]
        var successes = acted[hour]
        for neighbour in [Self.wrap(hour - 1), Self.wrap(hour + 1)] {
            trials += sent[neighbour] / 2
            successes += acted[neighbour] / 2
        }
        return (1 + successes, 1 + trials - successes)
    }

    private static func wrap(_ hour: Int) -> Int { ((hour % 24) + 24) % 24 }

    /// A Beta(alpha, beta) draw, as the ratio of two Gamma draws (Marsaglia and Tsang).
    static func beta(_ alpha: Double, _ beta: Double, using generator: inout some RandomNumberGenerator) -> Double {
        let x = gamma(alpha, using: &generator)
        let y = gamma(beta, using: &generator)
        return x / (x + y)
    }

    private static func gamma(_ shape: Double, using generator: inout some RandomNumberGenerator) -> Double {
        if shape < 1 {
            let boost = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            return gamma(shape + 1, using: &generator) * pow(boost, 1 / shape)
        }
        let d = shape - 1.0 / 3
        let c = 1 / (9 * d).squareRoot()
        while true {
            let (normal, _) = BayesianLogistic.standardNormalPair(using: &generator)
            let v = pow(1 + c * normal, 3)
            guard v > 0 else { continue }
            let u = Double.random(in: Double.ulpOfOne..<1, using: &generator)
            if log(u) < 0.5 * normal * normal + d - d * v + d * log(v) { return d * v }
        }
    }
}
