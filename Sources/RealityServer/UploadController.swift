import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/api/v1/uploads…` (issue 19): resumable uploads for large files. `POST` announces the size
/// (refused past the asset limit or the storage left), `PATCH ?offset=N` appends a part at the
/// upload's offset (409 with where it stands when `N` is not), `GET` says how much arrived, and
/// the part that completes the file makes the asset as a one-shot upload would.
struct UploadController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let files: AssetFiles
    /// The largest asset, bytes.
    let maxAssetBytes: Int

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.createUpload, use: create)
        router.on(.upload, use: status)
        router.on(.appendUpload, use: append)
        router.on(.deleteUpload, use: delete)
    }

    @Sendable func create(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<UploadStatus> {
        let userID = try context.requireUser()
        let body = try await request.decodeJSON(CreateUploadRequest.self, limit: context.maxBodyBytes)
        guard body.size > 0 else { throw ValidationError(field: "size", reason: .required) }
        guard body.size <= Int64(maxAssetBytes) else { throw APIError.payloadTooLarge }
        let usage = try await services.users(userID).getUsageStats()
        if usage.storageUsed + body.size > usage.limits.maxStorage {
            let tier = try await services.users(userID).getCurrentUser().subscriptionTier
            throw TierLimitError.storageQuotaExceeded(
                limitBytes: usage.limits.maxStorage, usedBytes: usage.storageUsed, tier: tier)
        }
        return JSONResponse(try files.uploads.create(owner: userID, size: body.size), status: .created)
    }

    @Sendable func status(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<UploadStatus> {
        let userID = try context.requireUser()
        let id = try context.pathID(as: UploadID.self)
        guard let status = try files.uploads.status(owner: userID, id: id) else { throw APIError.notFound }
        return JSONResponse(status)
    }

    @Sendable func append(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<UploadStatus> {
        let userID = try context.requireUser()
        let id = try context.pathID(as: UploadID.self)
        guard let text = request.uri.queryParameters.get(APIRoute.QueryParameter.offset.name), let offset = Int64(text),
            offset >= 0
        else { throw ValidationError(field: "offset", reason: .invalidFormat(expected: "the upload's offset")) }
        let appended: ResumableUploads.Appended?
        do {
            appended = try await files.uploads.append(owner: userID, id: id, offset: offset, request.body)
        } catch is BlobTooLarge {
            throw APIError.payloadTooLarge
        } catch is UploadStalled {
            throw APIError(
                .requestTimeout, code: "upload_stalled",
                message:
                    "The part sent nothing for a while; what arrived is kept. Ask where the upload stands and go on.")
        }
        switch appended {
        case nil:
            throw APIError.notFound
        case .wrongOffset(let status):
            throw APIError(
                .conflict, code: "wrong_offset", message: "The upload is at byte \(status.offset), not \(offset).",
                field: "offset")
        case .busy:
            throw APIError(
                .conflict, code: "upload_busy", message: "Another part of this upload is still arriving; try again.")
        case .partial(let status):
            return JSONResponse(status)
        case .complete(var status, let staged):
            let assets = services.assets(userID)
            try await files.keep(staged) {
                try await assets.storeAsset(
                    sha256: staged.sha256, contentType: staged.contentType, byteCount: staged.byteCount)
            }
            files.jobs.raise()
            status.asset = AssetResponse(
                id: staged.sha256, sha256: staged.sha256, size: staged.byteCount, contentType: staged.contentType)
            return JSONResponse(status)
        }
    }

    @Sendable func delete(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser()
        let id = try context.pathID(as: UploadID.self)
        guard await files.uploads.remove(owner: userID, id: id) else { throw APIError.notFound }
        return Response(status: .noContent)
    }
}
