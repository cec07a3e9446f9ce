import Foundation

/// Out of Box's daily loop for one person (seed 004's `ChallengeServiceProtocol`, SPEC O1–O3):
/// today's challenge, the catalog, history, search, and completing, skipping and rating.
public protocol ChallengeServiceProtocol: Sendable {
    /// Today's challenge in the person's zone, assigned on first asking; `timeZone` (an IANA
    /// name) becomes the person's zone when they have none saved yet.
    func todaysChallenge(timeZone: String?) async throws -> AssignedChallenge
    /// Up to `count` challenges the person could do today (their preferences, the season, none
    /// given recently).
    func availableChallenges(count: Int) async throws -> [Challenge]
    /// The person's past and present assignments, newest first, before `day` when given.
    func challengeHistory(limit: Int, before day: LocalDay?) async throws -> [AssignedChallenge]
    /// Active challenges matching every word of `query` (all when empty) and `filters`.
    func searchChallenges(query: String, filters: ChallengeFilters, limit: Int) async throws -> [Challenge]
    /// The challenge `id`.
    func challenge(id: String) async throws -> Challenge
    /// Completes the person's latest assignment of `challengeID`, once.
    func completeChallenge(_ challengeID: String, photoAssetID: String?, notes: String?) async throws
        -> AssignedChallenge
    /// Skips the person's latest assignment of `challengeID`.
    func skipChallenge(_ challengeID: String, reason: SkipReason?) async throws -> AssignedChallenge
    /// Rates a completed challenge, 1 to 5 (a later rating replaces an earlier one).
    func rateChallenge(_ challengeID: String, rating: Int) async throws -> AssignedChallenge
    /// The person's streaks and totals.
    func stats() async throws -> ChallengeStats
    /// The person's preferences (the defaults when none are saved).
    func preferences() async throws -> UserPreferencesDTO
    /// Saves the person's preferences (`backupUserPreferences`).
    func savePreferences(_ preferences: UserPreferencesDTO) async throws -> UserPreferencesDTO
}

/// An assignment with its challenge, as the API answers it.
public struct AssignedChallenge: Codable, Sendable, Hashable {
    public var assignment: UserChallenge
    public var challenge: Challenge

    public init(assignment: UserChallenge, challenge: Challenge) {
        self.assignment = assignment
        self.challenge = challenge
    }
}
