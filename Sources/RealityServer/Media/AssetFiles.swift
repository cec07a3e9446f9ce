import Foundation
import Logging
import RealityCore

/// The blob store and the rows that say who holds each blob, kept in step (issue 19): a row is
/// written only once its blob is published, and a blob is removed only once its row is gone,
/// each under the blob's lock, so that publishing and collecting the same bytes never interleave.
struct AssetFiles: Sendable {
    /// Where the bytes are.
    let blobs: any BlobStore
    /// Who holds what.
    let store: any AssetRepository
    /// One lock per SHA-256, shared by every request of this server.
    let locks = KeyedLock<String>()
    /// Uploads that arrive in parts.
    let uploads: ResumableUploads
    /// Wakes this server's job runner when an upload queued a job (its renditions).
    let jobs = JobSignal()
    /// Where scratch files go (a video's poster frame on its way to libvips): the disk store's
    /// staging area, private to the server.
    let scratch: URL

    /// The files of a server configured by `configuration` (its ``ServerConfiguration/assetStore``)
    /// over `store`.
    init(_ configuration: ServerConfiguration, store: any AssetRepository) {
        let disk = DiskBlobStore(directory: configuration.assetsDirectory)
        switch configuration.assetStore {
        case .dataDirectory: self.blobs = disk
        case .s3(let location): self.blobs = S3BlobStore(location: location, staging: disk)
        }
        self.store = store
        self.uploads = ResumableUploads(assets: configuration.assetsDirectory)
        self.scratch = configuration.assetsDirectory.appendingPathComponent("staging")
    }

    /// Publishes `staged` and runs `record` (which writes its row); when `record` throws and no
    /// row names the blob, the blob goes again, and the error is rethrown.
    func keep(_ staged: StagedBlob, record: () async throws -> Void) async throws {
        try await locks.withLock(staged.sha256) {
            if try await blobs.size(of: staged.sha256) == nil {
                try await blobs.publish(staged)
            } else {
                await blobs.discard(staged)
            }
            do {
                try await record()
            } catch {
                if try await !store.isBlobNamed(staged.sha256) { try await blobs.remove(staged.sha256) }
                throw error
            }
        }
    }

    /// Runs `release` (which removes a reference and answers whether it was the last) and removes
    /// the blob when it was.
    func release(_ sha256: String, _ release: () async throws -> Bool) async throws {
        var renditions: [String] = []
        for kind in RenditionKind.allCases {
            if let rendition = try await store.rendition(of: sha256, kind: kind) {
                renditions.append(rendition.blobSHA256)
            }
        }
        let collected = try await locks.withLock(sha256) {
            guard try await release() else { return false }
            try await blobs.remove(sha256)
            return true
        }
        // The renditions' rows went with the asset's; their blobs go unless another row names them.
        guard collected else { return }
        for blob in renditions { try await removeUnnamed(blob) }
    }

    /// Removes the blob `sha256` unless a row names it.
    private func removeUnnamed(_ sha256: String) async throws {
        try await locks.withLock(sha256) {
            if try await !store.isBlobNamed(sha256) { try await blobs.remove(sha256) }
        }
    }

    /// Copies the bytes the database still keeps (uploads from before the blob store) into the
    /// blob store and clears them from the database, in batches; answers how many moved.
    @discardableResult
    func moveInlineBlobs(logger: Logger) async throws -> Int {
        var moved = 0
        var progressed = true
        while progressed {
            progressed = false
            for asset in try await store.inlineAssets(limit: 16) {
                let done = try await locks.withLock(asset.sha256) {
                    if try await blobs.size(of: asset.sha256) == nil {
                        guard let staged = try await blobs.stage(asset.data, expecting: asset.sha256) else {
                            logger.error(
                                "assets: the database's bytes of \(asset.sha256) do not hash to it; kept there")
                            return false
                        }
                        try await blobs.publish(staged)
                    }
                    try await store.clearInlineAsset(sha256: asset.sha256)
                    return true
                }
                if done {
                    moved += 1
                    progressed = true
                }
            }
        }
        if moved > 0 { logger.info("assets: moved \(moved) assets out of the database into the blob store") }
        return moved
    }

    /// Removes blobs that no row names and that are older than `before` (a crash between publishing
    /// and writing the row, or rows deleted with an account); answers how many went.
    @discardableResult
    func collectOrphans(before date: Date) async throws -> Int {
        var removed = 0
        for sha256 in try await blobs.published(before: date) {
            try await locks.withLock(sha256) {
                if try await !store.isBlobNamed(sha256) {
                    try await blobs.remove(sha256)
                    removed += 1
                }
            }
        }
        return removed
    }
}
