import Foundation

/// A group of the traits the personalization engine sees of a challenge, so that a skip's reason
/// can speak to the groups it concerns and leave the others be (a challenge skipped for lack of
/// time says nothing about its category).
///
/// Most groups are tastes, learned as weights of a logistic model. An unordered trait (category,
/// location) has one feature per value; difficulty, which is ordered, one per step above its lowest
/// value, and a challenge has every step up to its own ("at least 2", "at least 3", …). Time, social
/// requirement and cost are limits instead (``LimitBelief``): a person has the time for a long
/// challenge or has not, and a challenge well within their limit is no likelier to be done than
/// one just within it.
public enum FeatureGroup: String, Codable, Sendable, CaseIterable {
    /// One feature every challenge has: how likely the person is to complete anything.
    case bias
    case category
    case time
    case social
    case cost
    case location
    case difficulty

    /// The groups that are a person's limits rather than tastes, in ``FeatureGroup/allCases`` order.
    public static let limits = allCases.filter(\.isLimit)
    /// The groups the completion model weighs, in ``FeatureGroup/allCases`` order.
    public static let weighted = allCases.filter { !$0.isLimit }

    /// Whether the group is a limit (``LimitBelief``) rather than weighed features.
    public var isLimit: Bool {
        switch self {
        case .time, .social, .cost: true
        case .bias, .category, .location, .difficulty: false
        }
    }

    /// The names of the group's features, in index order; of a limit, its levels.
    public var values: [String] {
        switch self {
        case .bias: ["any"]
        case .category: ChallengeCategory.allCases.map(\.rawValue)
        case .time: TimeInvestment.allCases.map(\.rawValue)
        case .social: SocialRequirement.allCases.map(\.rawValue)
        case .cost: CostLevel.allCases.map(\.rawValue)
        case .location: LocationType.allCases.map(\.rawValue)
        case .difficulty: Challenge.difficultyLevels.dropFirst().map { "atLeast-\($0)" }
        }
    }

    /// The group's features that `challenge` has, as positions within the group (difficulty's
    /// steps up to its own).
    func positions(of challenge: Challenge) -> [Int] {
        let value = value(of: challenge)
        return self == .difficulty ? Array(0..<value) : [value]
    }

    /// Which of the trait's values `challenge` has (its rank, for an ordered trait).
    func value(of challenge: Challenge) -> Int {
        switch self {
        case .bias: 0
        case .category: Self.position(challenge.category)
        case .time: Self.position(challenge.timeInvestment)
        case .social: Self.position(challenge.socialRequirement)
        case .cost: Self.position(challenge.costLevel)
        case .location: Self.position(challenge.locationType)
        case .difficulty:
            min(
                max(challenge.difficultyLevel, Challenge.difficultyLevels.lowerBound),
                Challenge.difficultyLevels.upperBound)
                - Challenge.difficultyLevels.lowerBound
        }
    }

    private static func position<Trait: CaseIterable & Equatable>(_ trait: Trait) -> Int {
        Trait.allCases.firstIndex(of: trait).map { Trait.allCases.distance(from: Trait.allCases.startIndex, to: $0) }
            ?? 0
    }
}

/// The features of one challenge: the indices, in the engine's weight vector, of the features it
/// has, per weighed ``FeatureGroup``, and its rank in each limit. Computed once per challenge and
/// kept beside it.
public struct ChallengeFeatures: Sendable, Hashable {
    /// The features it has, per group, in ``FeatureGroup/weighted`` order.
    let byGroup: [[Int]]
    /// All the features it has.
    public let active: [Int]
    /// Its rank in each of ``FeatureGroup/limits`` (0 for the lowest level).
    public let ranks: [Int]

    /// The features of `challenge`.
    public init(_ challenge: Challenge) {
        byGroup = FeatureGroup.weighted.enumerated().map { group, kind in
            kind.positions(of: challenge).map { Self.offsets[group] + $0 }
        }
        active = byGroup.flatMap { $0 }
        ranks = FeatureGroup.limits.map { $0.value(of: challenge) }
    }

    /// The indices of the features in `groups` only.
    func active(in groups: Set<FeatureGroup>) -> [Int] {
        FeatureGroup.weighted.enumerated().flatMap { index, group in groups.contains(group) ? byGroup[index] : [] }
    }

    /// Where each weighed group's features start in the weight vector.
    static let offsets: [Int] = FeatureGroup.weighted.reduce(into: [Int]()) { offsets, group in
        let start = offsets.last.map { $0 + FeatureGroup.weighted[offsets.count - 1].values.count } ?? 0
        offsets.append(start)
    }

    /// The length of the weight vector.
    public static let count = offsets.last! + FeatureGroup.weighted.last!.values.count

    /// The name of feature `index`: its group and value, e.g. `category.nature`.
    public static func name(of index: Int) -> String {
        let group = offsets.lastIndex { $0 <= index } ?? 0
        let kind = FeatureGroup.weighted[group]
        return "\(kind.rawValue).\(kind.values[index - offsets[group]])"
    }

    /// The index of `value` in weighed `group`.
    static func index(_ group: FeatureGroup, _ value: Int) -> Int {
        offsets[FeatureGroup.weighted.firstIndex(of: group)!] + value
    }
}
