import Foundation

/// One entry of the activity feed: something a user did to an annotation or layer
/// (seed 000 §3.6 `getActivityFeed`, SPEC S5).
public struct Activity: Codable, Hashable, Sendable, Identifiable {
    /// Identity of the entry.
    public var id: UUID
    /// What was done.
    public var kind: ActivityKind
    /// Who did it.
    public var actorID: UserID
    /// The annotation it concerns, if any.
    public var annotationID: AnnotationID?
    /// The layer it concerns, if any.
    public var layerID: LayerID?
    /// The comment it concerns, if any.
    public var commentID: CommentID?
    /// A short description for a person ("added 👍", "resolved").
    public var summary: String
    /// When it happened.
    public var createdAt: Date

    /// A new feed entry.
    public init(
        id: UUID = .timeOrdered(),
        kind: ActivityKind,
        actorID: UserID,
        annotationID: AnnotationID? = nil,
        layerID: LayerID? = nil,
        commentID: CommentID? = nil,
        summary: String,
        createdAt: Date = Timestamp.now()
    ) {
        self.id = id
        self.kind = kind
        self.actorID = actorID
        self.annotationID = annotationID
        self.layerID = layerID
        self.commentID = commentID
        self.summary = summary
        self.createdAt = createdAt
    }
}

/// What an ``Activity`` records.
public enum ActivityKind: String, Codable, Hashable, Sendable, CaseIterable {
    case annotationCreated
    case annotationUpdated
    case annotationDeleted
    case annotationMoved
    case statusChanged
    case commented
    case reacted
    case shared
    case layerCreated
    case layerDeleted
}
