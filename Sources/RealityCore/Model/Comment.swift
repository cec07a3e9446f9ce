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

extension Comment: DeclaredRecord {
    /// Every field of a comment, once (docs/architecture.md, "Record types"). Comments carry no
    /// edit stamps: an edited field merges three-way, the later edit winning when both sides
    /// changed it.
    public static let declaration = RecordDeclaration<Comment>(
        table: "comments", schemaName: "Comment",
        blank: Comment(
            id: .blank, text: "", authorID: .blank, annotationID: .blank,
            createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each.
    private static func declaredFields() -> [RecordField<Comment>] {
        var fields: [RecordField<Comment>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .picked("text", \.text, schema: .string, columns: [.requiredText("text", { $0.text }, { $0.text = $1 })]))
        fields.append(
            .serverKept(
                "authorID", \.authorID, schema: .uuid,
                columns: [.identifier("authorID", { $0.authorID }, { $0.authorID = $1 })]))
        fields.append(
            .picked(
                "authorName", \.authorName, patchable: false, schema: .string,
                columns: [.text("authorName", { $0.authorName }, { $0.authorName = $1 })]))
        fields.append(
            .serverKept(
                "annotationID", \.annotationID, schema: .uuid,
                columns: [.identifier("annotationID", { $0.annotationID }, { $0.annotationID = $1 })]))
        fields.append(
            .picked(
                "parentCommentID", \.parentCommentID, patchable: false, schema: .uuid,
                columns: [.optionalIdentifier("parentCommentID", { $0.parentCommentID }, { $0.parentCommentID = $1 })]))
        fields.append(
            .serverKept(
                "createdAt", \.createdAt, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(
            .latest("updatedAt", \.updatedAt, columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        fields.append(
            .picked(
                "isDeleted", \.isDeleted, patchable: false, schema: .boolean,
                columns: [.boolean("isDeleted", { $0.isDeleted }, { $0.isDeleted = $1 })]))
        fields.append(
            .picked(
                "isEdited", \.isEdited, patchable: false, schema: .boolean,
                columns: [.boolean("isEdited", { $0.isEdited }, { $0.isEdited = $1 })]))
        return fields
    }
}
