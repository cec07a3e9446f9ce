import Foundation

/// Seed 004's PersonalizationEngine for one person over a ``ChallengeRepository`` (issue 22).
///
/// The person's model is a pure function of their history since their last reset
/// (``PersonModel``), so it is never stale and never stored: the engine's learning
/// (`recordCompletion`, `recordSkip`, `recordRating`) is the ``ChallengeService`` writing the
/// history, and training (`trainModel`) is learning that history in order, on demand — a few
/// hundred interactions a year, well under a millisecond. The same code runs over a device's copy.
public struct ChallengePersonalization<Store: ChallengeRepository>: Sendable {
    public let userID: UUID
    let store: Store
    let clock: @Sendable () -> Date

    /// The engine of `userID` over `store`; `clock` tells the time.
    public init(userID: UUID, store: Store, clock: @escaping @Sendable () -> Date = Date.init) {
        self.userID = userID
        self.store = store
        self.clock = clock
    }

    /// The person's model, learned from their history (seed 004's `trainModel`); an empty model when
    /// they do not let their interactions train it.
    public func model(preferences: UserPreferencesDTO, catalog: [Challenge]) async throws -> PersonModel {
        guard preferences.privacySettings.allowAnalytics else { return PersonModel() }
        let history = try await store.allAssignments(of: userID)
        let now = clock()
        let today = LocalDay(now, in: preferences.zone)
        let resetAt = preferences.personalization?.resetAt
        var model = PersonModel(
            learning: ChallengeInteraction.from(history, today: today, since: resetAt),
            catalog: Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, ChallengeFeatures($0)) }),
            zone: preferences.zone)
        // Send-time learning (seed 004's `recordTiming`): each delivered reminder, and whether a
        // challenge was completed within the hour after it.
        let completions = history.compactMap(\.completedDate).sorted()
        let since = resetAt ?? .distantPast
        for reminder in try await store.reminders(of: userID, dueFrom: since) where reminder.status == .delivered {
            let completion = completions.first {
                $0 >= reminder.dueAt && $0 <= reminder.dueAt.addingTimeInterval(3_600)
            }
            model.learnTiming(notification: reminder.dueAt, completion: completion, zone: preferences.zone)
        }
        return model
    }

    /// What the engine knows of the person (seed 004's `getModelMetrics`,
    /// `getPreferredChallengeCategories` and `getOptimalNotificationTime`).
    public func report() async throws -> PersonalizationReport {
        let preferences = try await preferences()
        let model = try await model(
            preferences: preferences, catalog: try await store.challenges(includingRetired: true))
        return PersonalizationReport(model: model, preferences: preferences)
    }

    /// Up to `count` challenges the person could do today, best first by the engine, each with its
    /// predicted completion (seed 004's `predictCompletionProbability`) and why (seed 004's
    /// `getPersonalizedChallenges`).
    public func recommendations(count: Int) async throws -> [Recommendation] {
        guard ChallengeLimits.list.contains(count) else {
            throw ChallengeError.invalid(
                field: "count",
                reason: "must be \(ChallengeLimits.list.lowerBound) to \(ChallengeLimits.list.upperBound)")
        }
        let preferences = try await preferences()
        let service = DefaultChallengeService(userID: userID, store: store, photos: nil, clock: clock)
        let catalog = try await service.offerable()
        let model = try await model(
            preferences: preferences, catalog: try await store.challenges(includingRetired: true))
        let day = LocalDay(clock(), in: preferences.zone)
        let recent = try await service.recentlyGiven(since: day)
        let pick = DailyPick(catalog: catalog, preferences: preferences)
        return pick.ranked(pick.candidates(on: day, recent: recent), by: model, count: count, for: userID, on: day)
            .map { challenge in
                let features = ChallengeFeatures(challenge)
                return Recommendation(
                    challenge: challenge, probability: model.completionProbability(features),
                    reasons: model.reasons(for: features).map(Recommendation.reason))
            }
    }

    /// Forgets what the engine learned: from now on it learns only what the person does next.
    public func reset() async throws -> PersonalizationReport {
        var preferences = try await preferences()
        let enabled = preferences.personalization?.enabled ?? false
        preferences.personalization = PersonalizationSettingsDTO(enabled: enabled, resetAt: clock())
        try await store.saveChallengePreferences(preferences, of: userID)
        return PersonalizationReport(model: PersonModel(), preferences: preferences)
    }

    /// The person's model in full, for their data export (seed 004's `exportModelData`).
    public func export() async throws -> PersonalizationExport {
        let preferences = try await preferences()
        let model = try await model(
            preferences: preferences, catalog: try await store.challenges(includingRetired: true))
        return PersonalizationExport(model: model, preferences: preferences)
    }

    private func preferences() async throws -> UserPreferencesDTO {
        try await store.preferencesOrDefaults(of: userID)
    }
}

