import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/api/v1/layers…` (SPEC S2).
struct LayerController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.layers, use: list)
        router.on(.createLayer, use: create)
        router.on(.layer, use: show)
        router.on(.updateLayer, use: patch)
        router.on(.deleteLayer, use: delete)
    }

    @Sendable func list(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Layer>> {
        let page = try PageRequest(context.query(of: request))
        let layers = try await services.layers(context.requireUser()).fetchLayers()
            .sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
        let (items, next) = try OffsetCursor.page(layers, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func create(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Layer> {
        let body = try await request.decodeJSON(CreateLayerRequest.self, limit: context.maxBodyBytes)
        var layer = try await services.layers(context.requireUser()).createLayer(
            name: body.name, icon: body.icon ?? Layer.defaultIcon, color: body.color ?? .blue,
            parentLayerID: body.parentLayerID)
        layer.myPermission = .owner  // its creator owns it
        return JSONResponse(layer, status: .created)
    }

    @Sendable func show(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Layer> {
        let id: LayerID = try context.pathID()
        guard let layer = try await services.layers(context.requireUser()).fetchLayer(id: id) else {
            throw APIError.notFound
        }
        return JSONResponse(layer)
    }

    @Sendable func patch(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Layer> {
        let id: LayerID = try context.pathID()
        let body = try await request.decodeJSON(LayerPatch.self, limit: context.maxBodyBytes)
        let layers = services.layers(try context.requireUser())
        guard let layer = try await layers.fetchLayer(id: id) else { throw APIError.notFound }
        try await layers.updateLayer(body.applied(to: layer))
        guard let updated = try await layers.fetchLayer(id: id) else { throw APIError.notFound }
        return JSONResponse(updated)
    }

    @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: LayerID = try context.pathID()
        try await services.layers(context.requireUser()).deleteLayer(id: id)
        return .noContent
    }
}
