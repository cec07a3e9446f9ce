import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

/// Resumable uploads (issue 19): parts at the upload's offset, the completing part making the
/// asset, a stalled part given up with what arrived kept.
@Suite("Resumable uploads")
struct ResumableUploadTests {
    static func bytes(_ count: Int, seed: UInt64) -> Data {
        var generator = SplitMix64(seed: seed)
        return MediaSamples.png
            + Data(
                (0..<(count - MediaSamples.png.count)).map { _ in
                    UInt8(truncatingIfNeeded: generator.next())
                })
    }

    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func partsAtTheOffset_makeTheAsset_andOnlyTheOwnerSeesTheUpload(_ backend: Backend, _ blobs: BlobBackend)
        async throws
    {
        try await TestServer.run(backend, blobs: blobs) { api in
            let a = try await api.register("Alice")
            let b = try await api.register("Bob")
            let data = Self.bytes(3_000_000, seed: 7)
            let created = try await api.send(
                .post, "/api/v1/uploads", token: a.token, json: CreateUploadRequest(size: Int64(data.count)))
            #expect(created.status == .created)
            let upload = try created.decode(UploadStatus.self)
            #expect(upload.offset == 0 && upload.size == Int64(data.count) && upload.asset == nil)
            let path = "/api/v1/uploads/\(upload.id)"

            let first = try await api.send(.patch, path + "?offset=0", token: a.token, bytes: data.prefix(1_000_000))
            #expect(first.status == .ok)
            #expect(try first.decode(UploadStatus.self).offset == 1_000_000)
            #expect(try await api.send(.get, path, token: a.token).decode(UploadStatus.self).offset == 1_000_000)
            let stale = try await api.send(.patch, path + "?offset=0", token: a.token, bytes: data.prefix(10))
            #expect(stale.status == .conflict && stale.errorCode == "wrong_offset")
            for bad in ["", "?offset=x", "?offset=-1"] {
                #expect(try await api.send(.patch, path + bad, token: a.token, bytes: Data([1])).status == .badRequest)
            }
            // Someone else's upload is nobody's to them.
            #expect(try await api.send(.get, path, token: b.token).status == .notFound)
            #expect(
                try await api.send(.patch, path + "?offset=1000000", token: b.token, bytes: Data([1])).status
                    == .notFound)
            #expect(try await api.send(.delete, path, token: b.token).status == .notFound)
            #expect(try await api.send(.get, "/api/v1/uploads/nope", token: a.token).status == .badRequest)

            let last = try await api.send(
                .patch, path + "?offset=1000000", token: a.token, bytes: data.suffix(from: 1_000_000))
            let done = try last.decode(UploadStatus.self)
            let asset = try #require(done.asset)
            #expect(done.offset == done.size && asset.size == Int64(data.count) && asset.contentType == "image/png")
            #expect(try await api.send(.get, "/api/v1/assets/\(asset.id)", token: a.token).body == data)
            #expect(try await api.send(.get, path, token: a.token).status == .notFound, "a finished upload is gone")
            let usage = try await api.send(.get, "/api/v1/me/usage", token: a.token).decode(UsageStats.self)
            #expect(usage.storageUsed == Int64(data.count))
        }
    }

    /// A part whose sender goes silent (a connection whose end the server may never hear) is given
    /// up after the stall limit: the bytes that arrived stay, and the upload goes on from them.
    @Test(arguments: Backend.allCases) func aStalledPart_isGivenUp_andTheUploadGoesOnFromWhatArrived(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let a = try await api.register("Alice")
            let data = Self.bytes(1_000_000, seed: 8)
            let upload = try await api.send(
                .post, "/api/v1/uploads", token: a.token, json: CreateUploadRequest(size: Int64(data.count))
            ).decode(UploadStatus.self)
            let path = "/api/v1/uploads/\(upload.id)"
            let socket = try LoopbackSocket(port: try #require(api.client.port))
            defer { socket.close() }
            try socket.send(
                "PATCH \(path)?offset=0 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(a.token)\r\n"
                    + "Content-Length: \(data.count)\r\n\r\n")
            try socket.send(Array(data.prefix(300_000)))
            // Silent from here on: the next part is "busy" until the stall limit gives this one up.
            var offset: Int64 = 0
            for _ in 0..<100 {
                offset = try await api.send(.get, path, token: a.token).decode(UploadStatus.self).offset
                if offset == 300_000 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(offset == 300_000, "what arrived is on the server")
            let started = ContinuousClock.now
            var rest = try await api.send(
                .patch, path + "?offset=300000", token: a.token, bytes: data.suffix(from: 300_000))
            #expect(rest.errorCode == "upload_busy")
            while rest.errorCode == "upload_busy", ContinuousClock.now - started < .seconds(40) {
                try await Task.sleep(for: .milliseconds(250))
                rest = try await api.send(
                    .patch, path + "?offset=300000", token: a.token, bytes: data.suffix(from: 300_000))
            }
            let asset = try #require(try rest.decode(UploadStatus.self).asset)
            #expect(try await api.send(.get, "/api/v1/assets/\(asset.id)", token: a.token).body == data)
            #expect(try await socket.readResponseHead(orEndOfStream: true).contains("408"), "the silent part is told")
        }
    }

    @Test(arguments: Backend.allCases) func badSizes_overflowingParts_andAbandonedUploads(_ backend: Backend)
        async throws
    {
        try await TestServer.run(backend, { $0.maxAssetBytes = 200 << 20 }) { api in
            let a = try await api.register("Alice")
            for body in [#"{"size":0}"#, #"{"size":-5}"#, #"{"size":"big"}"#, #"{}"#, "["] {
                let result = try await api.send(.post, "/api/v1/uploads", token: a.token, raw: body)
                #expect(result.status == .badRequest, "\(body)")
            }
            let tooBig = try await api.send(
                .post, "/api/v1/uploads", token: a.token, json: CreateUploadRequest(size: (200 << 20) + 1))
            #expect(tooBig.status == .contentTooLarge)
            // The free plan's 100 MiB: an upload that could never fit is refused before a byte is sent.
            let overQuota = try await api.send(
                .post, "/api/v1/uploads", token: a.token, json: CreateUploadRequest(size: 150 << 20))
            #expect(overQuota.status == .forbidden && overQuota.errorCode == "storage_quota_exceeded")
            #expect(
                try await api.send(.post, "/api/v1/uploads", token: nil, json: CreateUploadRequest(size: 10)).status
                    == .unauthorized)

            let upload = try await api.send(
                .post, "/api/v1/uploads", token: a.token, json: CreateUploadRequest(size: 10)
            ).decode(UploadStatus.self)
            let path = "/api/v1/uploads/\(upload.id)"
            let over = try await api.send(.patch, path + "?offset=0", token: a.token, bytes: Data(count: 11))
            #expect(over.status == .contentTooLarge)
            #expect(try await api.send(.get, path, token: a.token).decode(UploadStatus.self).offset == 0)
            #expect(try await api.send(.delete, path, token: a.token).status == .noContent)
            #expect(try await api.send(.get, path, token: a.token).status == .notFound)
            #expect(try await api.send(.delete, path, token: a.token).status == .notFound)
        }
    }
}
