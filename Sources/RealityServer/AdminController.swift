import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `PUT /api/v1/admin/users/{id}/tier`: a self-hosted server cannot verify App Store purchases,
/// so its operator sets plans with the admin token.
struct AdminController<Store: ServerStore>: Sendable {
    let services: Services<Store>
    let bodyLimit: Int

    func addRoutes(to group: RouterGroup<APIRequestContext>) {
        group.put("users/{id}/tier", use: setTier)
    }

    @Sendable func setTier(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<User> {
        let userID: UserID = try context.pathID()
        let body = try await request.decodeJSON(TierRequest.self, limit: bodyLimit)
        guard try await services.store.user(id: userID) != nil else { throw APIError.notFound }
        let users = services.users(userID)
        try await users.upgradeSubscription(to: body.tier)
        return JSONResponse(try await users.getCurrentUser())
    }
}
