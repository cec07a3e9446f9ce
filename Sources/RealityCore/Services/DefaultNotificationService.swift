import Foundation

/// ``NotificationService`` over a ``DataStore``.
public struct DefaultNotificationService<Store: DataStore>: NotificationService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "notifications" }

    public func send(
        to userID: UserID, type: NotificationType, title: String, body: String, annotationID: AnnotationID?
    ) async throws {
        for (field, value, limit) in [("title", title, 200), ("body", body, 2_000)] {
            guard value.contains(where: { !$0.isWhitespace }) else {
                throw ValidationError(field: field, reason: .required)
            }
            guard value.count <= limit else { throw ValidationError(field: field, reason: .tooLong(limit: limit)) }
        }
        let changes = try await Notifier(store: store, context: context).notify(
            userID, type: type, title: title, body: body, annotationID: annotationID)
        try await store.commit(ChangeSet(changes: changes), applying: context.pushing)
    }

    public func getNotifications(limit: Int, unreadOnly: Bool) async throws -> [AppNotification] {
        guard (1...AnnotationQuery.maxLimit).contains(limit) else {
            throw ValidationError(
                field: "limit", reason: .outOfRange(minimum: 1, maximum: Double(AnnotationQuery.maxLimit)))
        }
        return try await store.notifications(for: context.userID, unreadOnly: unreadOnly, limit: limit)
    }

    public func markAsRead(_ notificationID: UUID) async throws {
        guard let notification = try await store.notification(id: notificationID),
            notification.recipientID == context.userID
        else { throw ServiceError.notFound(.notification, id: notificationID.lowercasedString) }
        try await store.commit(
            ChangeSet(changes: [.markNotificationRead(id: notificationID, recipientID: context.userID)]),
            applying: context.pushing)
    }
}
