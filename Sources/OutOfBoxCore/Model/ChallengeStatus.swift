/// Where a person's challenge of a day stands (seed 004's `ChallengeStatus`).
public enum ChallengeStatus: String, Codable, Sendable, CaseIterable, Hashable {
    /// Given for the day, not yet done or skipped.
    case assigned
    /// Done.
    case completed
    /// Passed over.
    case skipped
}

/// Why a person skipped a challenge (seed 004's `SkipReason`).
public enum SkipReason: String, Codable, Sendable, CaseIterable, Hashable {
    case noTime, notInterested, tooExpensive, weather, noCompany, tooDifficult, notPossibleHere, other
}
