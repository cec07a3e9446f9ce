import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/api/v1/worldmaps…` (SPEC S8): the owner, the users it is shared with and whoever may see an
/// annotation placed at one of its anchors may read a map;
/// only the owner deletes it; its assets must be the owner's own uploads.
struct WorldMapController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.worldMaps, use: list)
        router.on(.createWorldMap, use: create)
        // Before `worldmaps/{id}`, so that "current" is never read as an ID.
        router.on(.currentWorldMap, use: current)
        router.on(.setCurrentWorldMap, use: setCurrent)
        router.on(.clearCurrentWorldMap, use: clearCurrent)
        router.on(.worldMap, use: show)
        router.on(.updateWorldMap, use: update)
        router.on(.relocalize, use: relocalize)
        router.on(.deleteWorldMap, use: delete)
    }

    @Sendable func current(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<WorldMap> {
        let userID = try context.requireUser()
        guard let tokenHash = context.tokenHash,
            let id = try await services.store.currentWorldMap(ofSession: tokenHash),
            let map = try await services.anchors(userID).worldMap(id: id)
        else { throw APIError.notFound }
        return JSONResponse(map)
    }

    @Sendable func setCurrent(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<WorldMap> {
        let body = try await request.decodeJSON(CurrentWorldMapRequest.self, limit: context.maxBodyBytes)
        let userID = try context.requireUser()
        guard let tokenHash = context.tokenHash,
            let map = try await services.anchors(userID).worldMap(id: body.worldMapID)
        else { throw APIError.notFound }
        try await services.store.setCurrentWorldMap(map.id, ofSession: tokenHash)
        return JSONResponse(map)
    }

    @Sendable func clearCurrent(_ request: Request, context: APIRequestContext) async throws -> Response {
        _ = try context.requireUser()
        guard let tokenHash = context.tokenHash else { throw APIError.unauthorized }
        try await services.store.setCurrentWorldMap(nil, ofSession: tokenHash)
        return .noContent
    }

    @Sendable func update(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<WorldMap> {
        let id: WorldMapID = try context.pathID()
        var body = try await request.decodeJSON(CreateWorldMapRequest.self, limit: context.maxBodyBytes)
        guard body.id == nil || body.id == id else {
            throw APIError.badParameter("id", "id must be the path's, or absent.")
        }
        body.id = id
        let userID = try context.requireUser()
        let anchors = services.anchors(userID)
        try await anchors.updateWorldMap(body.worldMap(owner: userID, at: Timestamp.now()))
        guard let saved = try await anchors.worldMap(id: id) else { throw APIError.notFound }
        return JSONResponse(saved)
    }

    @Sendable func relocalize(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        RelocalizeReport
    > {
        let id: WorldMapID = try context.pathID()
        let updated = try await services.anchors(context.requireUser()).relocalize(in: id)
        return JSONResponse(RelocalizeReport(annotationsUpdated: updated))
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
