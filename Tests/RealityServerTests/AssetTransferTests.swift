import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// Asset bytes through the blob store (issue 19): typed by their bytes, streamed with ranges and
/// validators, and deleted with the caller's last reference.
@Suite("Asset transfers")
struct AssetTransferTests {
    @Test(arguments: Backend.allCases, BlobBackend.allCases) func upload_recordsTheTypeTheBytesShow_notTheOneClaimed(
        _ backend: Backend, _ blobs: BlobBackend
    )
        async throws
    {
        try await TestServer.run(backend, blobs: blobs) { api in
            let a = try await api.register("Alice")
            let png = try await api.upload(MediaSamples.png, token: a.token, contentType: "audio/mpeg")
            #expect(png.status == .created)
            let asset = try png.decode(AssetResponse.self)
            #expect(asset.contentType == "image/png" && asset.size == Int64(MediaSamples.png.count))
            let download = try await api.send(.get, "/api/v1/assets/\(asset.id)", token: a.token)
            #expect(download.headers[.contentType] == "image/png")
            #expect(download.headers[.acceptRanges] == "bytes")
            #expect(download.body == MediaSamples.png)

            let mystery = try await api.upload(Data("a world map's archive".utf8), token: a.token)
            #expect(try mystery.decode(AssetResponse.self).contentType == "application/octet-stream")
            let audio = try await api.upload(MediaSamples.header("mp3"), token: a.token, contentType: "image/png")
            #expect(try audio.decode(AssetResponse.self).contentType == "audio/mpeg")
        }
    }

    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func download_answersRanges_validators_andUnsatisfiableRanges(
        _ backend: Backend, _ blobs: BlobBackend
    ) async throws {
        try await TestServer.run(backend, blobs: blobs) { api in
            let a = try await api.register("Alice")
            let bytes = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let id = try await api.upload(bytes, token: a.token).decode(AssetResponse.self).id
            let path = "/api/v1/assets/\(id)"
            func get(_ headers: HTTPFields) async throws -> APIResult {
                try await api.send(.get, path, token: a.token, headers: headers)
            }
            let range = HTTPField.Name("Range")!
            let cases: [(String, HTTPResponse.Status, String?, Range<Int>)] = [
                ("bytes=0-9", .partialContent, "bytes 0-9/1000", 0..<10),
                ("bytes=990-", .partialContent, "bytes 990-999/1000", 990..<1_000),
                ("bytes=-5", .partialContent, "bytes 995-999/1000", 995..<1_000),
                ("bytes=-5000", .partialContent, "bytes 0-999/1000", 0..<1_000),
                ("bytes=500-99999", .partialContent, "bytes 500-999/1000", 500..<1_000),
                ("bytes=999-999", .partialContent, "bytes 999-999/1000", 999..<1_000),
                // Several ranges, a malformed one, another unit: the whole file.
                ("bytes=0-1,5-6", .ok, nil, 0..<1_000),
                ("bytes=9-3", .ok, nil, 0..<1_000),
                ("bytes=x-y", .ok, nil, 0..<1_000),
                ("lines=1-2", .ok, nil, 0..<1_000),
            ]
            for (value, status, contentRange, slice) in cases {
                let result = try await get([range: value])
                #expect(result.status == status, "\(value)")
                #expect(result.headers[.contentRange] == contentRange, "\(value)")
                #expect(result.body == bytes[slice], "\(value)")
                #expect(result.headers[.contentLength] == "\(slice.count)", "\(value)")
            }
            for value in ["bytes=1000-", "bytes=5000-6000", "bytes=-0"] {
                let result = try await get([range: value])
                #expect(result.status == .rangeNotSatisfiable, "\(value)")
                #expect(result.headers[.contentRange] == "bytes */1000", "\(value)")
            }

            let eTag = try #require(try await get([:]).headers[.eTag])
            #expect(eTag == "\"\(id)\"")
            let cached = try await get([.ifNoneMatch: eTag])
            #expect(cached.status == .notModified && cached.body.isEmpty)
            #expect(try await get([.ifNoneMatch: "\"other\", \(eTag)"]).status == .notModified)
            #expect(try await get([.ifNoneMatch: "\"other\""]).status == .ok)
            // A range under an If-Range that no longer matches is answered whole.
            #expect(try await get([range: "bytes=0-9", .ifRange: "\"other\""]).status == .ok)
            #expect(try await get([range: "bytes=0-9", .ifRange: eTag]).status == .partialContent)
        }
    }

