import Foundation

/// Everything a user owns or wrote, as one JSON document (seed 001 §11.2 "User Data Export",
/// SPEC D4).
public struct AccountExport: Codable, Hashable, Sendable {
    /// When the export was made.
    public var exportedAt: Date
    /// The account, with preferences and plan.
    public var user: User
    /// Layers the user owns, with their grants.
    public var layers: [Layer]
    /// Annotations the user owns, with grants, reactions, viewers and their comments.
    public var annotations: [Annotation]
    /// Comments the user wrote, on anyone's annotations.
    public var comments: [Comment]
    /// World maps the user saved.
    public var worldMaps: [WorldMap]
    /// The user's notifications.
    public var notifications: [AppNotification]

    /// An export with the given parts.
    public init(
        exportedAt: Date, user: User, layers: [Layer], annotations: [Annotation], comments: [Comment],
        worldMaps: [WorldMap], notifications: [AppNotification]
    ) {
        self.exportedAt = exportedAt
        self.user = user
        self.layers = layers
        self.annotations = annotations
        self.comments = comments
        self.worldMaps = worldMaps
        self.notifications = notifications
    }
}

extension DefaultUserService {
    public func exportData() async throws -> AccountExport {
        let user = try await getCurrentUser()
        let now = context.now
        var annotations = try await store.allAnnotations(
            matching: AnnotationQuery(viewer: user.id, at: now, creatorID: user.id))
        for index in annotations.indices {
            annotations[index].comments = try await store.comments(on: annotations[index].id)
        }
        return AccountExport(
            exportedAt: now, user: user,
            layers: try await store.layers(visibleTo: user.id, at: now).filter { $0.ownerID == user.id },
            annotations: annotations,
            comments: try await store.comments(authoredBy: user.id),
            worldMaps: try await store.worldMaps(visibleTo: user.id).filter { $0.ownerID == user.id },
            notifications: try await store.notifications(
                for: user.id, unreadOnly: false, limit: Self.exportNotificationLimit))
    }

    /// The newest notifications an export includes.
    public static var exportNotificationLimit: Int { 10_000 }
}
