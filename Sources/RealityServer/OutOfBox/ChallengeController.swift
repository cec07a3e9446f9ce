import Foundation
import Hummingbird
import Logging
import OutOfBoxCore
import RealityAPI
import RealityCore

/// Out of Box over HTTP (issue 21): the daily challenge, the catalog, history, stats and
/// preferences for the signed-in person, and the administrator's catalog import.
struct ChallengeController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.todaysChallenge, use: today)
        router.on(.availableChallenges, use: available)
        router.on(.searchChallenges, use: search)
        router.on(.challengeHistory, use: history)
        router.on(.keepOfflineAssignments, use: keepOffline)
        router.on(.challengeCatalog, use: catalog)
        router.on(.challenge, use: challenge)
        router.on(.completeChallenge, use: complete)
        router.on(.skipChallenge, use: skip)
        router.on(.rateChallenge, use: rate)
        router.on(.challengeProfile, use: profile)
        router.on(.challengeStats, use: stats)
        router.on(.challengePreferences, use: preferences)
        router.on(.saveChallengePreferences, use: savePreferences)
        router.on(.challengeModel, use: model)
        router.on(.resetChallengeModel, use: resetModel)
        router.on(.recommendations, use: recommendations)
        router.on(.insights, use: insights)
        router.on(.reminders, use: reminders)
        router.on(.scheduleReminders, use: scheduleReminders)
        router.on(.scheduleRandomReminder, use: scheduleRandomReminder)
        router.on(.cancelReminder, use: cancelReminder)
        router.on(.cancelReminders, use: cancelReminders)
        router.on(.importChallenges, use: importChallenges)
        router.on(.appConfiguration, use: appConfiguration)
        router.on(.setAppConfiguration, use: setAppConfiguration)
    }

    /// The caller's service.
    private func service(_ context: APIRequestContext) throws -> DefaultChallengeService<Store> {
        DefaultChallengeService(
            userID: try context.requireUser().rawValue, store: services.store,
            photos: ServerChallengePhotos(store: services.store))
    }

    @Sendable func today(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AssignedChallenge>
    {
        let zone = try context.query(of: request)(.timeZone)
        return JSONResponse(try await service(context).todaysChallenge(timeZone: zone))
    }

    @Sendable func available(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Page<Challenge>
    > {
        let count = try context.query(of: request).pageSize(.count)
        return JSONResponse(Page(items: try await service(context).availableChallenges(count: count)))
    }

    @Sendable func search(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Challenge>>
    {
        let parameters = context.query(of: request)
        let limit = try parameters.pageSize(.challengeLimit)
        let filters = try ChallengeSearchQuery.filters(parameters)
        let found = try await service(context).searchChallenges(
            query: try parameters(.q) ?? "", filters: filters, limit: limit)
        return JSONResponse(Page(items: found))
    }

    @Sendable func history(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<AssignedChallenge>>
    {
        let parameters = context.query(of: request)
        let limit = try parameters.pageSize(.challengeLimit)
        var before: LocalDay?
        if let text = try parameters(.before) {
            guard let day = LocalDay(text) else {
                throw APIError.badParameter(.before, "before must be a day, YYYY-MM-DD.")
            }
            before = day
        }
        let items = try await service(context).challengeHistory(limit: limit, before: before)
        // The next page starts before the last day of this one.
        let next = items.count == limit ? items.last?.assignment.localDay.description : nil
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func keepOffline(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<OfflineAssignmentsAnswer>
    {
        let body = try await request.decodeJSON(OfflineAssignmentsRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(
            OfflineAssignmentsAnswer(assignments: try await service(context).keepOfflineAssignments(body.assignments)))
    }

    @Sendable func catalog(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<CatalogChanges>
    {
        _ = try context.requireUser()
        var since: Int64 = 0
        if let text = try context.query(of: request)(.catalogSince) {
            guard let value = Int64(text), value >= 0 else {
                throw APIError.badParameter(.catalogSince, "since must be a whole number, 0 or more.")
            }
            since = value
        }
        // Store, not a service: the catalog is the same for everyone.
        return JSONResponse(try await services.store.catalogChanges(since: since))
    }

    @Sendable func challenge(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Challenge> {
        JSONResponse(try await service(context).challenge(id: try Self.challengeID(context)))
    }

    @Sendable func complete(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<AssignedChallenge>
    {
        let id = try Self.challengeID(context)
        let body = try await request.decodeJSON(CompleteChallengeRequest.self, limit: context.maxBodyBytes)
        let done = try await service(context).completeChallenge(id, photoAssetID: body.photoAssetID, notes: body.notes)
        try await shareWithFriends(done)
        return JSONResponse(done)
    }

    /// Shares a completion's photo with every friend when the person's privacy settings say so
    /// (``PrivacySettingsDTO/shareCompletionsWithFriends``).
    private func shareWithFriends(_ done: AssignedChallenge) async throws {
        let userID = done.assignment.userID
        guard done.assignment.photoAssetID != nil,
            try await services.store.preferencesOrDefaults(of: userID).privacySettings.shareCompletionsWithFriends
        else { return }
        let photos = SharedPhotos(store: services.store, notifier: ServerSocialNotifier(store: services.store))
        do {
            _ = try await photos.share(
                done.challenge.id, by: userID, caption: nil, visibility: .friends, audience: [])
        } catch ChallengeError.alreadyShared {
            return
        } catch {
            // The completion stands whatever becomes of its sharing; the person can share it again.
            Logger(label: "reality.outofbox").warning(
                "outofbox: sharing a completion failed", metadata: ["error": "\(error)"])
        }
    }

    @Sendable func skip(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AssignedChallenge>
    {
        let id = try Self.challengeID(context)
        let body = try await request.decodeJSON(SkipChallengeRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(try await service(context).skipChallenge(id, reason: body.reason))
    }

    @Sendable func rate(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AssignedChallenge>
    {
        let id = try Self.challengeID(context)
        let body = try await request.decodeJSON(RateChallengeRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(try await service(context).rateChallenge(id, rating: body.rating))
    }

    @Sendable func profile(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<ChallengeProfile>
    {
        let user = try await services.users(context.requireUser()).getCurrentUser()
        let stats = try await service(context).stats()
        return JSONResponse(
            ChallengeProfile(
                userID: user.id.rawValue, displayName: user.displayName, avatarURL: user.avatarURL,
                memberSince: user.createdAt, stats: stats))
    }

    @Sendable func stats(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<ChallengeStats> {
        JSONResponse(try await service(context).stats())
    }

    @Sendable func preferences(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<UserPreferencesDTO>
    {
        JSONResponse(try await service(context).preferences())
    }

    @Sendable func savePreferences(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<UserPreferencesDTO>
    {
        let body = try await request.decodeJSON(UserPreferencesDTO.self, limit: context.maxBodyBytes)
        return JSONResponse(try await service(context).savePreferences(body))
    }

    /// The caller's personalization engine.
    private func personalization(_ context: APIRequestContext) throws -> ChallengePersonalization<Store> {
        ChallengePersonalization(userID: try context.requireUser().rawValue, store: services.store)
    }

    @Sendable func model(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<PersonalizationReport>
    {
        JSONResponse(try await personalization(context).report())
    }

    @Sendable func resetModel(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<PersonalizationReport>
    {
        JSONResponse(try await personalization(context).reset())
    }

    @Sendable func recommendations(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<Recommendation>>
    {
        let count = try context.query(of: request).pageSize(.count)
        return JSONResponse(Page(items: try await personalization(context).recommendations(count: count)))
    }

    @Sendable func insights(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<ChallengeInsights>
    {
        JSONResponse(try await personalization(context).insights())
    }

    /// The caller's reminders.
    private func reminders(_ context: APIRequestContext) throws -> ChallengeReminders<Store> {
        ChallengeReminders(userID: try context.requireUser().rawValue, store: services.store)
    }

    @Sendable func reminders(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<ChallengeReminder>>
    {
        JSONResponse(Page(items: try await reminders(context).list()))
    }

    @Sendable func scheduleReminders(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<ChallengeReminder>>
    {
        let body = try await request.decodeJSON(ScheduleRemindersRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(Page(items: try await reminders(context).scheduleDaily(days: body.days)))
    }

    @Sendable func scheduleRandomReminder(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<ChallengeReminder>
    {
        JSONResponse(try await reminders(context).scheduleRandom())
    }

    @Sendable func cancelReminder(_ request: Request, context: APIRequestContext) async throws -> Response {
        let service = try reminders(context)
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw ChallengeError.reminderNotFound
        }
        try await service.cancel(id: id)
        return .noContent
    }

    @Sendable func cancelReminders(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<CancelledReminders>
    {
        JSONResponse(CancelledReminders(cancelled: try await reminders(context).cancelAll()))
    }

    @Sendable func importChallenges(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<CatalogImportReport>
    {
        let file = try await request.decodeJSON(CatalogFile.self, limit: context.maxBodyBytes)
        // Store, not a service: the administrator acts for no person.
        let report = try await ChallengeCatalogImport(store: services.store).run(file)
        return JSONResponse(report)
    }

    @Sendable func appConfiguration(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<AppConfiguration>
    {
        JSONResponse(try await AppConfigurationService(store: services.store).current())
    }

    @Sendable func setAppConfiguration(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<AppConfiguration>
    {
        let body = try await request.decodeJSON(AppConfigurationUpdate.self, limit: context.maxBodyBytes)
        return JSONResponse(try await AppConfigurationService(store: services.store).update(body))
    }

    /// The `{id}` of a challenge route: a slug, checked before it reaches a query.
    private static func challengeID(_ context: APIRequestContext) throws -> String {
        guard let id = context.parameters.get("id"), id.utf8.count <= 60 else {
            throw ChallengeError.challengeNotFound
        }
        return id
    }
}
