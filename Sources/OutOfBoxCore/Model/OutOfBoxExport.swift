/// A person's Out of Box data in their account export: preferences, every assignment with what
/// they did with it (photos by asset ID, which the export's media hold), and their stats.
public struct OutOfBoxExport: Codable, Sendable, Hashable {
    /// Their saved preferences; nil when they never saved any.
    public var preferences: UserPreferencesDTO?
    /// Every challenge given to them, oldest day first.
    public var assignments: [UserChallenge]
    public var stats: ChallengeStats

    public init(preferences: UserPreferencesDTO?, assignments: [UserChallenge], stats: ChallengeStats) {
        self.preferences = preferences
        self.assignments = assignments
        self.stats = stats
    }
}

extension DefaultChallengeService {
    /// The person's Out of Box data, for their account export.
    public func exportData() async throws -> OutOfBoxExport {
        OutOfBoxExport(
            preferences: try await store.challengePreferences(of: userID),
            assignments: try await store.allAssignments(of: userID), stats: try await stats())
    }
}
