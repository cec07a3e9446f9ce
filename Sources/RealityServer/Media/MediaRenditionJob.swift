import Foundation
import RealityCore

/// The job that makes an uploaded asset's renditions and reads its media facts (issue 19,
/// ``JobKind/mediaRenditions``, queued with the asset's row): an image's thumbnail and preview
/// through libvips; a video's poster frame through ffmpeg, rendered the same way, and its size and
/// duration; an audio file's duration. 3D models get nothing. Each rendition is a blob of its own,
/// published under its lock before its row is written, as uploads are.
struct MediaRenditionJob: JobHandler {
    let files: AssetFiles
    var renderer = ImageRenderer()
    var probe = MediaProbe()

    var kind: JobKind { .mediaRenditions }

    func run(_ job: ClaimedJob) async throws {
        guard let asset = try await files.store.asset(sha256: job.subject),
            let format = MediaFormat(mimeType: asset.contentType)
        else { return }
        let sha256 = asset.sha256
        let made: (ImageRenderer.Rendered?, MediaFacts)
        switch format.kind {
        case .image:
            let rendered = try await files.blobs.withLocalFile(sha256) { try await renderer.render($0) }
            made = (rendered, MediaFacts(width: rendered.width, height: rendered.height))
        case .video:
            made = try await files.blobs.withLocalFile(sha256) { path in
                let facts = try await probe.facts(of: path)
                try FileManager.default.createDirectory(
                    at: files.scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                let poster = files.scratch.appendingPathComponent(UUID().uuidString + ".png").path
                defer { try? FileManager.default.removeItem(atPath: poster) }
                try await probe.posterFrame(of: path, to: poster)
                return (try await renderer.render(poster), facts)
            }
        case .audio:
            made = (nil, try await files.blobs.withLocalFile(sha256) { try await probe.facts(of: $0) })
        case .model:
            return
        }
        try await save(made.0, facts: made.1, of: sha256)
    }

    /// Publishes the renditions' blobs and writes their rows with the facts; when the asset went
    /// meanwhile, nothing is recorded and the blobs go again.
    private func save(_ rendered: ImageRenderer.Rendered?, facts: MediaFacts, of sha256: String) async throws {
        var staged: [(StagedBlob, AssetRendition)] = []
        if let rendered {
            for (kind, image) in [(RenditionKind.thumbnail, rendered.thumbnail), (.preview, rendered.preview)] {
                let blob = try await files.blobs.stage(image.data)
                if staged.contains(where: { $0.0.sha256 == blob.sha256 }) { await files.blobs.discard(blob) }
                staged.append(
                    (
                        blob,
                        AssetRendition(
                            sha256: sha256, kind: kind, blobSHA256: blob.sha256, contentType: renderer.contentType,
                            byteCount: blob.byteCount, width: image.width, height: image.height)
                    ))
            }
        }
        do {
            try await keep(staged[...]) {
                guard try await files.store.saveRenditions(staged.map(\.1), facts: facts, of: sha256) else {
                    throw AssetGone()
                }
            }
        } catch is AssetGone {
            return
        }
    }

    /// Publishes each blob of `staged` under its lock, then runs `record` inside all of them.
    private func keep(
        _ staged: ArraySlice<(StagedBlob, AssetRendition)>, record: () async throws -> Void
    ) async throws {
        guard let (blob, _) = staged.first else { return try await record() }
        let rest = staged.dropFirst()
        // Two renditions with the same bytes are one blob, published (and locked) once.
        if rest.contains(where: { $0.0.sha256 == blob.sha256 }) { return try await keep(rest, record: record) }
        try await files.keep(blob) { try await keep(rest, record: record) }
    }

    /// The asset's last reference went while its renditions were made.
    private struct AssetGone: Error {}
}
