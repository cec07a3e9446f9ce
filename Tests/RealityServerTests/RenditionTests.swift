import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// Thumbnails, previews and media facts (issue 19): made by the server's durable job after an
/// upload, with libvips and ffmpeg, and served to whoever may read the asset.
@Suite("Renditions")
struct RenditionTests {
    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func photoVideoAndAudio_getRenditionsAndFacts_withoutTheirMetadata(
        _ backend: Backend, _ blobs: BlobBackend
    ) async throws {
        // Stored 400×200 with EXIF orientation 6 (turn right): upright it is 200×400. And a place.
        let photo = try GeneratedMedia.jpeg(width: 400, height: 200, orientation: 6, location: true)
        let video = try GeneratedMedia.mp4(seconds: 2, width: 320, height: 240)
        let memo = try GeneratedMedia.m4a(seconds: 3)
        try await TestServer.run(backend, blobs: blobs) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let photoID = try await api.upload(photo, token: a.token).decode(AssetResponse.self).id
            let videoID = try await api.upload(video, token: a.token).decode(AssetResponse.self).id
            let memoID = try await api.upload(memo, token: a.token).decode(AssetResponse.self).id
            let modelID = try await api.upload(MediaSamples.header("glb"), token: a.token).decode(AssetResponse.self).id

            let photoInfo = try await api.settledInfo(photoID, token: a.token)
            #expect(photoInfo.width == 200 && photoInfo.height == 400)
            #expect(photoInfo.renditions == [.thumbnail, .preview])
            let thumbnail = try await api.send(.get, "/api/v1/assets/\(photoID)/thumbnail", token: a.token)
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/webp")
            #expect(try GeneratedMedia.size(of: thumbnail.body) == (256, 256))
            let preview = try await api.send(.get, "/api/v1/assets/\(photoID)/preview", token: a.token)
            // Upright, and never enlarged.
            #expect(try GeneratedMedia.size(of: preview.body) == (200, 400))
            // The photo says where it was taken; what others are shown says nothing of it (libvips
            // 8.14 writes a fresh EXIF block into WebP: resolution and size, no more).
            #expect(try GeneratedMedia.metadata(of: photo).contains("GPSLatitude"))
            for rendition in [thumbnail.body, preview.body] {
                let fields = try GeneratedMedia.metadata(of: rendition)
                #expect(!fields.contains("GPS") && !fields.contains("Right-top"), "\(fields)")
            }
            // The original keeps what its owner uploaded.
            #expect(try await api.send(.get, "/api/v1/assets/\(photoID)", token: a.token).body == photo)
            let eTag = try #require(thumbnail.headers[.eTag])
            let cached = try await api.send(
                .get, "/api/v1/assets/\(photoID)/thumbnail", token: a.token, headers: [.ifNoneMatch: eTag])
            #expect(cached.status == .notModified)

            let videoInfo = try await api.settledInfo(videoID, token: a.token)
            #expect(videoInfo.width == 320 && videoInfo.height == 240)
            #expect(abs((videoInfo.durationSeconds ?? 0) - 2) < 0.2)
            let poster = try await api.send(.get, "/api/v1/assets/\(videoID)/preview", token: a.token)
            #expect(poster.status == .ok)
            #expect(try GeneratedMedia.size(of: poster.body) == (320, 240))

            let memoInfo = try await api.settledInfo(memoID, token: a.token)
            #expect(abs((memoInfo.durationSeconds ?? 0) - 3) < 0.2 && memoInfo.renditions.isEmpty)
            let none = try await api.send(.get, "/api/v1/assets/\(memoID)/thumbnail", token: a.token)
            #expect(none.status == .notFound && none.errorCode == "not_found")
            let model = try await api.settledInfo(modelID, token: a.token)
            #expect(model.renditions.isEmpty && model.durationSeconds == nil)

            // Bob can see none of it: the same 404 as for an asset that does not exist.
            for path in ["info", "thumbnail", "preview"] {
                let result = try await api.send(.get, "/api/v1/assets/\(photoID)/\(path)", token: b.token)
                #expect(result.status == .notFound && result.errorCode == "not_found", "\(path)")
            }
            #expect(
                try await api.store.jobCounts() == JobCounts(queued: 1, failed: 0), "only the retention sweep waits")
        }
    }

    @Test(arguments: Backend.allCases)
    func brokenAndOversizedImages_failTheirJobForGood_andHaveNoRenditions(_ backend: Backend) async throws {
        let photo = try GeneratedMedia.jpeg(width: 64, height: 48)
        let truncated = photo.prefix(photo.count / 3)
        // A header claiming 60,000×60,000 pixels: refused before anything is decoded.
        let bomb = GeneratedMedia.claimingSize(photo, width: 60_000, height: 60_000)
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            for bytes in [truncated, bomb] {
                let id = try await api.upload(bytes, token: a.token).decode(AssetResponse.self).id
                let info = try await api.settledInfo(id, token: a.token)
                #expect(info.renditions.isEmpty && info.width == nil)
                let thumbnail = try await api.send(.get, "/api/v1/assets/\(id)/thumbnail", token: a.token)
                #expect(thumbnail.status == .notFound && thumbnail.errorCode == "not_found")
            }
            #expect(
                try await api.store.jobCounts() == JobCounts(queued: 1, failed: 2), "only the retention sweep waits")
            // Operators see them in /metrics, with the runs that ended so.
            let exposition = String(decoding: try await api.send(.get, "/metrics").body, as: UTF8.self)
            #expect(OperationsTests.value(of: "jobs_failed", in: exposition) == 2)
            #expect(OperationsTests.value(of: "jobs_queued", in: exposition) == 1)
            #expect(
                OperationsTests.value(
                    of: #"jobs_runs_total{kind="media.renditions",outcome="failed"}"#, in: exposition) == 2,
                "\(exposition)")
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingTheLastReference_removesTheRenditionsToo(_ backend: Backend) async throws {
        let photo = try GeneratedMedia.jpeg(width: 300, height: 300)
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let id = try await api.upload(photo, token: a.token).decode(AssetResponse.self).id
            _ = try await api.settledInfo(id, token: a.token)
            let blobs = try await RenditionKind.allCases.asyncMap {
                try #require(try await api.store.rendition(of: id, kind: $0)).blobSHA256
            }
            for blob in blobs { #expect(try await api.store.isBlobNamed(blob)) }
            #expect(try await api.send(.delete, "/api/v1/assets/\(id)", token: a.token).status == .noContent)
            for blob in blobs { #expect(try await !api.store.isBlobNamed(blob)) }
            #expect(try await api.store.rendition(of: id, kind: .thumbnail) == nil)
            #expect(try await api.send(.get, "/api/v1/assets/\(id)/thumbnail", token: a.token).status == .notFound)
        }
    }

    @Test(arguments: Backend.allCases)
    func attachments_carryTheSizeTypeAndUploadDateTheServerRecorded(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let layer = try await api.createLayer(a)
            let id = try await api.upload(MediaSamples.png, token: a.token).decode(AssetResponse.self).id
            let claimed =
                #"[{"id":"\#(UUID())","fileName":"a.png","fileType":"text/plain","fileSize":1,"cloudAssetID":"\#(id)","uploadedAt":"2001-01-01T00:00:00Z"}]"#
            let created = try await api.send(
                .post, "/api/v1/annotations", token: a.token,
                raw:
                    #"{"type":"text","content":{"text":"x"},"attachments":\#(claimed),"position":[0,0,0],"layerID":"\#(layer.id)"}"#
            )
            #expect(created.status == .created)
            let attachment = try #require(try created.decode(Annotation.self).attachments.first)
            #expect(attachment.fileSize == Int64(MediaSamples.png.count))
            #expect(attachment.fileType == "image/png")
            #expect((attachment.uploadedAt ?? .distantPast) > Date(timeIntervalSince1970: 1_000_000_000))
        }
    }
}

