import Foundation
import RealityAPI
import RealityCore
import RealityStore

/// Media with sync (issue 19): a media file made on this device goes up before the first
/// mutation that names it, and media the device's annotations name come down after a pull, up
/// to the device's eager limit (larger ones when asked for: `reality media get`).
extension SyncEngine {
    /// Uploads the media files `mutation`'s record names that the server does not hold yet;
    /// answers the rejection to record instead of pushing it when one cannot go (its file gone or
    /// changed, or the server refused it), nil when every file is there. A network failure throws,
    /// so that the push stops and is tried again.
    func uploadMedia(of mutation: OutgoingMutation) async throws -> PushOutcome? {
        guard case .annotation(let annotation)? = mutation.record else { return nil }
        for sha256 in DeviceStore.assetIDs(of: annotation) {
            guard let media = try await store.media(sha256: sha256), !media.isUploaded else { continue }
            let field = annotation.content.cloudAssetID == sha256 ? "content.cloudAssetID" : "attachments"
            guard let path = media.path, FileManager.default.isReadableFile(atPath: path) else {
                return .rejected(
                    code: "media_missing",
                    message:
                        "The media file \(media.path ?? sha256) is no longer on this device, so the annotation cannot "
                        + "be sent: put the file back and run `reality rejections retry`, or discard the change.",
                    field: field)
            }
            let uploaded: AssetResponse
            do {
                uploaded = try await retry.run { [transport, transferObserver] in
                    try await transport.uploadAsset(path: path, sha256: sha256, observer: transferObserver)
                }
            } catch SyncError.refused(_, let detail) {
                return .rejected(code: detail.code, message: detail.message, field: field)
            } catch let error as MediaFileError {
                return .rejected(code: "media_missing", message: "\(error)", field: field)
            }
            guard uploaded.sha256 == sha256 else {
                return .rejected(
                    code: "media_changed",
                    message:
                        "The media file \(path) changed after the annotation was made; discard the change "
                        + "(`reality rejections discard`) and make the annotation again with the file as it is now.",
                    field: field)
            }
            try await store.markMediaUploaded(sha256: sha256)
            mediaUploaded += 1
        }
        return nil
    }

    /// Downloads the media the device's annotations name and it does not have, up to its eager
    /// limit; larger ones are recorded as left on the server. An asset the server will not give
    /// (not uploaded yet, or no longer visible) is tried again at the next sync. Answers how many
    /// files came down.
    func downloadMedia() async throws -> Int {
        guard let directory = store.mediaDirectory else { return 0 }
        let limit = try await store.mediaEagerLimit()
        var downloaded = 0
        for sha256 in try await store.mediaToDownload(limit: Self.downloadsPerSync) {
            let result: SyncTransport.Download
            do {
                result = try await retry.run { [transport, transferObserver] in
                    try await transport.downloadAsset(
                        sha256: sha256, into: directory, maxBytes: limit, observer: transferObserver)
                }
            } catch SyncError.refused {
                continue
            }
            switch result {
            case .stored(let media):
                try await store.registerMedia(media)
                downloaded += 1
            case .left(let media):
                try await store.registerMedia(media)
            }
        }
        return downloaded
    }

    /// Files one sync downloads at most; the next sync takes the rest.
    static var downloadsPerSync: Int { 100 }
}
