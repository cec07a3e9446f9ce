import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// The signed-in user's sessions and password (SPEC C1): `GET /api/v1/me/sessions`, `DELETE
/// /api/v1/me/sessions/{id}`, `POST /api/v1/me/sessions/revoke-others` (log out everywhere
/// else) and `POST /api/v1/me/password`.
/// Calls the store's AccountRepository itself, not a service: credentials and sessions are the
/// server's own, and no core service holds them.
struct SessionController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let hasher: PasswordHasher
    let throttle: LoginThrottle
    let lifetimes: SessionLifetimes

    /// Accounts and sessions (the server's own service: no core service holds credentials).
    private var accounts: AccountService<Store> { AccountService(store: services.store, hasher: hasher) }

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.sessions, use: list)
        router.on(.revokeOtherSessions, use: revokeOthers)
        router.on(.revokeSession, use: revoke)
        router.on(.changePassword, use: changePassword)
    }

    /// The caller's live sessions, most recently used first; the caller's own is `current`.
    @Sendable func list(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<SessionInfo>>
    {
        let userID = try context.requireUser()
        let now = Date()
        var current: UUID?
        if let hash = context.tokenHash { current = try await accounts.session(tokenHash: hash)?.id }
        let sessions = try await accounts.sessions(of: userID, lifetimes: lifetimes, now: now)
        return JSONResponse(
            Page(
                items: sessions.map { session in
                    SessionInfo(
                        id: session.id, deviceName: session.deviceName, createdAt: session.createdAt,
                        lastUsedAt: session.lastUsedAt, current: session.id == current)
                }))
    }

    /// Ends one of the caller's sessions (the caller's own too); another user's, or none, is 404.
    @Sendable func revoke(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw APIError.badParameter("id", "id must be a UUID.")
        }
        guard try await accounts.endSession(id: id, of: userID) else {
            throw APIError.notFound
        }
        return .noContent
    }

    /// Ends every session of the caller but this one.
    @Sendable func revokeOthers(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        RevokedSessions
    > {
        let userID = try context.requireUser()
        let count = try await accounts.endSessions(of: userID, keeping: context.tokenHash)
        return JSONResponse(RevokedSessions(revoked: count))
    }

    /// Replaces the password when the current one is right, and ends every other session. A wrong
    /// current password is a 403 (not a 401: the token is fine) and counts as a failed login.
    @Sendable func changePassword(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let body = try await request.decodeJSON(PasswordChangeRequest.self, limit: context.maxBodyBytes)
        guard let account = try await accounts.account(of: userID) else { throw APIError.unauthorized }
        let keys: [LoginThrottle.Key] = [.account(account.email), .address(context.remoteAddress)]
        if let wait = throttle.wait(for: keys) { throw APIError.loginThrottled(wait) }
        guard body.currentPassword.utf8.count <= 1024,
            await accounts.verify(body.currentPassword, of: account)
        else {
            throttle.recordFailure(for: keys)
            throw APIError(
                .forbidden, code: "wrong_password", message: "The current password is not right.",
                field: "currentPassword")
        }
        try PasswordPolicy.check(body.newPassword, email: account.email, field: "newPassword")
        try await accounts.changePassword(of: userID, to: body.newPassword, keeping: context.tokenHash)
        return .noContent
    }
}
