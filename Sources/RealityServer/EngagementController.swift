import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// One user's engagement with an annotation: reactions, views and stars (SPEC S4, S5).
struct EngagementController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.react, use: react)
        router.on(.unreact, use: unreact)
        router.on(.view, use: view)
        router.on(.markRead, use: markRead)
        router.on(.star, use: star)
        router.on(.unstar, use: unstar)
    }

    /// Adds the caller's reaction (commenter level); the answer is the annotation with its reactions.
    @Sendable func react(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Annotation> {
        let id: AnnotationID = try context.pathID()
        let body = try await request.decodeJSON(ReactionRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        try await services.collaboration(userID).addReaction(to: id, emoji: body.emoji)
        guard let annotation = try await services.annotations(userID).fetchAnnotation(id: id) else {
            throw APIError.notFound
        }
        return JSONResponse(annotation)
    }

    /// Removes the caller's reaction; the emoji is the percent-decoded last path segment.
    @Sendable func unreact(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        let userID = try context.requireUser()
        // Hummingbird hands over path segments as sent, still percent-encoded.
        guard let raw = context.parameters.get("emoji"), let emoji = raw.removingPercentEncoding else {
            throw APIError.badParameter("emoji", "emoji must be one percent-encoded emoji.")
        }
        try Reaction(emoji: emoji, userID: userID, createdAt: Timestamp.now()).validate()
        try await services.collaboration(userID).removeReaction(from: id, emoji: emoji)
        return .noContent
    }

    /// Counts a view toward `expiresAfterViews` and marks the annotation read.
    @Sendable func view(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        try await services.annotations(context.requireUser()).recordView(id: id)
        return .noContent
    }

    /// Marks the annotation read for the caller; counts no view (reading a list is not seeing the
    /// annotation in place).
    @Sendable func markRead(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        try await services.search(context.requireUser()).markAsRead(id)
        return .noContent
    }

    @Sendable func star(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        try await services.search(context.requireUser()).setStarred(id, starred: true)
        return .noContent
    }

    @Sendable func unstar(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        try await services.search(context.requireUser()).setStarred(id, starred: false)
        return .noContent
    }
}
