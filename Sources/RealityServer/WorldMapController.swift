import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/api/v1/worldmaps…` (SPEC S8): the owner and the users it is shared with may read a map;
/// only the owner deletes it; its assets must be the owner's own uploads.
struct WorldMapController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.worldMaps, use: list)
        router.on(.createWorldMap, use: create)
        router.on(.worldMap, use: show)
        router.on(.deleteWorldMap, use: delete)
    }

    @Sendable func list(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<WorldMap>> {
        let page = try PageRequest(context.query(of: request))
        let maps = try await services.anchors(context.requireUser()).worldMaps()
        let (items, next) = try OffsetCursor.page(maps, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func create(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<WorldMap> {
        let body = try await request.decodeJSON(CreateWorldMapRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        let anchors = services.anchors(userID)
        let map = body.worldMap(owner: userID, at: Timestamp.now())
        try map.validate()
        if body.id != nil, try await anchors.worldMap(id: map.id) != nil {
            throw ServiceError.invalidOperation(reason: "A world map with ID \(map.id) already exists.")
        }
        try await anchors.saveWorldMap(map)
        return JSONResponse(map, status: .created)
    }

    @Sendable func show(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<WorldMap> {
        let id: WorldMapID = try context.pathID()
        guard let map = try await services.anchors(context.requireUser()).worldMap(id: id) else {
            throw APIError.notFound
        }
        return JSONResponse(map)
    }

    @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
        let id: WorldMapID = try context.pathID()
        try await services.anchors(context.requireUser()).deleteWorldMap(id: id)
        return .noContent
    }
}
