import Foundation
import RealityAPI
import RealityCore

/// World maps (issue 20), for `reality worldmap` and `reality relocalize`.
extension SyncTransport {
    /// `POST /api/v1/worldmaps`.
    public func createWorldMap(_ request: CreateWorldMapRequest) async throws -> WorldMap {
        try await send(.createWorldMap, body: request)
    }

    /// `PUT /api/v1/worldmaps/current`: relocalises this session in `id`.
    public func setCurrentWorldMap(_ id: WorldMapID) async throws -> WorldMap {
        try await send(.setCurrentWorldMap, body: CurrentWorldMapRequest(worldMapID: id))
    }

    /// `DELETE /api/v1/worldmaps/current`.
    public func clearCurrentWorldMap() async throws {
        _ = try await raw(.clearCurrentWorldMap, body: nil)
    }

    /// `POST /api/v1/worldmaps/{id}/relocalize`.
    public func relocalize(in id: WorldMapID) async throws -> RelocalizeReport {
        try await send(.relocalize, APIRoute.relocalize.path(id: id))
    }
}
