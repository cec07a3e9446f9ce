import Foundation
import OutOfBoxCore
import RealityAPI
import RealityStore

/// Out of Box's daily loop on a signed-in device: each call goes to the server, which assigns,
/// keeps and answers (the role CloudKit's public and private databases play in seed 004).
public struct ServerChallengeService: ChallengeServiceProtocol {
    /// The transport to the server, signed in as the person (a photo goes up through it).
    public let transport: SyncTransport

    /// The service over `transport`, whose token is the person's.
    public init(transport: SyncTransport) { self.transport = transport }

    public func todaysChallenge(timeZone: String?) async throws -> AssignedChallenge {
        try await transport.send(.todaysChallenge, APIRoute.todaysChallenge.path(query: [.timeZone: timeZone]))
    }

    public func availableChallenges(count: Int) async throws -> [Challenge] {
        let page: Page<Challenge> = try await transport.send(
            .availableChallenges, APIRoute.availableChallenges.path(query: [.count: String(count)]))
        return page.items
    }

    public func challengeHistory(limit: Int, before day: LocalDay?) async throws -> [AssignedChallenge] {
        let page: Page<AssignedChallenge> = try await transport.send(
            .challengeHistory,
            APIRoute.challengeHistory.path(query: [.challengeLimit: String(limit), .before: day?.description]))
        return page.items
    }

    public func searchChallenges(query: String, filters: ChallengeFilters, limit: Int) async throws -> [Challenge] {
        func list<T: RawRepresentable<String>>(_ values: [T]?) -> String? {
            values.map { $0.map(\.rawValue).joined(separator: ",") }
        }
        let path = APIRoute.searchChallenges.path(query: [
            .q: query.isEmpty ? nil : query, .category: list(filters.categories),
            .maxTime: filters.maxTimeInvestment?.rawValue, .maxCost: filters.maxCostLevel?.rawValue,
            .social: list(filters.socialRequirements),
            .minDifficulty: filters.difficultyRange.map { "\($0.lowerBound)" },
            .maxDifficulty: filters.difficultyRange.map { "\($0.upperBound)" }, .location: list(filters.locationTypes),
            .excludeCompleted: filters.excludeCompleted ? "true" : nil, .challengeLimit: String(limit),
        ])
        let page: Page<Challenge> = try await transport.send(.searchChallenges, path)
        return page.items
    }

    public func challenge(id: String) async throws -> Challenge {
        try await transport.send(.challenge, APIRoute.challenge.path(id: id))
    }

    public func completeChallenge(_ challengeID: String, photoAssetID: String?, notes: String?) async throws
        -> AssignedChallenge
    {
        try await transport.send(
            .completeChallenge, APIRoute.completeChallenge.path(id: challengeID),
            body: CompleteChallengeRequest(photoAssetID: photoAssetID, notes: notes))
    }

    public func skipChallenge(_ challengeID: String, reason: SkipReason?) async throws -> AssignedChallenge {
        try await transport.send(
            .skipChallenge, APIRoute.skipChallenge.path(id: challengeID), body: SkipChallengeRequest(reason: reason))
    }

    public func rateChallenge(_ challengeID: String, rating: Int) async throws -> AssignedChallenge {
        try await transport.send(
            .rateChallenge, APIRoute.rateChallenge.path(id: challengeID), body: RateChallengeRequest(rating: rating))
    }

    /// Sends assignments this device made or changed offline; answers what stands for each day.
    public func keepOfflineAssignments(_ assignments: [UserChallenge]) async throws -> [AssignedChallenge] {
        let answer: OfflineAssignmentsAnswer = try await transport.send(
            .keepOfflineAssignments, body: OfflineAssignmentsRequest(assignments: assignments))
        return answer.assignments
    }

    public func stats() async throws -> ChallengeStats {
        try await transport.send(.challengeStats)
    }

    public func preferences() async throws -> UserPreferencesDTO {
        try await transport.send(.challengePreferences)
    }

    public func savePreferences(_ preferences: UserPreferencesDTO) async throws -> UserPreferencesDTO {
        try await transport.send(.saveChallengePreferences, body: preferences)
    }
}

extension SyncTransport {
    /// `GET /api/v1/app/configuration`.
    public func appConfiguration() async throws -> AppConfiguration {
        try await send(.appConfiguration)
    }

    /// `PUT /api/v1/admin/app/configuration`, with the admin token as this transport's token.
    public func setAppConfiguration(_ update: AppConfigurationUpdate) async throws -> AppConfiguration {
        try await send(.setAppConfiguration, body: update)
    }

    /// `POST /api/v1/admin/challenges`, with the admin token as this transport's token.
    public func importChallenges(_ catalog: CatalogFile) async throws -> CatalogImportReport {
        try await send(.importChallenges, body: catalog)
    }
}

