import Foundation

/// A group of the features the personalization engine sees of a challenge, so that a skip's
/// reason can speak to the groups it concerns and leave the others be (a challenge skipped for lack
/// of time says nothing about its category).
///
/// An unordered trait (category, location) has one feature per value. An ordered one (time, social
/// requirement, cost, difficulty) has one feature per step above its lowest value, and a challenge
/// has every step up to its own ("at least short", "at least medium", …): a person whose days
/// cannot fit a long challenge learns it of the extended ones too, from the same answers.
public enum FeatureGroup: String, Codable, Sendable, CaseIterable {
    /// One feature every challenge has: how likely the person is to complete anything.
    case bias
    case category
    case time
    case social
    case cost
    case location
    case difficulty

    /// The names of the group's features, in index order.
    public var values: [String] {
        switch self {
        case .bias: ["any"]
        case .category: ChallengeCategory.allCases.map(\.rawValue)
        case .time: Self.steps(TimeInvestment.allCases.map(\.rawValue))
        case .social: Self.steps(SocialRequirement.allCases.map(\.rawValue))
        case .cost: Self.steps(CostLevel.allCases.map(\.rawValue))
        case .location: LocationType.allCases.map(\.rawValue)
        case .difficulty: Self.steps(Challenge.difficultyLevels.map(String.init))
        }
    }

    /// Whether the group's values are ordered (its features are steps).
    var isOrdered: Bool {
        switch self {
        case .time, .social, .cost, .difficulty: true
        case .bias, .category, .location: false
        }
    }

    /// The group's features that `challenge` has, as positions within the group.
    func positions(of challenge: Challenge) -> [Int] {
        let value = value(of: challenge)
        return isOrdered ? Array(0..<value) : [value]
    }

    private static func steps(_ names: [String]) -> [String] {
        names.dropFirst().map { "atLeast-\($0)" }
    }

    /// Which of the trait's values `challenge` has (its rank, for an ordered trait).
    private func value(of challenge: Challenge) -> Int {
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
/// has, per ``FeatureGroup``. Computed once per challenge and kept beside it.
public struct ChallengeFeatures: Sendable, Hashable {
    /// The features it has, per group, in ``FeatureGroup/allCases`` order.
    let byGroup: [[Int]]
    /// All the features it has.
    public let active: [Int]

    /// The features of `challenge`.
    public init(_ challenge: Challenge) {
        byGroup = FeatureGroup.allCases.enumerated().map { group, kind in
            kind.positions(of: challenge).map { Self.offsets[group] + $0 }
        }
        active = byGroup.flatMap { $0 }
    }

    /// The indices of the features in `groups` only.
    func active(in groups: Set<FeatureGroup>) -> [Int] {
        FeatureGroup.allCases.enumerated().flatMap { index, group in groups.contains(group) ? byGroup[index] : [] }
    }

    /// Where each group's features start in the weight vector.
    static let offsets: [Int] = FeatureGroup.allCases.reduce(into: [Int]()) { offsets, group in
        let start = offsets.last.map { $0 + FeatureGroup.allCases[offsets.count - 1].values.count } ?? 0
        offsets.append(start)
    }

    /// The length of the weight vector.
    public static let count = offsets.last! + FeatureGroup.allCases.last!.values.count

    /// The name of feature `index`: its group and value, e.g. `category.nature`.
    public static func name(of index: Int) -> String {
        let group = offsets.lastIndex { $0 <= index } ?? 0
        let kind = FeatureGroup.allCases[group]
        return "\(kind.rawValue).\(kind.values[index - offsets[group]])"
    }

    /// The index of `value` in `group`.
    static func index(_ group: FeatureGroup, _ value: Int) -> Int {
        offsets[FeatureGroup.allCases.firstIndex(of: group)!] + value
    }
}