extension APIClient {
    /// The asset's info once its job has run (at most a minute).
    func settledInfo(_ id: String, token: String) async throws -> AssetInfo {
        for _ in 0..<600 {
            let info = try await send(.get, "/api/v1/assets/\(id)/info", token: token).decode(AssetInfo.self)
            if !info.pending { return info }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw TestFailure("the job for \(id) did not run within a minute")
    }
}

extension Sequence {
    /// The elements transformed in order by an async function.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

extension RenditionTests {
    /// Real files of every image, audio and video format the server reads, written by libvips and
    /// ffmpeg: each comes back byte for byte with the type its bytes show, images and videos get
    /// a thumbnail, audio and video a duration.
    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func everyFormat_roundTrips_withItsType_andItsRenditionsOrDuration(
        _ backend: Backend, _ blobs: BlobBackend
    ) async throws {
        var files: [(name: String, bytes: Data, type: String, thumbnail: Bool, duration: Bool)] = []
        for (format, type) in [
            ("jpg", "image/jpeg"), ("png", "image/png"), ("webp", "image/webp"), ("gif", "image/gif"),
            ("heic", "image/heic"),
        ] {
            files.append((format, try GeneratedMedia.image(format, width: 320, height: 200), type, true, false))
        }
        for (format, type) in [("m4a", "audio/mp4"), ("mp3", "audio/mpeg"), ("wav", "audio/wav"), ("ogg", "audio/ogg")]
        {
            files.append((format, try GeneratedMedia.recording(format, seconds: 1), type, false, true))
        }
        for (format, type) in [("mp4", "video/mp4"), ("mov", "video/quicktime")] {
            files.append((format, try GeneratedMedia.recording(format, seconds: 1, video: true), type, true, true))
        }
        let sample = files
        try await TestServer.run(backend, blobs: blobs) { api in
            let a = try await api.register("Alice")
            for file in sample {
                let uploaded = try await api.upload(file.bytes, token: a.token, contentType: "text/plain")
                let asset = try uploaded.decode(AssetResponse.self)
                #expect(asset.contentType == file.type, "\(file.name)")
                let download = try await api.send(.get, "/api/v1/assets/\(asset.id)", token: a.token)
                #expect(download.body == file.bytes && download.headers[.contentType] == file.type, "\(file.name)")
                let info = try await api.settledInfo(asset.id, token: a.token)
                #expect(info.renditions == (file.thumbnail ? [.thumbnail, .preview] : []), "\(file.name)")
                #expect((info.durationSeconds != nil) == file.duration, "\(file.name) \(info)")
                if file.thumbnail {
                    let thumbnail = try await api.send(.get, "/api/v1/assets/\(asset.id)/thumbnail", token: a.token)
                    #expect(try GeneratedMedia.size(of: thumbnail.body) == (256, 256), "\(file.name)")
                }
            }
            #expect(
                try await api.store.jobCounts() == JobCounts(queued: 1, failed: 0), "only the retention sweep waits")
        }
    }
}
