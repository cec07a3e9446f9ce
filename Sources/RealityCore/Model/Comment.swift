import Foundation

/// A comment on an annotation, or a reply to another comment (seed 001 §2.1, SPEC M5).
///
/// The seed's `replies` relationship is a query: the comments whose `parentCommentID` is this one.
public struct Comment: Codable, Hashable, Sendable, Identifiable {
    /// Stable identity across devices.
    public var id: CommentID
    /// The comment's text.
    public var text: String
    /// Who wrote it.
    public var authorID: UserID
    /// The author's display name when it was written.
    public var authorName: String?
    /// The annotation it belongs to.
    public var annotationID: AnnotationID
    /// The comment it replies to, if any.
    public var parentCommentID: CommentID?
    /// When it was written.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Soft-deleted.
    public var isDeleted: Bool
    /// Whether the author changed the text after posting.
    public var isEdited: Bool

    /// A new comment.
    public init(
        id: CommentID = CommentID(),
        text: String,
        authorID: UserID,
        authorName: String? = nil,
        annotationID: AnnotationID,
        parentCommentID: CommentID? = nil,
        createdAt: Date = Timestamp.now(),
        updatedAt: Date? = nil,
        isDeleted: Bool = false,
        isEdited: Bool = false
    ) {
        self.id = id
        self.text = text
        self.authorID = authorID
        self.authorName = authorName
        self.annotationID = annotationID
        self.parentCommentID = parentCommentID
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.isDeleted = isDeleted
        self.isEdited = isEdited
    }
}
