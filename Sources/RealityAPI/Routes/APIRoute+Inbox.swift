import RealityCore

extension APIRoute {
    /// `GET /api/v1/search`.
    public static let search = APIRoute(
        .get, "/api/v1/search", summary: "Search text and filters", tag: "search",
        query: [.q, .layerID, .annotationType, .creatorID, .from, .to] + QueryParameter.paging,
        answer: .page(Annotation.self))
    /// `GET /api/v1/annotations/recent`.
    public static let recent = APIRoute(
        .get, "/api/v1/annotations/recent", summary: "Newest annotations", tag: "search", query: QueryParameter.paging,
        answer: .page(Annotation.self))
    /// `GET /api/v1/annotations/unread`.
    public static let unread = APIRoute(
        .get, "/api/v1/annotations/unread", summary: "Others' annotations not read yet", tag: "search",
        query: QueryParameter.paging, answer: .page(Annotation.self))
    /// `GET /api/v1/annotations/starred`.
    public static let starred = APIRoute(
        .get, "/api/v1/annotations/starred", summary: "Starred annotations", tag: "search",
        query: QueryParameter.paging, answer: .page(Annotation.self))
    /// `GET /api/v1/activity`.
    public static let activity = APIRoute(
        .get, "/api/v1/activity", summary: "Activity on what the user may see", tag: "inbox",
        query: QueryParameter.paging, answer: .page(Activity.self))
    /// `GET /api/v1/notifications`.
    public static let notifications = APIRoute(
        .get, "/api/v1/notifications", summary: "The user's notifications, newest first", tag: "inbox",
        query: [.unread] + QueryParameter.paging,
        answer: .page(AppNotification.self))
    /// `POST /api/v1/notifications/{id}/read`.
    public static let markNotificationRead = APIRoute(
        .post, "/api/v1/notifications/{id}/read", summary: "Mark a notification read", tag: "inbox", status: 204,
        answer: .empty)

    static let inboxRoutes = [search, recent, unread, starred, activity, notifications, markNotificationRead]
}
