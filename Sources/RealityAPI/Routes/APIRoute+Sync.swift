extension APIRoute {
    /// `GET /api/v1/sync/limits`.
    public static let syncLimits = APIRoute(
        .get, "/api/v1/sync/limits", summary: "The published push limits", tag: "sync", answer: .json(SyncLimits.self))
    /// `GET /api/v1/sync/changes`.
    public static let syncChanges = APIRoute(
        .get, "/api/v1/sync/changes",
        summary: "Changes and deletions in a scope since a token (410: resync from the start)", tag: "sync",
        query: [.scope, .since, .changesLimit],
        answer: .json(SyncChangesPage.self))
    /// `POST /api/v1/sync/push`: held to the published push limit, whose 413 carries the limits.
    public static let syncPush = APIRoute(
        .post, "/api/v1/sync/push",
        summary: "Apply mutations in order, one result each (413 beyond the limits, with them)", tag: "sync",
        bodyLimit: .syncPush, body: .json(SyncPushRequest.self), answer: .json(SyncPushResponse.self),
        errors: [413: "SyncBatchTooLarge"])
    /// `GET /api/v1/events`: the live-events WebSocket, answered by the upgrade router.
    public static let events = APIRoute(
        .get, "/api/v1/events", summary: "WebSocket of live change hints and notifications", tag: "sync",
        status: 101, answer: .webSocket(LiveEvent.self))

    static let syncRoutes = [syncLimits, syncChanges, syncPush, events]
}