/// The device's copy of Out of Box's catalog (seed 004's `fetchLatestChallenges`,
/// `fetchChallengeUpdates(since:)` and `checkForContentUpdates`): kept in the device's store and
/// read offline. The catalog comes down in the sync feed's public scope (each challenge a
/// record of the published kind ``RecordType/challenge``), so any pull of that scope, this one
/// or `reality sync`'s, brings the copy up to the server's: from the scope's token, only what
/// changed since.
public enum ChallengeCatalogCopy {
    /// Brings `store`'s copy up to the server's over `transport` by pulling the public scope,
    /// without retrying (an offline device answers from its copy at once); answers how many
    /// records the pull applied (0 when the copy was current: one small request).
    @discardableResult
    public static func refresh(_ store: DeviceStore, over transport: SyncTransport) async throws -> Int {
        guard let account = try await store.deviceAccount() else { throw SyncError.notSignedIn }
        let engine = SyncEngine(
            store: store, transport: transport, clientID: account.clientID, retry: RetryPolicy(maxRetries: 0))
        return try await engine.pull(.public).applied
    }
}

extension ServerChallengeService {
    /// `GET /api/v1/challenges/model`.
    public func personalization() async throws -> PersonalizationReport {
        try await transport.send(.challengeModel)
    }

    /// `DELETE /api/v1/challenges/model`.
    public func resetPersonalization() async throws -> PersonalizationReport {
        try await transport.send(.resetChallengeModel)
    }

    /// `GET /api/v1/analytics/insights`.
    public func insights() async throws -> ChallengeInsights {
        try await transport.send(.insights)
    }

    /// `GET /api/v1/analytics/recommendations`.
    public func recommendations(count: Int) async throws -> [Recommendation] {
        let page: Page<Recommendation> = try await transport.send(
            .recommendations, APIRoute.recommendations.path(query: [.count: String(count)]))
        return page.items
    }
}

extension ServerChallengeService {
    /// `GET /api/v1/challenges/reminders`.
    public func reminders() async throws -> [ChallengeReminder] {
        let page: Page<ChallengeReminder> = try await transport.send(.reminders)
        return page.items
    }

    /// `POST /api/v1/challenges/reminders`.
    public func scheduleReminders(days: Int) async throws -> [ChallengeReminder] {
        let page: Page<ChallengeReminder> = try await transport.send(
            .scheduleReminders, body: ScheduleRemindersRequest(days: days))
        return page.items
    }

    /// `POST /api/v1/challenges/reminders/random`.
    public func scheduleRandomReminder() async throws -> ChallengeReminder {
        try await transport.send(.scheduleRandomReminder)
    }

    /// `DELETE /api/v1/challenges/reminders/{id}`.
    public func cancelReminder(_ id: UUID) async throws {
        _ = try await transport.raw(.cancelReminder, APIRoute.cancelReminder.path(id: id), body: nil)
    }

    /// `DELETE /api/v1/challenges/reminders`.
    public func cancelReminders() async throws -> Int {
        let answer: CancelledReminders = try await transport.send(.cancelReminders)
        return answer.cancelled
    }
}

extension ServerChallengeService {
    /// `POST /api/v1/content/report`.
    public func report(_ request: ReportContentRequest) async throws -> ContentReport {
        try await transport.send(.reportContent, body: request)
    }

    /// `POST /api/v1/content/feedback`.
    public func feedback(_ request: FeedbackRequest) async throws -> ContentFeedback {
        try await transport.send(.contentFeedback, body: request)
    }
}

extension SyncTransport {
    /// `GET /api/v1/admin/reports`, with the admin token as this transport's token.
    public func contentReports(status: ContentReport.Status, limit: Int) async throws -> [ContentReport] {
        let page: Page<ContentReport> = try await send(
            .contentReports,
            APIRoute.contentReports.path(query: [.reportStatus: status.rawValue, .challengeLimit: String(limit)]))
        return page.items
    }

    /// `POST /api/v1/admin/reports/{id}/resolve`, with the admin token.
    public func resolveReport(_ id: UUID, by action: ModerationAction) async throws -> ContentReport {
        try await send(.resolveReport, APIRoute.resolveReport.path(id: id), body: ResolveReportRequest(action: action))
    }

    /// `GET /api/v1/admin/feedback`, with the admin token.
    public func feedbackList(limit: Int) async throws -> [ContentFeedback] {
        let page: Page<ContentFeedback> = try await send(
            .feedbackList, APIRoute.feedbackList.path(query: [.challengeLimit: String(limit)]))
        return page.items
    }
}
