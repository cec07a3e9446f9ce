import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RealityAPI
import RealityCore

/// `/api/v1/assets…` (SPEC D5, issue 19): uploads addressed by their SHA-256, streamed to the
/// blob store and typed by their bytes; downloads streamed from it, with ranges and validators,
/// to their owner and to whoever may see a record that names them; and deletes of the caller's
/// reference.
struct AssetController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let files: AssetFiles

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.uploadAsset, use: upload)
        router.on(.asset, use: download)
        router.on(.assetInfo, use: info)
        router.on(.assetThumbnail) { try await rendition(.thumbnail, $0, $1) }
        router.on(.assetPreview) { try await rendition(.preview, $0, $1) }
        router.on(.deleteAsset, use: delete)
    }

    /// Streams the body to the blob store, hashing and sniffing it on the way, then records the
    /// caller's reference with the size and type the bytes show; 413 past the route's limit
    /// (``ServerConfiguration/maxAssetBytes``), 403 over the quota, 400 when empty.
    @Sendable func upload(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AssetResponse> {
        let userID = try context.requireUser()
        let staged: StagedBlob
        do {
            staged = try await files.blobs.stage(request.body, limit: context.maxBodyBytes)
        } catch is BlobTooLarge {
            throw APIError.payloadTooLarge
        }
        let assets = services.assets(userID)
        try await files.keep(staged) {
            try await assets.storeAsset(
                sha256: staged.sha256, contentType: staged.contentType, byteCount: staged.byteCount)
        }
        files.jobs.raise()
        return JSONResponse(
            AssetResponse(
                id: staged.sha256, sha256: staged.sha256, size: staged.byteCount, contentType: staged.contentType),
            status: .created)
    }

    /// The bytes, whole (200), a range of them (206, one range of `bytes=`; several are answered
    /// whole), or 416 for a range past the end; 304 when `If-None-Match` names the asset's ETag.
    @Sendable func download(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let asset = try await services.assets(userID).asset(sha256: id)
        return try await files.response(blob: asset.sha256, contentType: asset.contentType, for: request)
    }

    /// What the server knows of the asset, to whoever may read it.
    @Sendable func info(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AssetInfo> {
        let userID = try context.requireUser()
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let asset = try await services.assets(userID).asset(sha256: id)
        // Whether the job is still to run is read first: once it is not, the facts and renditions
        // read after are the job's whole result, never a part of it.
        let pending = try await services.store.isJobQueued(.mediaRenditions, subject: asset.sha256)
        let settled = try await files.store.asset(sha256: asset.sha256) ?? asset
        var renditions: [RenditionKind] = []
        for kind in RenditionKind.allCases where try await files.store.rendition(of: asset.sha256, kind: kind) != nil {
            renditions.append(kind)
        }
        let facts = settled.facts
        return JSONResponse(
            AssetInfo(
                sha256: asset.sha256, size: asset.byteCount, contentType: asset.contentType,
                uploadedAt: asset.uploadedAt, width: facts.width, height: facts.height,
                durationSeconds: facts.durationSeconds, renditions: renditions, pending: pending))
    }

    /// An asset's rendition, to whoever may read the asset, served as the asset is; 404
    /// `rendition_pending` while its job has yet to make it, 404 `not_found` for media that has none.
    func rendition(_ kind: RenditionKind, _ request: Request, _ context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let asset = try await services.assets(userID).asset(sha256: id)
        // The job's state first, as in ``info(_:context:)``: a job that ends between the two reads
        // then shows as pending, never as a rendition that does not exist.
        let pending = try await services.store.isJobQueued(.mediaRenditions, subject: asset.sha256)
        return try await files.rendition(kind, of: asset.sha256, pending: pending, for: request)
    }

    /// Removes the caller's reference (204); the bytes go with the last one, and the caller's
    /// storage use goes down by their size. 409 while a live annotation or world map of theirs
    /// names the asset, 404 when they hold none.
    @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let assets = services.assets(userID)
        try await files.release(id) { try await assets.deleteAsset(sha256: id) }
        return Response(status: .noContent)
    }
}
