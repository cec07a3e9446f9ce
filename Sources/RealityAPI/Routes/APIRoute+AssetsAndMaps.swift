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
    /// `GET /api/v1/assets/{id}/info`: size, type, media facts and renditions.
    public static let assetInfo = APIRoute(
        .get, "/api/v1/assets/{id}/info",
        summary: "What the server read from an asset (size, type, dimensions, duration, renditions)", tag: "assets",
        answer: .json(AssetInfo.self), textParameters: ["id"])
    /// `GET /api/v1/assets/{id}/thumbnail`: the asset's square thumbnail (images, video posters).
    public static let assetThumbnail = APIRoute(
        .get, "/api/v1/assets/{id}/thumbnail",
        summary: "An image's or video's square thumbnail (404 rendition_pending while it is made)", tag: "assets",
        answer: .raw, textParameters: ["id"])
    /// `GET /api/v1/assets/{id}/preview`: the asset's screen-sized preview.
    public static let assetPreview = APIRoute(
        .get, "/api/v1/assets/{id}/preview",
        summary: "An image's or video's screen-sized preview (404 rendition_pending while it is made)",
        tag: "assets", answer: .raw, textParameters: ["id"])
    /// `DELETE /api/v1/assets/{id}`: removes the caller's reference; the bytes go with the last.
    public static let deleteAsset = APIRoute(
        .delete, "/api/v1/assets/{id}", summary: "Remove your reference to an asset (not while your records use it)",
        tag: "assets", status: 204, answer: .empty, textParameters: ["id"])
    /// `POST /api/v1/uploads`: starts a resumable upload of `size` bytes.
    public static let createUpload = APIRoute(
        .post, "/api/v1/uploads", summary: "Start a resumable upload (its size, within the limit and quota)",
        tag: "assets", body: .json(CreateUploadRequest.self), status: 201, answer: .json(UploadStatus.self))
    /// `GET /api/v1/uploads/{id}`: how much of an upload the server has.
    public static let upload = APIRoute(
        .get, "/api/v1/uploads/{id}", summary: "How much of a resumable upload arrived", tag: "assets",
        answer: .json(UploadStatus.self))
    /// `PATCH /api/v1/uploads/{id}?offset=N`: appends raw bytes at the upload's offset; the part
    /// that completes it makes the asset.
    public static let appendUpload = APIRoute(
        .patch, "/api/v1/uploads/{id}", summary: "Send the next part of a resumable upload", tag: "assets",
        bodyLimit: .asset, query: [.offset], body: .raw, answer: .json(UploadStatus.self))
    /// `DELETE /api/v1/uploads/{id}`: abandons an upload.
    public static let deleteUpload = APIRoute(
        .delete, "/api/v1/uploads/{id}", summary: "Abandon a resumable upload", tag: "assets", status: 204,
        answer: .empty)
    /// `GET /api/v1/worldmaps`.
    public static let worldMaps = APIRoute(
        .get, "/api/v1/worldmaps", summary: "World maps owned or shared", tag: "worldmaps",
        query: QueryParameter.paging, answer: .page(WorldMap.self))
    /// `POST /api/v1/worldmaps`.
    public static let createWorldMap = APIRoute(
        .post, "/api/v1/worldmaps", summary: "Save a world map", tag: "worldmaps",
        body: .json(CreateWorldMapRequest.self), status: 201, answer: .json(WorldMap.self))
    /// `GET /api/v1/worldmaps/current`.
    public static let currentWorldMap = APIRoute(
        .get, "/api/v1/worldmaps/current", summary: "The world map this session (device) is relocalised in",
        tag: "worldmaps", answer: .json(WorldMap.self))
    /// `PUT /api/v1/worldmaps/current`.
    public static let setCurrentWorldMap = APIRoute(
        .put, "/api/v1/worldmaps/current",
        summary: "Relocalise this session (device) in a world map: new annotations anchor to it", tag: "worldmaps",
        body: .json(CurrentWorldMapRequest.self), answer: .json(WorldMap.self))
    /// `DELETE /api/v1/worldmaps/current`.
    public static let clearCurrentWorldMap = APIRoute(
        .delete, "/api/v1/worldmaps/current", summary: "Leave the current world map", tag: "worldmaps", status: 204,
        answer: .empty)
    /// `GET /api/v1/worldmaps/{id}`.
    public static let worldMap = APIRoute(
        .get, "/api/v1/worldmaps/{id}", summary: "One world map", tag: "worldmaps", answer: .json(WorldMap.self))
    /// `PUT /api/v1/worldmaps/{id}`.
    public static let updateWorldMap = APIRoute(
        .put, "/api/v1/worldmaps/{id}", summary: "Change a world map (owner): bytes, anchors, name, sharing",
        tag: "worldmaps", body: .json(CreateWorldMapRequest.self), answer: .json(WorldMap.self))
    /// `POST /api/v1/worldmaps/{id}/relocalize`.
    public static let relocalize = APIRoute(
        .post, "/api/v1/worldmaps/{id}/relocalize",
        summary: "Re-resolve the anchors of your annotations against a world map (after a merge)", tag: "worldmaps",
        answer: .json(RelocalizeReport.self))
    /// `DELETE /api/v1/worldmaps/{id}`.
    public static let deleteWorldMap = APIRoute(
        .delete, "/api/v1/worldmaps/{id}", summary: "Delete a world map (owner)", tag: "worldmaps", status: 204,
        answer: .empty)

    static let assetAndMapRoutes = [
        uploadAsset, asset, assetInfo, assetThumbnail, assetPreview, deleteAsset, createUpload, upload, appendUpload,
        deleteUpload, worldMaps, createWorldMap, currentWorldMap, setCurrentWorldMap, clearCurrentWorldMap,
        worldMap, updateWorldMap, relocalize, deleteWorldMap,
    ]
}
