import Foundation

/// An entry in a user's notification inbox (seed 000 §3.8 `Notification`, SPEC S7).
///
/// Named `AppNotification` so it does not shadow Foundation's `Notification`. The seed's untyped
/// `data: [String: Any]` is replaced by the typed references a client needs to open the subject.
public struct AppNotification: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the notification.
    public var id: UUID
    /// Who receives it.
    public var recipientID: UserID
    /// What happened.
    public var type: NotificationType
    /// A short headline.
    public var title: String
    /// One sentence for a person.
    public var body: String
    /// Who caused it.
    public var actorID: UserID?
    /// The annotation it is about, if any.
    public var annotationID: AnnotationID?
    /// The layer it is about, if any.
    public var layerID: LayerID?
    /// The comment it is about, if any.
    public var commentID: CommentID?
    /// When it was created.
    public var createdAt: Date
    /// Whether the recipient has read it.
    public var isRead: Bool

    /// A new, unread notification.
    public init(
        id: UUID = UUID(),
        recipientID: UserID,
        type: NotificationType,
        title: String,
        body: String,
        actorID: UserID? = nil,
        annotationID: AnnotationID? = nil,
        layerID: LayerID? = nil,
        commentID: CommentID? = nil,
        createdAt: Date = Timestamp.now(),
        isRead: Bool = false
    ) {
        self.id = id
        self.recipientID = recipientID
        self.type = type
        self.title = title
        self.body = body
        self.actorID = actorID
        self.annotationID = annotationID
        self.layerID = layerID
        self.commentID = commentID
        self.createdAt = createdAt
        self.isRead = isRead
    }
}

/// The kinds of notification: the five of seed 000 §3.8, and Out of Box's (issue 22).
public enum NotificationType: String, Codable, Hashable, Sendable, CaseIterable {
    case comment
    case mention
    case shared
    case reaction
    case statusChange
    /// A reminder to do the day's Out of Box challenge (issue 22).
    case challenge
    /// Out of Box's friends (issue 22): a friend request, an accepted one, a comment on a shared
    /// photo, a photo or comment taken down after a report; `actorID` says who.
    case social
}