/// What the engine knows of a person, as `GET /api/v1/challenges/model` answers it.
public struct PersonalizationReport: Codable, Sendable, Hashable {
    /// Whether `today` picks with the engine (``UserPreferencesDTO/isPersonalized``).
    public var enabled: Bool
    /// Whether the person lets their interactions train it.
    public var learning: Bool
    /// When they last reset it.
    public var resetAt: Date?
    /// Its figures.
    public var metrics: PersonalizationMetrics
    /// How much they like each category (by raw value), summing to one.
    public var preferredCategories: [String: Double]
    /// The start, `HH:mm` in their zone, of the hour within their notification window when they
    /// are likeliest to act on a nudge; nil when the window holds no whole hour.
    public var optimalNotificationTime: String?

    /// The report of `model` for a person with `preferences`.
    public init(model: PersonModel, preferences: UserPreferencesDTO) {
        enabled = preferences.isPersonalized
        learning = preferences.privacySettings.allowAnalytics
        resetAt = preferences.personalization?.resetAt
        metrics = model.metrics
        preferredCategories = Dictionary(
            uniqueKeysWithValues: model.preferredCategories().map { ($0.key.rawValue, $0.value) })
        optimalNotificationTime = model.timing.bestHour(among: preferences.notificationSettings.timeWindow.wholeHours)
            .map { String(format: "%02d:00", $0) }
    }
}

/// A challenge the engine recommends, with its predicted completion and why.
public struct Recommendation: Codable, Sendable, Hashable {
    public var challenge: Challenge
    /// The predicted probability that the person completes it.
    public var probability: Double
    /// The traits that most move that prediction, in words: `"more likely: category nature"`.
    public var reasons: [String]

    public init(challenge: Challenge, probability: Double, reasons: [String]) {
        self.challenge = challenge
        self.probability = probability
        self.reasons = reasons
    }

    static func reason(_ feature: (feature: String, weight: Double)) -> String {
        let words = feature.feature.replacingOccurrences(of: ".", with: " ").replacingOccurrences(
            of: "atLeast-", with: "at least ")
        return (feature.weight >= 0 ? "more likely: " : "less likely: ") + words
    }
}

/// The person's model in full, for their data export: every weight by feature name with its
/// variance, the belief about each limit, the timing counts per local hour, and the figures.
public struct PersonalizationExport: Codable, Sendable, Hashable {
    /// ``PersonModel/version``.
    public var modelVersion: String
    public var report: PersonalizationReport
    /// Per feature (`category.nature`, `difficulty.atLeast-3`, …): the weight's mean and variance.
    public var weights: [String: FeatureWeight]
    /// Per limit (`time`, `social`, `cost`): the probability that each level (`long`, …) is the
    /// person's.
    public var limits: [String: [String: Double]]
    /// Notifications sent, per local hour 0–23.
    public var notificationsSent: [Double]
    /// Of those, acted on within the hour.
    public var notificationsActedOn: [Double]

    /// A weight's posterior.
    public struct FeatureWeight: Codable, Sendable, Hashable {
        public var mean: Double
        public var variance: Double
    }

    /// The export of `model` for a person with `preferences`.
    public init(model: PersonModel, preferences: UserPreferencesDTO) {
        modelVersion = PersonModel.version
        report = PersonalizationReport(model: model, preferences: preferences)
        weights = Dictionary(
            uniqueKeysWithValues: (0..<ChallengeFeatures.count).map { index in
                (
                    ChallengeFeatures.name(of: index),
                    FeatureWeight(
                        mean: model.completion.mean[index], variance: 1 / model.completion.precision[index])
                )
            })
        limits = Dictionary(
            uniqueKeysWithValues: zip(FeatureGroup.limits, model.limits).map { group, belief in
                (group.rawValue, Dictionary(uniqueKeysWithValues: zip(group.values, belief.probabilities).map { $0 }))
            })
        notificationsSent = model.timing.sent
        notificationsActedOn = model.timing.acted
    }
}
