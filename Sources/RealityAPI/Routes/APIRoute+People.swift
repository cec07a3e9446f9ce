import RealityCore

extension APIRoute {
    /// `GET /api/v1/users?email=`: the person holding an exact email (ID and name only).
    public static let findUser = APIRoute(
        .get, "/api/v1/users", summary: "Find a person by exact email (rate-limited; never a listing)",
        tag: "people", query: [.email], answer: .json(UserSummary.self))
    /// `POST /api/v1/invitations`: share by email.
    public static let invite = APIRoute(
        .post, "/api/v1/invitations",
        summary: "Share a layer or annotation by email (a grant at once for an existing account)", tag: "people",
        body: .json(InvitationRequest.self), status: 201, answer: .json(Invitation.self))
    /// `GET /api/v1/invitations`: the caller's invitations.
    public static let invitations = APIRoute(
        .get, "/api/v1/invitations", summary: "Invitations you sent, newest first", tag: "people",
        answer: .page(Invitation.self))
    /// `DELETE /api/v1/invitations/{id}`: withdraw a pending invitation.
    public static let revokeInvitation = APIRoute(
        .delete, "/api/v1/invitations/{id}", summary: "Withdraw a pending invitation (its inviter)", tag: "people",
        status: 204, answer: .empty)
    /// `GET /api/v1/layers/{id}/members`.
    public static let members = APIRoute(
        .get, "/api/v1/layers/{id}/members", summary: "The layer's owner and the holders of its grants",
        tag: "people", answer: .page(Member.self))
    /// `PUT /api/v1/layers/{id}/members/{userID}`.
    public static let putMember = APIRoute(
        .put, "/api/v1/layers/{id}/members/{userID}", summary: "Give or change a member's level", tag: "people",
        body: .json(MemberRequest.self), answer: .json(Permission.self))
    /// `DELETE /api/v1/layers/{id}/members/{userID}`.
    public static let deleteMember = APIRoute(
        .delete, "/api/v1/layers/{id}/members/{userID}", summary: "Remove a member's grant", tag: "people",
        status: 204, answer: .empty)

    static let peopleRoutes = [findUser, invite, invitations, revokeInvitation, members, putMember, deleteMember]
}
