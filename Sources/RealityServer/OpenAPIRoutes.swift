import HTTPTypes

/// One operation of the API as the OpenAPI document describes it.
struct APIOperation: Sendable {
    /// Who may call it.
    enum Security: Sendable {
        /// Anyone.
        case anonymous
        /// A signed-in user (`Authorization: Bearer TOKEN`).
        case bearer
        /// The server's admin token.
        case admin
    }

    /// What the request carries.
    enum Body: Sendable {
        /// A JSON document of the named schema.
        case json(String)
        /// Raw bytes, typed by `Content-Type`.
        case raw
    }

    /// What a success answers.
    enum Answer: Sendable {
        /// JSON of the named schema.
        case json(String)
        /// A page of the named schema.
        case page(String)
        /// Raw bytes (assets).
        case raw
        /// Plain text (metrics).
        case text
        /// No body (204).
        case empty
        /// A WebSocket (101) whose text frames are JSON of the named schema.
        case webSocket(String)
    }

    var method: HTTPRequest.Method
    /// OpenAPI form: `/api/v1/annotations/{id}`.
    var path: String
    var summary: String
    var tag: String
    var security: Security = .bearer
    var query: [QueryParameter] = []
    var body: Body?
    var status: Int = 200
    var answer: Answer
    /// Error statuses whose body has a schema of its own (by name); the others answer `Error`.
    var errors: [Int: String] = [:]

    /// A query parameter.
    struct QueryParameter: Sendable {
        var name: String
        var type: String
        var description: String
        var format: String?
    }
}

extension APIOperation.QueryParameter {
    static let limit = Self(name: "limit", type: "integer", description: "Page size, 1 to 200 (50 by default).")
    static let cursor = Self(name: "cursor", type: "string", description: "The previous page's nextCursor.")
    static func uuid(_ name: String, _ description: String) -> Self {
        Self(name: name, type: "string", description: description, format: "uuid")
    }
    static func date(_ name: String, _ description: String) -> Self {
        Self(name: name, type: "string", description: description, format: "date-time")
    }
}

/// Every operation the server answers, the source of `/api/v1/openapi.json`; a test holds it
/// equal to the router's routes.
enum APIRoutes {
    static let paging: [APIOperation.QueryParameter] = [.limit, .cursor]

    static let all: [APIOperation] = operations + collaboration + assetsAndMaps + sync

