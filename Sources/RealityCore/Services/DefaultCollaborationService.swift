import Foundation

/// ``CollaborationService`` over a ``DataStore``. Every write commits together with the
/// notifications and activity it causes.
public struct DefaultCollaborationService<Store: DataStore>: CollaborationService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }
    private var notifier: Notifier<Store> { Notifier(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "collaboration" }

    public func addComment(to annotationID: AnnotationID, text: String) async throws -> Comment {
        try await post(text: text, on: annotationID, replyingTo: nil)
    }

    public func replyToComment(_ commentID: CommentID, text: String) async throws -> Comment {
        guard let parent = try await store.comment(id: commentID), !parent.isDeleted else {
            throw ServiceError.notFound(.comment, id: commentID.uuidString)
        }
        return try await post(text: text, on: parent.annotationID, replyingTo: parent.id)
    }

    public func editComment(_ commentID: CommentID, text: String) async throws -> Comment {
        guard var comment = try await store.comment(id: commentID), !comment.isDeleted else {
            throw ServiceError.notFound(.comment, id: commentID.uuidString)
        }
        _ = try await access.visibleAnnotation(comment.annotationID)
        guard comment.authorID == context.userID else { throw PermissionError.notOwner }
        guard comment.text != text else { return comment }
        let previous = comment.updatedAt
        comment.text = text
        comment.isEdited = true
        comment.updatedAt = max(context.now, previous)
        try comment.validate()
        try await store.commit(ChangeSet(changes: [.saveComment(comment)]), applying: context.pushing)
        return comment
    }

    public func deleteComment(_ commentID: CommentID) async throws {
        guard var comment = try await store.comment(id: commentID), !comment.isDeleted else {
            throw ServiceError.notFound(.comment, id: commentID.uuidString)
        }
        let (_, _, level) = try await access.visibleAnnotation(comment.annotationID)
        guard comment.authorID == context.userID || level.canDelete else { throw PermissionError.cannotDelete }
        comment.isDeleted = true
        comment.updatedAt = max(context.now, comment.updatedAt)
        try await store.commit(ChangeSet(changes: [.saveComment(comment)]), applying: context.pushing)
    }

    public func addReaction(to annotationID: AnnotationID, emoji: String) async throws {
        let (annotation, _) = try await access.annotation(annotationID, for: .comment)
        let reaction = Reaction(emoji: emoji, userID: context.userID, createdAt: context.now)
        try reaction.validate()
        guard !annotation.reactions.contains(where: { $0.userID == context.userID && $0.emoji == emoji }) else {
            return
        }
        var changes = ChangeSet(changes: [.addReaction(reaction, annotationID: annotationID)])
        changes.changes += try await notifier.reacted(emoji, to: annotation)
        changes.append(
            .addActivity(
                Activity(
                    kind: .reacted, actorID: context.userID, annotationID: annotationID, layerID: annotation.layerID,
                    summary: "reacted \(emoji)", createdAt: context.now)))
        try await store.commit(changes, applying: context.pushing)
    }

    public func removeReaction(from annotationID: AnnotationID, emoji: String) async throws {
        _ = try await access.annotation(annotationID, for: .comment)
        try await store.commit(
            ChangeSet(changes: [
                .removeReaction(annotationID: annotationID, userID: context.userID, emoji: emoji)
            ]), applying: context.pushing)
    }

    public func markAsResolved(_ annotationID: AnnotationID) async throws {
        try await setStatus(annotationID, to: .resolved)
    }

    public func setStatus(_ annotationID: AnnotationID, to status: AnnotationStatus) async throws {
        var (annotation, _) = try await access.annotation(annotationID, for: .edit)
        guard annotation.status != status else { return }
        let previous = annotation.updatedAt
        annotation.status = status
        annotation.updatedAt = max(context.now, previous)
        var changes = ChangeSet(
            preconditions: [.annotationUnchanged(annotationID, updatedAt: previous)],
            changes: [.saveAnnotation(annotation)])
        changes.changes += try await notifier.statusChanged(annotation)
        changes.append(
            .addActivity(
                Activity(
                    kind: .statusChanged, actorID: context.userID, annotationID: annotationID,
                    layerID: annotation.layerID,
                    summary: "set status to \(status.rawValue)", createdAt: annotation.updatedAt)))
        try await store.commit(changes, applying: context.pushing)
    }

    public func getComments(for annotationID: AnnotationID) async throws -> [Comment] {
        _ = try await access.visibleAnnotation(annotationID)
        return try await store.comments(on: annotationID)
    }

    public func getActivityFeed(limit: Int) async throws -> [Activity] {
        guard (1...AnnotationQuery.maxLimit).contains(limit) else {
            throw ValidationError(
                field: "limit", reason: .outOfRange(minimum: 1, maximum: Double(AnnotationQuery.maxLimit)))
        }
        return try await store.activities(visibleTo: context.userID, at: context.now, limit: limit)
    }

    /// Posts a comment with a client-chosen `id` (a device's offline comment, pushed by sync, with
    /// the date the device wrote it, kept within ``FieldStamps/creationDate(_:now:)``'s bounds, and
    /// whether its author edited it before it went), replying to `parent` when given; a conflict
    /// when any comment already has that ID.
    public func addComment(
        id: CommentID, to annotationID: AnnotationID, text: String, replyingTo parent: CommentID?,
        createdAt: Date? = nil, isEdited: Bool = false
    ) async throws -> Comment {
        if let parent {
            guard let parentComment = try await store.comment(id: parent), !parentComment.isDeleted,
                parentComment.annotationID == annotationID
            else { throw ServiceError.notFound(.comment, id: parent.uuidString) }
        }
        return try await post(
            text: text, on: annotationID, replyingTo: parent, id: id,
            createdAt: FieldStamps.creationDate(createdAt, now: context.now), isEdited: isEdited)
    }

    private func post(
        text: String, on annotationID: AnnotationID, replyingTo parent: CommentID?, id: CommentID? = nil,
        createdAt: Date? = nil, isEdited: Bool = false
    ) async throws -> Comment {
        let (annotation, _) = try await access.annotation(annotationID, for: .comment)
        let author = try await access.currentUser()
        let comment = Comment(
            id: id ?? CommentID(), text: text, authorID: author.id, authorName: author.displayName,
            annotationID: annotationID, parentCommentID: parent, createdAt: createdAt ?? context.now,
            isEdited: isEdited)
        try comment.validate()
        var changes = ChangeSet(changes: [.saveComment(comment)])
        if let id { changes.require(.recordAbsent(.comment, id: id.uuidString)) }
        changes.changes += try await notifier.commented(comment, on: annotation)
        changes.append(
            .addActivity(
                Activity(
                    kind: .commented, actorID: author.id, annotationID: annotationID, layerID: annotation.layerID,
                    commentID: comment.id, summary: parent == nil ? "commented" : "replied", createdAt: context.now)))
        try await store.commit(changes, applying: context.pushing)
        return comment
    }
}
