import RealityCore

extension APIRoute {
    /// `POST /api/v1/assets`: raw bytes, held to the asset limit.
    public static let uploadAsset = APIRoute(
        .post, "/api/v1/assets", summary: "Upload bytes (size limit, storage quota)", tag: "assets",
        bodyLimit: .asset, body: .raw, status: 201, answer: .json(AssetResponse.self))
    /// `GET /api/v1/assets/{id}`: `{id}` is the SHA-256 in hex.
    public static let asset = APIRoute(
        .get, "/api/v1/assets/{id}", summary: "Download an asset by its SHA-256 (ranges, ETag)", tag: "assets",
        answer: .raw, textParameters: ["id"])
    /// `DELETE /api/v1/assets/{id}`: removes the caller's reference; the bytes go with the last.
    public static let deleteAsset = APIRoute(
        .delete, "/api/v1/assets/{id}", summary: "Remove your reference to an asset (not while your records use it)",
        tag: "assets", status: 204, answer: .empty, textParameters: ["id"])
    /// `GET /api/v1/worldmaps`.
    public static let worldMaps = APIRoute(
        .get, "/api/v1/worldmaps", summary: "World maps owned or shared", tag: "worldmaps",
        query: QueryParameter.paging, answer: .page(WorldMap.self))
    /// `POST /api/v1/worldmaps`.
    public static let createWorldMap = APIRoute(
        .post, "/api/v1/worldmaps", summary: "Save a world map", tag: "worldmaps",
        body: .json(CreateWorldMapRequest.self), status: 201, answer: .json(WorldMap.self))
    /// `GET /api/v1/worldmaps/{id}`.
    public static let worldMap = APIRoute(
        .get, "/api/v1/worldmaps/{id}", summary: "One world map", tag: "worldmaps", answer: .json(WorldMap.self))
    /// `DELETE /api/v1/worldmaps/{id}`.
    public static let deleteWorldMap = APIRoute(
        .delete, "/api/v1/worldmaps/{id}", summary: "Delete a world map (owner)", tag: "worldmaps", status: 204,
        answer: .empty)

    static let assetAndMapRoutes = [
        uploadAsset, asset, deleteAsset, worldMaps, createWorldMap, worldMap, deleteWorldMap,
    ]
}