    private static let operations: [APIOperation] = [
        .init(method: .get, path: "/health", summary: "Aggregated service health", tag: "operations",
              security: .anonymous, answer: .json("HealthReport")),
        .init(method: .get, path: "/metrics", summary: "Prometheus metrics", tag: "operations",
              security: .anonymous, answer: .text),
        .init(method: .get, path: "/api/v1/openapi.json", summary: "This document", tag: "operations",
              security: .anonymous, answer: .json("OpenAPIDocument")),
        .init(method: .post, path: "/api/v1/auth/register", summary: "Create an account", tag: "auth",
              security: .anonymous, body: .json("RegisterRequest"), status: 201, answer: .json("AuthResponse")),
        .init(method: .post, path: "/api/v1/auth/login", summary: "Sign in", tag: "auth",
              security: .anonymous, body: .json("LoginRequest"), answer: .json("AuthResponse")),
        .init(method: .post, path: "/api/v1/auth/logout", summary: "Revoke this token", tag: "auth",
              status: 204, answer: .empty),
        .init(method: .put, path: "/api/v1/admin/users/{id}/tier", summary: "Put a user on a plan", tag: "admin",
              security: .admin, body: .json("TierRequest"), answer: .json("User")),
        .init(method: .get, path: "/api/v1/me", summary: "The signed-in user", tag: "me", answer: .json("User")),
        .init(method: .patch, path: "/api/v1/me", summary: "Change the profile", tag: "me",
              body: .json("ProfilePatch"), answer: .json("User")),
        .init(method: .delete, path: "/api/v1/me", summary: "Delete the account and all its data", tag: "me",
              status: 204, answer: .empty),
        .init(method: .put, path: "/api/v1/me/preferences", summary: "Replace the preferences", tag: "me",
              body: .json("UserPreferences"), answer: .json("User")),
        .init(method: .get, path: "/api/v1/me/usage", summary: "Usage against the plan", tag: "me",
              answer: .json("UsageStats")),
        .init(method: .get, path: "/api/v1/me/export", summary: "Everything the user owns or wrote", tag: "me",
              answer: .json("AccountExport")),
        .init(method: .get, path: "/api/v1/me/sessions", summary: "The account's live sessions (never their tokens)",
              tag: "me", answer: .page("SessionInfo")),
        .init(method: .delete, path: "/api/v1/me/sessions/{id}", summary: "End one of the account's sessions",
              tag: "me", status: 204, answer: .empty),
        .init(method: .post, path: "/api/v1/me/sessions/revoke-others", summary: "Log out everywhere else",
              tag: "me", answer: .json("RevokedSessions")),
        .init(method: .post, path: "/api/v1/me/password", summary: "Change the password; ends every other session",
              tag: "me", body: .json("PasswordChangeRequest"), status: 204, answer: .empty),
        .init(method: .get, path: "/api/v1/layers", summary: "Layers the user may see", tag: "layers",
              query: paging, answer: .page("Layer")),
        .init(method: .post, path: "/api/v1/layers", summary: "Create a layer", tag: "layers",
              body: .json("CreateLayerRequest"), status: 201, answer: .json("Layer")),
        .init(method: .get, path: "/api/v1/layers/{id}", summary: "One layer", tag: "layers", answer: .json("Layer")),
        .init(method: .patch, path: "/api/v1/layers/{id}", summary: "Change a layer", tag: "layers",
              body: .json("LayerPatch"), answer: .json("Layer")),
        .init(method: .delete, path: "/api/v1/layers/{id}", summary: "Delete a layer", tag: "layers",
              status: 204, answer: .empty),
        .init(method: .get, path: "/api/v1/layers/{id}/permissions", summary: "Grants on a layer", tag: "permissions",
              answer: .page("Permission")),
        .init(method: .post, path: "/api/v1/layers/{id}/permissions", summary: "Grant on a layer", tag: "permissions",
              body: .json("GrantRequest"), status: 201, answer: .json("Permission")),
        .init(method: .delete, path: "/api/v1/layers/{id}/permissions/{userID}", summary: "Revoke on a layer",
              tag: "permissions", status: 204, answer: .empty),
        .init(method: .get, path: "/api/v1/annotations", summary: "Annotations matching filters", tag: "annotations",
              query: [
                  .uuid("layerID", "Layers (repeat or comma-separate)."),
                  .init(name: "type", type: "string", description: "Annotation types."),
                  .init(name: "status", type: "string", description: "Statuses."),
                  .uuid("creatorID", "The creator."),
                  .init(name: "near", type: "string", description: "x,y,z in metres; needs radius."),
                  .init(name: "radius", type: "number", description: "Metres, with near."),
                  .date("visibleAt", "Only annotations whose rules show them at this instant."),
              ] + paging,
              answer: .page("Annotation")),
        .init(method: .post, path: "/api/v1/annotations", summary: "Create an annotation", tag: "annotations",
              body: .json("CreateAnnotationRequest"), status: 201, answer: .json("Annotation")),
        .init(method: .get, path: "/api/v1/annotations/{id}", summary: "One annotation with its comments",
              tag: "annotations", answer: .json("Annotation")),
        .init(method: .patch, path: "/api/v1/annotations/{id}", summary: "Change an annotation", tag: "annotations",
              body: .json("AnnotationPatch"), answer: .json("Annotation")),
        .init(method: .delete, path: "/api/v1/annotations/{id}", summary: "Delete an annotation", tag: "annotations",
              status: 204, answer: .empty),
        .init(method: .post, path: "/api/v1/annotations/{id}/move", summary: "Move to another layer",
              tag: "annotations", body: .json("MoveRequest"), answer: .json("Annotation")),
        .init(method: .get, path: "/api/v1/annotations/{id}/permissions", summary: "Grants on an annotation",
              tag: "permissions", answer: .page("Permission")),
        .init(method: .post, path: "/api/v1/annotations/{id}/permissions", summary: "Grant on an annotation",
              tag: "permissions", body: .json("GrantRequest"), status: 201, answer: .json("Permission")),
        .init(method: .delete, path: "/api/v1/annotations/{id}/permissions/{userID}", summary: "Revoke on an annotation",
              tag: "permissions", status: 204, answer: .empty),
    ]

