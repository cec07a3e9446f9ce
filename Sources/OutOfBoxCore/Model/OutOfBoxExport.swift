/// A person's Out of Box data in their account export: preferences, every assignment with what
/// they did with it (photos by asset ID, which the export's media hold), their stats, and what the
/// personalization engine learned of them.
public struct OutOfBoxExport: Codable, Sendable, Hashable {
    /// Their saved preferences; nil when they never saved any.
    public var preferences: UserPreferencesDTO?
    /// Every challenge given to them, oldest day first.
    public var assignments: [UserChallenge]
    public var stats: ChallengeStats
    /// The personalization engine's model of them (seed 004's `exportModelData`).
    public var model: PersonalizationExport
    /// Every reminder scheduled for them, earliest first.
    public var reminders: [ChallengeReminder]
    /// Their friends, requests, blocks, shared photos and comments (kept by the server only).
    public var social: SocialExport?

    public init(
        preferences: UserPreferencesDTO?, assignments: [UserChallenge], stats: ChallengeStats,
        model: PersonalizationExport, reminders: [ChallengeReminder]
    ) {
        self.preferences = preferences
        self.assignments = assignments
        self.stats = stats
        self.model = model
        self.reminders = reminders
    }
}

extension DefaultChallengeService {
    /// The person's Out of Box data, for their account export.
    public func exportData() async throws -> OutOfBoxExport {
        OutOfBoxExport(
            preferences: try await store.challengePreferences(of: userID),
            assignments: try await store.allAssignments(of: userID), stats: try await stats(),
            model: try await ChallengePersonalization(userID: userID, store: store, clock: clock).export(),
            reminders: try await store.reminders(of: userID, dueFrom: .distantPast))
    }
}
