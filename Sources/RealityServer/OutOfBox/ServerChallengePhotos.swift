import Foundation
import OutOfBoxCore
import RealityCore

/// Completion photos through the platform's media pipeline: the photo is an asset the person
/// uploaded (`POST /api/v1/assets` or a resumable upload), typed by the server from its bytes; its
/// thumbnail (200×200) and preview come from the pipeline's rendition job (docs/out-of-box.md).
struct ServerChallengePhotos<Store: AssetRepository>: ChallengePhotoCheck {
    let store: Store

    func photo(_ assetID: String, of userID: UUID) async throws -> PhotoMetadata {
        guard ValidationLimits.isAssetID(assetID),
            try await store.ownsAsset(sha256: assetID, owner: UserID(userID)),
            let asset = try await store.asset(sha256: assetID)
        else { throw ChallengeError.invalid(field: "photoAssetID", reason: "is not an asset you uploaded") }
        guard asset.contentType.hasPrefix("image/") else {
            throw ChallengeError.photoSaveFailed("the file is \(asset.contentType), not an image")
        }
        return PhotoMetadata(
            assetID: assetID, contentType: asset.contentType, fileSize: asset.byteCount, width: asset.facts.width,
            height: asset.facts.height, createdAt: asset.uploadedAt)
    }
}
