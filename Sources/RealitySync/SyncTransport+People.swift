import Foundation
import RealityAPI
import RealityCore

/// People, invitations and members (issue 20), for `reality share`, `members`, `revoke` and
/// `invitations`.
extension SyncTransport {
    /// `GET /api/v1/users?email=`: the person holding `email`.
    public func findUser(email: String) async throws -> UserSummary {
        try await send(.findUser, APIRoute.findUser.path(query: [.email: email]))
    }

    /// `POST /api/v1/invitations`.
    public func invite(_ request: InvitationRequest) async throws -> Invitation {
        try await send(.invite, body: request)
    }

    /// `GET /api/v1/invitations`: the invitations this account sent.
    public func invitations() async throws -> [Invitation] {
        let page: Page<Invitation> = try await send(.invitations)
        return page.items
    }

    /// `DELETE /api/v1/invitations/{id}`.
    public func revokeInvitation(_ id: InvitationID) async throws {
        _ = try await raw(.revokeInvitation, APIRoute.revokeInvitation.path(id: id), body: nil)
    }

    /// `GET /api/v1/layers/{id}/members`.
    public func members(of layer: LayerID) async throws -> [Member] {
        let page: Page<Member> = try await send(.members, APIRoute.members.path(id: layer))
        return page.items
    }

    /// `DELETE /api/v1/layers/{id}/members/{userID}`.
    public func removeMember(_ userID: UserID, from layer: LayerID) async throws {
        _ = try await raw(.deleteMember, APIRoute.deleteMember.path(id: layer, userID: userID), body: nil)
    }

    /// `DELETE /api/v1/annotations/{id}/permissions/{userID}`.
    public func revokeGrant(from userID: UserID, on annotation: AnnotationID) async throws {
        _ = try await raw(
            .revokeOnAnnotation, APIRoute.revokeOnAnnotation.path(id: annotation, userID: userID), body: nil)
    }
}
