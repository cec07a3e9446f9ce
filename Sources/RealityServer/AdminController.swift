import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `PUT /api/v1/admin/users/{id}/tier`: a self-hosted server cannot verify App Store purchases,
/// so its operator sets plans with the admin token.
struct AdminController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.setTier, use: setTier)
    }

    @Sendable func setTier(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<User> {
        let userID: UserID = try context.pathID()
        let body = try await request.decodeJSON(TierRequest.self, limit: context.maxBodyBytes)
        // Store, not a service: the admin acts for no user, and a service reads as its user.
        guard let before = try await services.store.user(id: userID) else { throw APIError.notFound }
        let users = services.users(userID)
        try await users.setSubscription(body.tier, expiresAt: body.expiresAt)
        let user = try await users.getCurrentUser()
        // Grantees' devices learn at once that the plan stopped (or started) sharing.
        let now = Timestamp.now()
        let sharing = user.tier(at: now).limits.canShare
        if sharing != before.tier(at: now).limits.canShare {
            // Store, not a service: plan sharing goes to the server's change log, which no core service knows.
            try await PlanSharingPublisher(store: services.store).publish(userID, sharing: sharing)
        }
        return JSONResponse(user)
    }
}
