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
                uploaded = try await upload(path, sha256: sha256)
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

    /// Files from this size up go in parts through a resumable upload.
    static var resumableFrom: Int64 { 8 << 20 }

    /// Uploads the file at `path` (asset `sha256`): in one request when small, else in parts of
    /// ``resumableFrom`` bytes through a resumable upload, which picks up where the server's copy
    /// ends after a failure, in this sync or a later one (the upload's ID is kept in the store).
    private func upload(_ path: String, sha256: String) async throws -> AssetResponse {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        guard size >= Self.resumableFrom else {
            return try await retry.run { [transport, transferObserver] in
                try await transport.uploadAsset(path: path, sha256: sha256, observer: transferObserver)
            }
        }
        let key = "media.upload.\(sha256)"
        var status: UploadStatus?
        if let saved = try await store.metadata(key).flatMap(UploadID.init(uuidString:)) {
            status = try? await retry.run { [transport] in try await transport.uploadStatus(saved) }
        }
        if status?.size != size {
            let created = try await retry.run { [transport] in try await transport.createUpload(size: size) }
            try await store.setMetadata(key, to: created.id.uuidString)
            status = created
        }
        guard var current = status else { throw SyncError.network("no upload") }
        var counter = resumedCounter(sha256, size: size, at: current.offset)
        while current.asset == nil {
            let part = current.offset..<min(size, current.offset + Self.resumableFrom)
            let id = current.id
            do {
                current = try await transport.appendUpload(id, from: path, range: part, counter: counter)
            } catch let error as SyncError where error.isTransient || error.isUploadConflict {
                // The connection failed or the server holds another offset: ask where it stands.
                try await Task.sleep(for: .milliseconds(200))
                do {
                    current = try await retry.run { [transport] in try await transport.uploadStatus(id) }
                } catch SyncError.refused(404, _) {
                    // Gone: it completed as the connection failed, or it expired. Begin again
                    // (bytes the server holds already cost nothing twice).
                    current = try await retry.run { [transport] in try await transport.createUpload(size: size) }
                    try await store.setMetadata(key, to: current.id.uuidString)
                }
                counter = resumedCounter(sha256, size: size, at: current.offset)
            }
        }
        try await store.setMetadata(key, to: nil)
        guard let asset = current.asset else { throw SyncError.network("upload ended without an asset") }
        return asset
    }

    /// A progress counter for an upload of `size` bytes that the server holds `offset` of.
    private func resumedCounter(_ sha256: String, size: Int64, at offset: Int64) -> TransferCounter {
        let counter = TransferCounter(sha256: sha256, direction: .upload, total: size, observer: transferObserver)
        counter.add(Int(offset))
        return counter
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

    /// Downloads the server's thumbnails of the images and videos the device knows (whether or
    /// not their bytes came down: a large video left on the server still shows), into the media
    /// directory's `thumbnails`; one the server is still making comes at a later sync. Answers how
    /// many came.
    func downloadThumbnails() async throws -> Int {
        guard let directory = store.mediaDirectory?.appendingPathComponent("thumbnails") else { return 0 }
        var downloaded = 0
        for sha256 in try await store.mediaNeedingThumbnails(limit: Self.downloadsPerSync) {
            let file = directory.appendingPathComponent(sha256 + ".webp")
            let came: Bool
            do {
                came = try await retry.run { [transport] in
                    try await transport.downloadThumbnail(sha256: sha256, to: file)
                }
            } catch SyncError.refused {
                continue
            }
            try await store.setThumbnail(of: sha256, path: came ? file.path : nil)
            if came { downloaded += 1 }
        }
        return downloaded
    }

    /// Files one sync downloads at most; the next sync takes the rest.
    static var downloadsPerSync: Int { 100 }
}

extension SyncError {
    /// The server holds another offset for an upload, or another part is still arriving.
    fileprivate var isUploadConflict: Bool {
        guard case .refused(409, let detail) = self else { return false }
        return detail.code == "wrong_offset" || detail.code == "upload_busy"
    }
}
