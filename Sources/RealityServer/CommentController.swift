import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// Comments and replies: `/api/v1/annotations/{id}/comments` and `/api/v1/comments/{id}` (SPEC S5).
struct CommentController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.comments, use: list)
        router.on(.createComment, use: create)
        router.on(.editComment, use: edit)
        router.on(.deleteComment, use: delete)
    }

    @Sendable func list(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Comment>> {
        let id: AnnotationID = try context.pathID()
        let page = try PageRequest(context.query(of: request))
        let comments = try await services.collaboration(context.requireUser()).getComments(for: id)
        let (items, next) = try OffsetCursor.page(comments, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    /// A comment, or with `parentCommentID` a reply to a comment on the same annotation.
    @Sendable func create(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Comment> {
        let id: AnnotationID = try context.pathID()
        let body = try await request.decodeJSON(CommentRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        let collaboration = services.collaboration(userID)
        guard let parentID = body.parentCommentID else {
            return JSONResponse(try await collaboration.addComment(to: id, text: body.text), status: .created)
        }
        // The annotation in the path must be one the caller sees before its comments are looked at.
        guard try await services.annotations(userID).fetchAnnotation(id: id) != nil else { throw APIError.notFound }
        // Store, not a service: a point read of a comment on an annotation the service just showed
        // the caller (the collaboration service lists a thread, it has no call for one comment).
        guard let parent = try await services.store.comment(id: parentID), parent.annotationID == id, !parent.isDeleted
        else {
            throw ValidationError(
                field: "parentCommentID", reason: .notAllowed(detail: "not a comment on this annotation"))
        }
        return JSONResponse(try await collaboration.replyToComment(parentID, text: body.text), status: .created)
    }

    /// The author's new text; 403 for anyone else, 404 for a comment the caller cannot see.
    @Sendable func edit(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Comment> {
        let id: CommentID = try context.pathID()
        let body = try await request.decodeJSON(CommentEdit.self, limit: context.maxBodyBytes)
        return JSONResponse(try await services.collaboration(context.requireUser()).editComment(id, text: body.text))
    }

    @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: CommentID = try context.pathID()
        try await services.collaboration(context.requireUser()).deleteComment(id)
        return .noContent
    }
}
