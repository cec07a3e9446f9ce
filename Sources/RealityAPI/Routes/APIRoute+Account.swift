import RealityCore

extension APIRoute {
    /// `GET /api/v1/me`.
    public static let me = APIRoute(
        .get, "/api/v1/me", summary: "The signed-in user", tag: "me", answer: .json(User.self))
    /// `PATCH /api/v1/me`.
    public static let updateProfile = APIRoute(
        .patch, "/api/v1/me", summary: "Change the profile", tag: "me", body: .json(ProfilePatch.self),
        answer: .json(User.self))
    /// `DELETE /api/v1/me`.
    public static let deleteAccount = APIRoute(
        .delete, "/api/v1/me", summary: "Delete the account and all its data", tag: "me", status: 204, answer: .empty)
    /// `PUT /api/v1/me/preferences`.
    public static let replacePreferences = APIRoute(
        .put, "/api/v1/me/preferences", summary: "Replace the preferences", tag: "me",
        body: .json(UserPreferences.self), answer: .json(User.self))
    /// `GET /api/v1/me/usage`.
    public static let usage = APIRoute(
        .get, "/api/v1/me/usage", summary: "Usage against the plan", tag: "me", answer: .json(UsageStats.self))
    /// `GET /api/v1/me/export`.
    public static let export = APIRoute(
        .get, "/api/v1/me/export", summary: "Everything the user owns or wrote", tag: "me",
        answer: .json(AccountExport.self))
    /// `GET /api/v1/me/sessions`.
    public static let sessions = APIRoute(
        .get, "/api/v1/me/sessions", summary: "The account's live sessions (never their tokens)", tag: "me",
        answer: .page(SessionInfo.self))
    /// `DELETE /api/v1/me/sessions/{id}`.
    public static let revokeSession = APIRoute(
        .delete, "/api/v1/me/sessions/{id}", summary: "End one of the account's sessions", tag: "me", status: 204,
        answer: .empty)
    /// `POST /api/v1/me/sessions/revoke-others`.
    public static let revokeOtherSessions = APIRoute(
        .post, "/api/v1/me/sessions/revoke-others", summary: "Log out everywhere else", tag: "me",
        answer: .json(RevokedSessions.self))
    /// `POST /api/v1/me/password`.
    public static let changePassword = APIRoute(
        .post, "/api/v1/me/password", summary: "Change the password; ends every other session", tag: "me",
        body: .json(PasswordChangeRequest.self), status: 204, answer: .empty)

    static let accountRoutes = [
        me, updateProfile, deleteAccount, replacePreferences, usage, export, sessions, revokeSession,
        revokeOtherSessions, changePassword,
    ]
}
