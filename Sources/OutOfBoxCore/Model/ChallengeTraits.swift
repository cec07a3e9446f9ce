/// What a challenge is about (seed 004's `ChallengeCategory`).
public enum ChallengeCategory: String, Codable, Sendable, CaseIterable, Hashable {
    case creativity, social, physical, mindfulness, learning, nature, food, kindness, exploration, culture
}

/// How long a challenge takes, shortest first: `quick` under 5 minutes, `short` 5–15, `medium`
/// 15–30, `long` 30–60, `extended` over an hour. A filter's or a preference's maximum admits every
/// level up to it.
public enum TimeInvestment: String, Codable, Sendable, CaseIterable, Hashable, OrderedTrait {
    case quick, short, medium, long, extended
}

/// Who a challenge needs, from alone to strangers. A person's social comfort level (1–4) admits
/// the first that many levels.
public enum SocialRequirement: String, Codable, Sendable, CaseIterable, Hashable, OrderedTrait {
    /// Alone.
    case solo
    /// Alone or with others.
    case optional
    /// With someone the person knows.
    case withFriends
    /// Talking to or helping people the person does not know.
    case withStrangers
}

/// What a challenge costs, from nothing up: `low` under about $5, `medium` about $5–25, `high` more.
public enum CostLevel: String, Codable, Sendable, CaseIterable, Hashable, OrderedTrait {
    case free, low, medium, high
}

/// Where a challenge is done.
public enum LocationType: String, Codable, Sendable, CaseIterable, Hashable {
    case home, indoors, outdoors, urban, nature, anywhere
}

/// The season a seasonal challenge belongs to; a challenge without one fits the whole year.
public enum Seasonality: String, Codable, Sendable, CaseIterable, Hashable {
    case spring, summer, autumn, winter
}

/// A trait whose cases are ordered by their declaration (a maximum admits every case up to it).
public protocol OrderedTrait: CaseIterable, Comparable, RawRepresentable where AllCases == [Self] {}

extension OrderedTrait {
    /// Its place in the order, from 0.
    public var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
