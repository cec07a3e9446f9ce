import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RealityAPI
import RealityCore

/// `/api/v1/assets…` (SPEC D5): raw uploads addressed by their SHA-256, read back by their owner
/// and by whoever may see a record that names them.
struct AssetController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.uploadAsset, use: upload)
        router.on(.asset, use: download)
    }

    /// Stores the body under its SHA-256 with the request's `Content-Type`
    /// (`application/octet-stream` when absent); 413 over the route's limit (the asset limit,
    /// ``ServerConfiguration/maxAssetBytes``), 403 over the quota.
    @Sendable func upload(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<AssetResponse> {
        let userID = try context.requireUser()
        let data = try await request.collectBody(upTo: context.maxBodyBytes)
        let contentType = request.headers[.contentType] ?? "application/octet-stream"
        let sha256 = SHA256.hash(data: data).lowercaseHex
        try await services.assets(userID).storeAsset(sha256: sha256, contentType: contentType, data: data)
        return JSONResponse(AssetResponse(id: sha256, sha256: sha256, size: Int64(data.count)), status: .created)
    }

    @Sendable func download(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let asset = try await services.assets(userID).asset(sha256: id)
        return Response(
            status: .ok,
            headers: [
                .contentType: asset.contentType,
                .eTag: "\"\(asset.sha256)\"",
                .cacheControl: "private, max-age=31536000, immutable",
                HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: asset.data)))
    }
}
