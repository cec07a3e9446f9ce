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
        guard let size = try await files.blobs.size(of: asset.sha256), size > 0 else { throw APIError.notFound }
        let eTag = "\"\(asset.sha256)\""
        var headers: HTTPFields = [
            .eTag: eTag,
            .cacheControl: "private, max-age=31536000, immutable",
            .acceptRanges: "bytes",
        ]
        if let match = request.headers[.ifNoneMatch], Self.matches(match, eTag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        var range = ByteRange(header: request.headers[.range], size: size)
        if let ifRange = request.headers[.ifRange], ifRange != eTag { range = .whole }
        switch range {
        case .whole:
            return Response(
                status: .ok, headers: headers, body: files.blobs.body(of: asset.sha256, range: 0...(size - 1)))
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            return Response(
                status: .partialContent, headers: headers, body: files.blobs.body(of: asset.sha256, range: part))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
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

    /// Whether an `If-None-Match` value names `eTag` (or is `*`).
    private static func matches(_ field: String, _ eTag: String) -> Bool {
        field.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == "*" || value == eTag || value == "W/" + eTag
        }
    }
}
