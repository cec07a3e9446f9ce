import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// The activity feed and the notification inbox: `/api/v1/activity`, `/api/v1/notifications…`
/// (SPEC S5, S7).
struct InboxController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    /// The newest entries a list reads before it is cut into pages.
    static var window: Int { 500 }

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.activity, use: activity)
        router.on(.notifications, use: notifications)
        router.on(.markNotificationRead, use: markRead)
    }

    @Sendable func activity(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Activity>>
    {
        let page = try PageRequest(context.query(of: request))
        let feed = try await services.collaboration(context.requireUser()).getActivityFeed(limit: Self.window)
        let (items, next) = try OffsetCursor.page(feed, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    /// The caller's notifications, newest first; `unread=true` keeps only unread ones.
    @Sendable func notifications(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<AppNotification>>
    {
        let parameters = context.query(of: request)
        let page = try PageRequest(parameters)
        var unreadOnly = false
        if let text = try parameters(.unread) {
            guard let value = Bool(text) else { throw APIError.badParameter(.unread, "unread must be true or false.") }
            unreadOnly = value
        }
        let inbox = try await services.notifications(context.requireUser())
            .getNotifications(limit: Self.window, unreadOnly: unreadOnly)
        let (items, next) = try OffsetCursor.page(inbox, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func markRead(_ request: Request, context: APIRequestContext) async throws -> Response {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw APIError.badParameter("id", "id must be a UUID.")
        }
        try await services.notifications(context.requireUser()).markAsRead(id)
        return .noContent
    }
}
