import Foundation
import Hummingbird
import OutOfBoxCore
import RealityAPI
import RealityCore

/// The signed-in user's own account: `/api/v1/me…` (SPEC S6, D4).
struct MeController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.me, use: me)
        router.on(.updateProfile, use: patch)
        router.on(.deleteAccount, use: deleteAccount)
        router.on(.replacePreferences, use: preferences)
        router.on(.usage, use: usage)
        router.on(.export, use: export)
    }

    @Sendable func me(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<User> {
        JSONResponse(try await services.users(context.requireUser()).getCurrentUser())
    }

    @Sendable func patch(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<User> {
        let body = try await request.decodeJSON(ProfilePatch.self, limit: context.maxBodyBytes)
        let users = services.users(try context.requireUser())
        _ = try await users.updateProfile(displayName: body.displayName, avatarURL: body.avatarURL)
        return JSONResponse(try await users.getCurrentUser())
    }

    @Sendable func preferences(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<User> {
        let body = try await request.decodeJSON(UserPreferences.self, limit: context.maxBodyBytes)
        let users = services.users(try context.requireUser())
        _ = try await users.updatePreferences(body)
        return JSONResponse(try await users.getCurrentUser())
    }

    @Sendable func usage(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<UsageStats> {
        JSONResponse(try await services.users(context.requireUser()).getUsageStats())
    }

    @Sendable func export(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<AccountExportAnswer>
    {
        let userID = try context.requireUser()
        var export = try await services.users(userID).exportData()
        export.invitations = try await services.store.invitations(sentBy: userID, limit: Int(Int32.max))
        var outOfBox = try await DefaultChallengeService(userID: userID.rawValue, store: services.store, photos: nil)
            .exportData()
        outOfBox.social = try await SocialExport.of(userID.rawValue, in: services.store)
        return JSONResponse(AccountExportAnswer(account: export, outOfBox: outOfBox))
    }

    /// Removes the account and all its data; the token stops working with the session rows.
    @Sendable func deleteAccount(_ request: Request, context: APIRequestContext) async throws -> Response {
        // Store, not a service: deleting an account (credentials, sessions, records: SPEC D4) is
        // one transaction of the server's AccountRepository, which no core service holds.
        try await services.store.deleteAccount(try context.requireUser(), at: Timestamp.now())
        return .noContent
    }
}