    private static let collaboration: [APIOperation] = [
        .init(method: .get, path: "/api/v1/annotations/{id}/comments", summary: "Comments, oldest first",
              tag: "collaboration", query: paging, answer: .page("Comment")),
        .init(method: .post, path: "/api/v1/annotations/{id}/comments", summary: "Comment, or reply with parentCommentID",
              tag: "collaboration", body: .json("CommentRequest"), status: 201, answer: .json("Comment")),
        .init(method: .delete, path: "/api/v1/comments/{id}", summary: "Delete a comment", tag: "collaboration",
              status: 204, answer: .empty),
        .init(method: .post, path: "/api/v1/annotations/{id}/reactions", summary: "React with one emoji",
              tag: "collaboration", body: .json("ReactionRequest"), answer: .json("Annotation")),
        .init(method: .delete, path: "/api/v1/annotations/{id}/reactions/{emoji}",
              summary: "Remove the caller's reaction (emoji percent-encoded)", tag: "collaboration",
              status: 204, answer: .empty),
        .init(method: .post, path: "/api/v1/annotations/{id}/views",
              summary: "Count a view (expiresAfterViews) and mark read", tag: "engagement", status: 204, answer: .empty),
        .init(method: .put, path: "/api/v1/annotations/{id}/star", summary: "Star", tag: "engagement",
              status: 204, answer: .empty),
        .init(method: .delete, path: "/api/v1/annotations/{id}/star", summary: "Unstar", tag: "engagement",
              status: 204, answer: .empty),
        .init(method: .get, path: "/api/v1/search", summary: "Search text and filters", tag: "search",
              query: [
                  .init(name: "q", type: "string", description: "Words, matched as prefixes (at most 500 bytes)."),
                  .uuid("layerID", "Layers (repeat or comma-separate)."),
                  .init(name: "type", type: "string", description: "Annotation types."),
                  .uuid("creatorID", "The creator."),
                  .date("from", "Created at or after."),
                  .date("to", "Created at or before."),
              ] + paging,
              answer: .page("Annotation")),
        .init(method: .get, path: "/api/v1/annotations/recent", summary: "Newest annotations", tag: "search",
              query: paging, answer: .page("Annotation")),
        .init(method: .get, path: "/api/v1/annotations/unread", summary: "Others' annotations not read yet",
              tag: "search", query: paging, answer: .page("Annotation")),
        .init(method: .get, path: "/api/v1/annotations/starred", summary: "Starred annotations", tag: "search",
              query: paging, answer: .page("Annotation")),
        .init(method: .get, path: "/api/v1/activity", summary: "Activity on what the user may see", tag: "inbox",
              query: paging, answer: .page("Activity")),
        .init(method: .get, path: "/api/v1/notifications", summary: "The user's notifications, newest first",
              tag: "inbox",
              query: [.init(name: "unread", type: "boolean", description: "true for unread only.")] + paging,
              answer: .page("AppNotification")),
        .init(method: .post, path: "/api/v1/notifications/{id}/read", summary: "Mark a notification read",
              tag: "inbox", status: 204, answer: .empty),
    ]

    private static let assetsAndMaps: [APIOperation] = [
        .init(method: .post, path: "/api/v1/assets", summary: "Upload bytes (size limit, storage quota)",
              tag: "assets", body: .raw, status: 201, answer: .json("AssetResponse")),
        .init(method: .get, path: "/api/v1/assets/{id}", summary: "Download an asset by its SHA-256", tag: "assets",
              answer: .raw),
        .init(method: .get, path: "/api/v1/worldmaps", summary: "World maps owned or shared", tag: "worldmaps",
              query: paging, answer: .page("WorldMap")),
        .init(method: .post, path: "/api/v1/worldmaps", summary: "Save a world map", tag: "worldmaps",
              body: .json("CreateWorldMapRequest"), status: 201, answer: .json("WorldMap")),
        .init(method: .get, path: "/api/v1/worldmaps/{id}", summary: "One world map", tag: "worldmaps",
              answer: .json("WorldMap")),
        .init(method: .delete, path: "/api/v1/worldmaps/{id}", summary: "Delete a world map (owner)",
              tag: "worldmaps", status: 204, answer: .empty),
    ]

    /// The sync API and live events (docs/sync-protocol.md).
    private static let sync: [APIOperation] = [
        .init(method: .get, path: "/api/v1/sync/limits", summary: "The published push limits", tag: "sync",
              answer: .json("SyncLimits")),
        .init(method: .get, path: "/api/v1/sync/changes",
              summary: "Changes and deletions in a scope since a token (410: resync from the start)", tag: "sync",
              query: [
                  .init(name: "scope", type: "string", description: "private, shared or public (required)."),
                  .init(name: "since", type: "string", description: "The previous page's token; absent at first."),
                  .init(name: "limit", type: "integer", description: "Page size, 1 to 1000 (200 by default)."),
              ],
              answer: .json("SyncChangesPage")),
        .init(method: .post, path: "/api/v1/sync/push",
              summary: "Apply mutations in order, one result each (413 beyond the limits, with them)", tag: "sync",
              body: .json("SyncPushRequest"), answer: .json("SyncPushResponse"), errors: [413: "SyncBatchTooLarge"]),
        .init(method: .get, path: "/api/v1/events", summary: "WebSocket of live change hints and notifications",
              tag: "sync", status: 101, answer: .webSocket("LiveEvent")),
    ]
}
