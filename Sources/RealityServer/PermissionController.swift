import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// Grants on layers and annotations: `…/{id}/permissions` (SPEC S3, M3). Listing the grants
/// needs the share capability (editor or above), as giving them does.
struct PermissionController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.layerGrants, use: layerGrants)
        router.on(.grantOnLayer, use: grantOnLayer)
        router.on(.revokeOnLayer, use: revokeOnLayer)
        router.on(.annotationGrants, use: annotationGrants)
        router.on(.grantOnAnnotation, use: grantOnAnnotation)
        router.on(.revokeOnAnnotation, use: revokeOnAnnotation)
    }

    @Sendable func layerGrants(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Page<Permission>
    > {
        let id: LayerID = try context.pathID()
        let userID = try context.requireUser()
        guard let layer = try await services.layers(userID).fetchLayer(id: id),
            let level = try await services.permissions(userID).level(onLayer: id)
        else { throw APIError.notFound }
        guard level.canShare else { throw PermissionError.cannotShare }
        return JSONResponse(Page(items: layer.permissions))
    }

    @Sendable func grantOnLayer(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Permission>
    {
        let id: LayerID = try context.pathID()
        let body = try await request.decodeJSON(GrantRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        guard try await services.layers(userID).fetchLayer(id: id) != nil else { throw APIError.notFound }
        try await requireUser(body.userID)
        let grant = try await services.permissions(userID).grantPermission(
            to: body.userID, level: body.level, forLayer: id, expiresAt: body.expiresAt)
        return JSONResponse(grant, status: .created)
    }

    @Sendable func revokeOnLayer(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: LayerID = try context.pathID()
        let grantee: UserID = try context.pathID("userID")
        try await services.permissions(context.requireUser()).revokePermission(from: grantee, forLayer: id)
        return .noContent
    }

    @Sendable func annotationGrants(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<Permission>>
    {
        let id: AnnotationID = try context.pathID()
        let userID = try context.requireUser()
        guard let annotation = try await services.annotations(userID).fetchAnnotation(id: id) else {
            throw APIError.notFound
        }
        guard try await services.permissions(userID).canShare(annotation) else { throw PermissionError.cannotShare }
        return JSONResponse(Page(items: annotation.permissions))
    }

    @Sendable func grantOnAnnotation(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Permission>
    {
        let id: AnnotationID = try context.pathID()
        let body = try await request.decodeJSON(GrantRequest.self, limit: context.maxBodyBytes)
        guard let level = body.level else { throw ValidationError(field: "level", reason: .required) }
        let userID = try context.requireUser()
        guard try await services.annotations(userID).fetchAnnotation(id: id) != nil else { throw APIError.notFound }
        try await requireUser(body.userID)
        let grant = try await services.permissions(userID).grantPermission(
            to: body.userID, level: level, for: id, expiresAt: body.expiresAt)
        return JSONResponse(grant, status: .created)
    }

    @Sendable func revokeOnAnnotation(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: AnnotationID = try context.pathID()
        let grantee: UserID = try context.pathID("userID")
        try await services.permissions(context.requireUser()).revokePermission(from: grantee, for: id)
        return .noContent
    }

    /// A grant names an existing user; anything else is a field error, not a dangling row.
    private func requireUser(_ id: UserID) async throws {
        // Store, not a service: whether any user has this ID; the user service reads only the user it acts for.
        guard try await services.store.user(id: id) != nil else {
            throw ValidationError(field: "userID", reason: .notAllowed(detail: "no such user"))
        }
    }
}
