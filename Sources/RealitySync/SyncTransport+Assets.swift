import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import RealityAPI
import RealityCore
import RealityStore
import _NIOFileSystem

/// Asset bytes to and from the server (issue 19), streamed: memory stays bounded whatever a
/// file's size.
extension SyncTransport {
    /// How long a transfer of `byteCount` bytes may take: the usual timeout, plus a second per
    /// megabyte (a floor of 1 MB/s).
    static func transferTimeout(_ timeout: TimeAmount, bytes byteCount: Int64) -> TimeAmount {
        timeout + .seconds(byteCount >> 20)
    }

    /// `POST /api/v1/assets` with the file at `path`, read as it goes; `observer` hears how far
    /// it has come (as asset `sha256`).
    public func uploadAsset(path: String, sha256: String = "", observer: TransferObserver? = nil) async throws
        -> AssetResponse
    {
        try await sendFile(path, range: nil, to: .uploadAsset, APIRoute.uploadAsset.path()) { size in
            TransferCounter(sha256: sha256, direction: .upload, total: size, observer: observer)
        }
    }

    /// `POST /api/v1/uploads`: starts a resumable upload of `size` bytes.
    public func createUpload(size: Int64) async throws -> UploadStatus {
        try await send(.createUpload, body: CreateUploadRequest(size: size))
    }

    /// `GET /api/v1/uploads/{id}`: how much of the upload the server holds.
    public func uploadStatus(_ id: UploadID) async throws -> UploadStatus {
        try await send(.upload, APIRoute.upload.path(id: id))
    }

    /// `PATCH /api/v1/uploads/{id}?offset=N` with bytes `range` of the file at `path`, read as
    /// they go; `counter` hears each chunk.
    func appendUpload(_ id: UploadID, from path: String, range: Range<Int64>, counter: TransferCounter) async throws
        -> UploadStatus
    {
        let target = APIRoute.appendUpload.path(id: id, query: [.offset: String(range.lowerBound)])
        return try await sendFile(path, range: range, to: .appendUpload, target) { _ in counter }
    }

    /// Sends the bytes `range` of the file at `file` (the whole file when nil) as the raw body of
    /// `route` at `path`, read a megabyte at a time and counted by the counter `counting` makes for
    /// the body's size; decodes the answer.
    private func sendFile<Answer: Decodable>(
        _ file: String, range: Range<Int64>?, to route: APIRoute, _ path: String,
        counting: (Int64) -> TransferCounter
    ) async throws -> Answer {
        do {
            return try await FileSystem.shared.withFileHandle(forReadingAt: FilePath(file)) { handle in
                let part: Range<Int64>
                if let range { part = range } else { part = try await 0..<Int64(handle.info().size) }
                let counter = counting(Int64(part.count))
                var request = HTTPClientRequest(url: serverURL + path)
                request.method = HTTPMethod(rawValue: route.method.rawValue)
                if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
                request.headers.add(name: "Content-Type", value: "application/octet-stream")
                let chunks = handle.readChunks(in: part, chunkLength: .mebibytes(1)).map { @Sendable chunk in
                    counter.add(chunk.readableBytes)
                    return chunk
                }
                request.body = .stream(chunks, length: .known(Int64(part.count)))
                let response = try await execute(request, bytes: Int64(part.count))
                let body = try await response.body.collect(upTo: 1 << 20)
                let data = Data(body.readableBytesView)
                guard (200..<300).contains(Int(response.status.code)) else {
                    throw Self.error(status: Int(response.status.code), headers: response.headers, body: data)
                }
                return try RealityJSON.decode(Answer.self, from: data)
            }
        } catch let error as FileSystemError {
            throw MediaFileError.unreadable(path: "\(file) (\(error.code))")
        }
    }

    /// What a download did.
    public enum Download: Sendable {
        /// The bytes are in `media.path`.
        case stored(DeviceMedia)
        /// Larger than the limit given: left on the server (`media.path` is nil).
        case left(DeviceMedia)
    }

    /// `GET /api/v1/assets/{sha256}` into `directory` (as a file named by the hash, written to a
    /// temporary file first and checked against the hash); bytes longer than `maxBytes` are left
    /// on the server. `observer` hears how far it has come.
    public func downloadAsset(
        sha256: String, into directory: URL, maxBytes: Int64 = .max, observer: TransferObserver? = nil
    ) async throws -> Download {
        var request = HTTPClientRequest(url: serverURL + APIRoute.asset.path(id: sha256))
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await execute(request, bytes: 0)
        let status = Int(response.status.code)
        guard status == 200 else {
            let body = try await response.body.collect(upTo: 1 << 20)
            throw Self.error(status: status, headers: response.headers, body: Data(body.readableBytesView))
        }
        let contentType = response.headers.first(name: "Content-Type") ?? MediaFormat.unknownMIMEType
        let announced = response.headers.first(name: "Content-Length").flatMap { Int64($0) }
        if let announced, announced > maxBytes {
            return .left(
                DeviceMedia(sha256: sha256, path: nil, byteCount: announced, contentType: contentType, isUploaded: true)
            )
        }
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = directory.appendingPathComponent(sha256).path
        let partial = directory.appendingPathComponent(".\(sha256).\(UUID().uuidString).part").path
        var hasher = SHA256()
        var byteCount: Int64 = 0
        let counter = TransferCounter(sha256: sha256, direction: .download, total: announced ?? 0, observer: observer)
        do {
            try await FileSystem.shared.withFileHandle(
                forWritingAt: FilePath(partial), options: .newFile(replaceExisting: true)
            ) { handle in
                try await handle.withBufferedWriter { writer in
                    for try await chunk in response.body {
                        chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                        byteCount += Int64(chunk.readableBytes)
                        _ = try await writer.write(contentsOf: chunk)
                        counter.add(chunk.readableBytes)
                    }
                }
            }
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw SyncError.network(String(describing: error))
        }
        let digest = hasher.finalize().withUnsafeBytes(Hex.lowercase)
        guard digest == sha256 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw SyncError.server(status: 200, message: "the bytes of asset \(sha256) do not hash to it")
        }
        guard rename(partial, target) == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw SyncError.network("cannot move the download into \(target)")
        }
        return .stored(
            DeviceMedia(sha256: sha256, path: target, byteCount: byteCount, contentType: contentType, isUploaded: true))
    }

    /// `GET /api/v1/assets/{sha256}/thumbnail` into `file`: true when it came, false when the
    /// server has none; ``SyncError/refused(status:_:)`` with `rendition_pending` while the server
    /// is still making it.
    public func downloadThumbnail(sha256: String, to file: URL) async throws -> Bool {
        let bytes: Data
        do {
            bytes = try await raw(.assetThumbnail, APIRoute.assetThumbnail.path(id: sha256), body: nil)
        } catch SyncError.refused(404, let detail) where detail.code == "not_found" {
            return false
        }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try bytes.write(to: file, options: .atomic)
        return true
    }

    /// `DELETE /api/v1/assets/{sha256}`: removes this account's reference to the bytes.
    public func deleteAsset(sha256: String) async throws {
        _ = try await raw(.deleteAsset, APIRoute.deleteAsset.path(id: sha256), body: nil)
    }

    /// Sends `request`, network failures coming out as ``SyncError/network(_:)``.
    private func execute(_ request: HTTPClientRequest, bytes: Int64) async throws -> HTTPClientResponse {
        do {
            return try await client.execute(request, timeout: Self.transferTimeout(timeout, bytes: bytes))
        } catch {
            throw SyncError.network(String(describing: error))
        }
    }
}
