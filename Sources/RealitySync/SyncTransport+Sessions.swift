import Foundation
import RealityAPI
import RealityCore

extension SyncTransport {
    /// `GET /api/v1/me/sessions`: the account's live sessions.
    public func sessions() async throws -> [SessionInfo] {
        let page: Page<SessionInfo> = try await send(.GET, "/api/v1/me/sessions")
        return page.items
    }

    /// `DELETE /api/v1/me/sessions/{id}`: ends one session of the account.
    public func revokeSession(_ id: UUID) async throws {
        _ = try await raw(.DELETE, "/api/v1/me/sessions/\(id.uuidString)", body: nil)
    }

    /// `POST /api/v1/me/sessions/revoke-others`: ends every session but this one.
    public func revokeOtherSessions() async throws -> RevokedSessions {
        try await send(.POST, "/api/v1/me/sessions/revoke-others")
    }

    /// `POST /api/v1/me/password`: changes the password, ending every other session.
    public func changePassword(_ request: PasswordChangeRequest) async throws {
        _ = try await raw(.POST, "/api/v1/me/password", body: try RealityJSON.encode(request))
    }
}
