import Crypto
import Foundation
import NIOCore
import RealityAPI
import RealityCore
import Synchronization
import _NIOFileSystem

/// Resumable uploads (issue 19): a file that grows part by part under
/// `assets/uploads/USER/ID` (its announced size beside it in `ID.size`), so that a transfer cut
/// off resumes from the last byte the server holds instead of from the start. The part that
/// completes it is hashed and sniffed from the file and handed over as a ``StagedBlob``. Parts of
/// one upload are appended one at a time (a lock per upload: a part sent while another is still
/// arriving is answered "busy"); uploads left for a day are removed by ``collect(before:)``.
struct ResumableUploads: Sendable {
    /// The `uploads` directory.
    let directory: URL
    private let locks = KeyedLock<UploadID>()
    private let fileSystem = FileSystem.shared

    /// How long an unfinished upload is kept.
    static var lifetime: TimeInterval { 86_400 }

    init(assets: URL) {
        directory = assets.appendingPathComponent("uploads", isDirectory: true)
    }

    /// Starts an upload of `size` bytes for `owner`.
    func create(owner: UserID, size: Int64) throws -> UploadStatus {
        let id = UploadID()
        let folder = directory.appendingPathComponent(owner.uuidString, isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(String(size).utf8).write(to: folder.appendingPathComponent("\(id.uuidString).size"))
        guard
            FileManager.default.createFile(
                atPath: dataPath(owner, id), contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw BlobStoreError(operation: "create", path: dataPath(owner, id), code: errno) }
        return UploadStatus(id: id, offset: 0, size: size)
    }

    /// Where `owner`'s upload `id` stands, or nil when they have no such upload.
    func status(owner: UserID, id: UploadID) throws -> UploadStatus? {
        guard let sizeText = try? String(contentsOfFile: sizePath(owner, id), encoding: .utf8),
            let size = Int64(sizeText),
            let received = try? FileManager.default.attributesOfItem(atPath: dataPath(owner, id))[.size] as? NSNumber
        else { return nil }
        return UploadStatus(id: id, offset: received.int64Value, size: size)
    }

    /// What appending a part did.
    enum Appended {
        /// More bytes are expected.
        case partial(UploadStatus)
        /// Every byte arrived: the file, measured, ready to publish (the upload is gone).
        case complete(UploadStatus, StagedBlob)
        /// `offset` is not where the upload stands.
        case wrongOffset(UploadStatus)
        /// Another part is arriving now (a connection that stalled is still open).
        case busy
    }

    /// Appends `body` to `owner`'s upload `id` at `offset`, which must be its offset now; throws
    /// ``BlobTooLarge`` (keeping what fit) when the body runs past the announced size. Bytes that
    /// arrived before a connection dropped stay, and the upload resumes after them.
    func append<Body: AsyncSequence & Sendable>(owner: UserID, id: UploadID, offset: Int64, _ body: Body)
        async throws -> Appended?
    where Body.Element == ByteBuffer {
        let appended: Appended?? = try await locks.withLockIfFree(id) {
            guard let status = try status(owner: owner, id: id) else { return nil }
            guard offset == status.offset else { return .wrongOffset(status) }
            let position = try await fileSystem.withFileHandle(
                forWritingAt: FilePath(dataPath(owner, id)), options: .modifyFile(createIfNecessary: false)
            ) { handle in
                let position = try await Self.write(body, to: handle, from: offset, size: status.size)
                try await handle.synchronize()
                return position
            }
            let now = UploadStatus(id: id, offset: position, size: status.size)
            guard position == status.size else { return .partial(now) }
            let staged = try await measure(dataPath(owner, id), size: position)
            try? FileManager.default.removeItem(atPath: sizePath(owner, id))
            return .complete(now, staged)
        }
        return appended ?? .busy
    }

    /// How long a part may send nothing before the server gives up on it (so that a connection
    /// whose end the server never hears does not hold the upload).
    static var stallLimit: Duration { .seconds(15) }

    /// Writes `body` into `handle` from `offset`, at most up to `size`; answers the new offset.
    /// A body that sends nothing for ``stallLimit`` is given up (what arrived stays).
    private static func write<Body: AsyncSequence & Sendable>(
        _ body: Body, to handle: WriteFileHandle, from offset: Int64, size: Int64
    ) async throws -> Int64 where Body.Element == ByteBuffer {
        let lastProgress = LastProgress()
        return try await withThrowingTaskGroup(of: Int64?.self) { group in
            group.addTask {
                var position = offset
                for try await chunk in body {
                    guard position + Int64(chunk.readableBytes) <= size else { throw BlobTooLarge() }
                    position += try await handle.write(contentsOf: chunk, toAbsoluteOffset: position)
                    lastProgress.touch()
                }
                return position
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: .seconds(1))
                    if lastProgress.idle > stallLimit { throw UploadStalled() }
                }
            }
            defer { group.cancelAll() }
            guard let position = try await group.next() ?? nil else { throw UploadStalled() }
            return position
        }
    }

    /// Abandons `owner`'s upload `id`; false when there is none.
    func remove(owner: UserID, id: UploadID) async -> Bool {
        await locks.withLock(id) {
            guard (try? status(owner: owner, id: id)) != nil else { return false }
            try? FileManager.default.removeItem(atPath: dataPath(owner, id))
            try? FileManager.default.removeItem(atPath: sizePath(owner, id))
            return true
        }
    }

    /// Removes uploads last written to before `date`; answers how many.
    @discardableResult
    func collect(before date: Date) -> Int {
        var removed = 0
        let users = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for user in users {
            let folder = directory.appendingPathComponent(user)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where !file.hasSuffix(".size") {
                let path = folder.appendingPathComponent(file).path
                let changed = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                guard let changed, changed < date else { continue }
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.removeItem(atPath: path + ".size")
                removed += 1
            }
        }
        return removed
    }

    /// The SHA-256, length and format of the finished file at `path`, read back from disk.
    private func measure(_ path: String, size: Int64) async throws -> StagedBlob {
        var hasher = SHA256()
        var head: [UInt8] = []
        try await fileSystem.withFileHandle(forReadingAt: FilePath(path)) { handle in
            for try await chunk in handle.readChunks(chunkLength: .mebibytes(4)) {
                chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                if head.count < MediaFormat.sniffLength {
                    head += chunk.readableBytesView.prefix(MediaFormat.sniffLength - head.count)
                }
            }
        }
        return StagedBlob(
            location: path, sha256: hasher.finalize().lowercaseHex, byteCount: size, format: MediaFormat.sniff(head))
    }

    private func dataPath(_ owner: UserID, _ id: UploadID) -> String {
        directory.appendingPathComponent(owner.uuidString).appendingPathComponent(id.uuidString).path
    }

    private func sizePath(_ owner: UserID, _ id: UploadID) -> String { dataPath(owner, id) + ".size" }
}

/// A part of a resumable upload that sent nothing for ``ResumableUploads/stallLimit``.
struct UploadStalled: Error {}

/// When a part last made progress, shared by its writer and its watchdog.
private final class LastProgress: Sendable {
    private let instant = Mutex(ContinuousClock.now)

    /// Records progress now.
    func touch() { instant.withLock { $0 = .now } }

    /// How long since the last progress.
    var idle: Duration { ContinuousClock.now - instant.withLock { $0 } }
}
