import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/api/v1/annotations…` (SPEC S1): every rule is the annotation service's.
struct AnnotationController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.annotations, use: list)
        router.on(.createAnnotation, use: create)
        router.on(.annotation, use: show)
        router.on(.updateAnnotation, use: patch)
        router.on(.deleteAnnotation, use: delete)
        router.on(.moveAnnotation, use: move)
    }

    @Sendable func list(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Annotation>> {
        let userID = try context.requireUser()
        let list = try AnnotationListQuery(context.query(of: request), viewer: userID)
        let annotations = services.annotations(userID)
        let rows = try await annotations.fetchAnnotations(matching: list.query)
        let hasMore = rows.count > list.page.limit
        let pageRows = Array(rows.prefix(list.page.limit))
        var items = pageRows
        if let date = list.query.visibleAt {
            // The store drops what has expired; the rest of the rules (times, places) are the
            // service's, judged per annotation. A page may come out short; the cursor still moves on.
            items = try await annotations.filterVisible(pageRows, at: date, viewerPosition: nil)
        }
        let next =
            hasMore
            ? pageRows.last.map {
                AnnotationCursor.encode(AnnotationQuery.Cursor(createdAt: $0.createdAt, id: $0.id))
            } : nil
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func create(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Annotation> {
        let body = try await request.decodeJSON(AnnotationCreate.self, limit: context.maxBodyBytes)
        // New annotations anchor to the world map this session is relocalised in, if any.
        var map: WorldMapID?
        if let tokenHash = context.tokenHash { map = try await services.store.currentWorldMap(ofSession: tokenHash) }
        var annotation = try await services.inWorldMap(map).annotations(context.requireUser()).createAnnotation(
            body.draft)
        annotation.myPermission = .owner  // its creator owns it
        return JSONResponse(annotation, status: .created)
    }

    @Sendable func show(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Annotation> {
        let id: AnnotationID = try context.pathID()
        guard let annotation = try await services.annotations(context.requireUser()).fetchAnnotation(id: id) else {
            throw APIError.notFound
        }
        return JSONResponse(annotation)
    }

    @Sendable func patch(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Annotation> {
        let id: AnnotationID = try context.pathID()
        let body = try await request.decodeJSON(AnnotationPatch.self, limit: context.maxBodyBytes)
        let annotations = services.annotations(try context.requireUser())
        guard let current = try await annotations.fetchAnnotation(id: id) else { throw APIError.notFound }
        try await annotations.updateAnnotation(body.applied(to: current))
        guard let updated = try await annotations.fetchAnnotation(id: id) else { throw APIError.notFound }
        return JSONResponse(updated)
    }

    @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        try await services.annotations(context.requireUser()).deleteAnnotation(id: id)
        return .noContent
    }

    @Sendable func move(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Annotation> {
        let id: AnnotationID = try context.pathID()
        let body = try await request.decodeJSON(MoveRequest.self, limit: context.maxBodyBytes)
        let annotations = services.annotations(try context.requireUser())
        try await annotations.moveAnnotation(id: id, to: body.layerID)
        guard let moved = try await annotations.fetchAnnotation(id: id) else { throw APIError.notFound }
        return JSONResponse(moved)
    }
}
