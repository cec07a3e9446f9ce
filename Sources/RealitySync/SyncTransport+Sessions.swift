import Foundation
import RealityAPI
import RealityCore

extension SyncTransport {
    /// `GET /api/v1/me/sessions`: the account's live sessions.
    public func sessions() async throws -> [SessionInfo] {
        let page: Page<SessionInfo> = try await send(.sessions)
        return page.items
    }

    /// `DELETE /api/v1/me/sessions/{id}`: ends one session of the account.
    public func revokeSession(_ id: UUID) async throws {
        _ = try await raw(.revokeSession, APIRoute.revokeSession.path(id: id), body: nil)
    }

    /// `POST /api/v1/me/sessions/revoke-others`: ends every session but this one.
    public func revokeOtherSessions() async throws -> RevokedSessions {
        try await send(.revokeOtherSessions)
    }

    /// `POST /api/v1/me/password`: changes the password, ending every other session.
    public func changePassword(_ request: PasswordChangeRequest) async throws {
        _ = try await raw(.changePassword, body: try RealityJSON.encode(request))
    }
}