    @Test(arguments: Backend.allCases, BlobBackend.allCases) func upload_streamsLargeBodies_andCutsThemOffPastTheLimit(
        _ backend: Backend, _ blobs: BlobBackend
    )
        async throws
    {
        try await TestServer.run(backend, blobs: blobs, { $0.maxAssetBytes = 12 << 20 }) { api in
            let a = try await api.register("Alice")
            var generator = SplitMix64(seed: 19)
            let bytes = Data((0..<(9 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            let asset = try await api.upload(bytes, token: a.token).decode(AssetResponse.self)
            #expect(asset.size == Int64(bytes.count))
            #expect(try await api.send(.get, "/api/v1/assets/\(asset.id)", token: a.token).body == bytes)
            let tooBig = try await api.upload(Data(repeating: 3, count: (12 << 20) + 1), token: a.token)
            #expect(tooBig.status == .contentTooLarge)
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token).decode(UsageStats.self)
            #expect(usage.storageUsed == Int64(bytes.count), "a refused upload stores nothing")
        }
    }

    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func delete_releasesTheCallersReference_refusedWhileTheirRecordsUseIt(
        _ backend: Backend, _ blobs: BlobBackend
    ) async throws {
        try await TestServer.run(backend, blobs: blobs) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let id = try await api.upload(MediaSamples.png, token: a.token).decode(AssetResponse.self).id
            let path = "/api/v1/assets/\(id)"
            let layer = try await api.createLayer(a)
            let photo = try await api.send(
                .post, "/api/v1/annotations", token: a.token,
                raw:
                    #"{"type":"photo","content":{"cloudAssetID":"\#(id)"},"position":[0,0,0],"layerID":"\#(layer.id)"}"#
            )
            #expect(photo.status == .created)
            let annotation = try photo.decode(Annotation.self)

            // Bob holds no reference: nothing to delete, whoever else holds one.
            #expect(try await api.send(.delete, path, token: b.token).status == .notFound)
            #expect(try await api.send(.delete, "/api/v1/assets/nothex", token: a.token).status == .notFound)
            #expect(try await api.send(.delete, path, token: nil).status == .unauthorized)
            let inUse = try await api.send(.delete, path, token: a.token)
            #expect(inUse.status == .conflict && inUse.errorCode == "invalid_operation")
            #expect(try await api.send(.get, path, token: a.token).status == .ok)

            // Bob uploads the same bytes; Alice deletes her annotation and then her reference.
            #expect(try await api.upload(MediaSamples.png, token: b.token).status == .created)
            let deleted = try await api.send(.delete, "/api/v1/annotations/\(annotation.id)", token: a.token)
            #expect(deleted.status == .noContent)
            #expect(try await api.send(.delete, path, token: a.token).status == .noContent)
            #expect(try await api.send(.delete, path, token: a.token).status == .notFound)
            #expect(try await api.send(.get, path, token: a.token).status == .notFound)
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token).decode(UsageStats.self)
            #expect(usage.storageUsed == 0)
            #expect(try await api.send(.get, path, token: b.token).body == MediaSamples.png, "Bob's copy stays")
            #expect(try await api.send(.delete, path, token: b.token).status == .noContent)
            #expect(try await api.send(.get, path, token: b.token).status == .notFound)
            // Uploading the bytes again after they were collected stores them again.
            #expect(try await api.upload(MediaSamples.png, token: b.token).status == .created)
            #expect(try await api.send(.get, path, token: b.token).body == MediaSamples.png)
        }
    }

    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func sameBytesUploadedAtOnceByTwoUsers_areOneBlobCountedForEach(
        _ backend: Backend, _ blobs: BlobBackend
    ) async throws {
        try await TestServer.run(backend, blobs: blobs) { api in
            let users = [try await api.register("Alice"), try await api.register("Bob")]
            let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for user in users + users {
                    group.addTask { try await api.upload(bytes, token: user.token).status }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == .created })
            for user in users {
                let usage = try await api.send(.get, "/api/v1/me/usage", token: user.token).decode(UsageStats.self)
                #expect(usage.storageUsed == Int64(bytes.count))
            }
        }
    }
}

extension AssetTransferTests {
    @Test(arguments: Backend.allCases) func mediaAnnotation_mustNameMediaOfItsKind(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let layer = try await api.createLayer(a)
            let photo = try await api.upload(MediaSamples.png, token: a.token).decode(AssetResponse.self).id
            let audio = try await api.upload(MediaSamples.header("m4a"), token: a.token).decode(AssetResponse.self).id
            let unknown = try await api.upload(Data("some archive".utf8), token: a.token).decode(AssetResponse.self).id
            func create(_ type: String, _ asset: String) async throws -> APIResult {
                try await api.send(
                    .post, "/api/v1/annotations", token: a.token,
                    raw: #"""
                        {"type":"\#(type)","content":{"cloudAssetID":"\#(asset)"},"position":[0,0,0],\#
                        "layerID":"\#(layer.id)"}
                        """#)
            }
            let wrong = try await create("photo", audio)
            #expect(wrong.status == .badRequest && wrong.errorField == "content.cloudAssetID")
            #expect(try await create("voiceMemo", photo).status == .badRequest)
            #expect(try await create("photo", photo).status == .created)
            #expect(try await create("voiceMemo", audio).status == .created)
            #expect(try await create("object3D", unknown).status == .created, "bytes of no known format pass")
        }
    }
}

extension AssetTransferTests {
    @Test(arguments: Backend.allCases) func anUploadCutOffMidway_leavesNoFileAndNoAsset(_ backend: Backend)
        async throws
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-cut-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let staging = directory.appendingPathComponent("assets/staging").path
        @Sendable func staged() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [] }
        try await TestServer.run(backend, { $0.dataDirectory = directory }) { api in
            let a = try await api.register("Alice")
            let sent = Data(repeating: 9, count: 300_000)
            let socket = try LoopbackSocket(port: try #require(api.client.port))
            try socket.send(
                "POST /api/v1/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(a.token)\r\n"
                    + "Content-Length: 5000000\r\n\r\n")
            try socket.send(Array(sent))
            // The server is writing the upload (to a file that gets its name only once whole)
            // when the connection drops.
            try await Task.sleep(for: .milliseconds(500))
            socket.close()
            try await Task.sleep(for: .milliseconds(500))
            #expect(staged().isEmpty, "no partial file is left")
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token).decode(UsageStats.self)
            #expect(usage.storageUsed == 0)
            let published =
                (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("assets").path))
                ?? []
            #expect(published.filter { $0 != "staging" }.isEmpty, "nothing was published")
            // The same bytes, sent whole, are stored (nothing of the cut-off upload stands in the way).
            let whole = try await api.upload(sent, token: a.token)
            #expect(whole.status == .created)
            #expect(
                try await api.send(.get, "/api/v1/assets/\(try whole.decode(AssetResponse.self).id)", token: a.token)
                    .body == sent)
        }
    }
}
