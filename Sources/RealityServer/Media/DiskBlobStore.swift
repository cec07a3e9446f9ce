import CFileWriteback
import Crypto
import Foundation
import Hummingbird
import NIOCore
import RealityCore
import _NIOFileSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blobs as files under the data directory's `assets` directory, named by their SHA-256
/// (`assets/ab/abcd…`), staged in `assets/staging`: written there (NIOFileSystem creates a new
/// file without a name and links it only when it is closed whole, so an upload cut off leaves
/// nothing), flushed to disk, then renamed into place (a rename is atomic, so a reader sees the
/// whole file or none), and the directory flushed too, so a published blob survives a crash.
/// File I/O runs on NIO's thread pool.
struct DiskBlobStore: BlobStore {
    /// The `assets` directory.
    let directory: URL
    private let fileSystem = FileSystem.shared

    /// A store in `directory`, created (private to the server's user) on first write.
    init(directory: URL) {
        self.directory = directory
    }

    /// The file of the blob `sha256` (a SHA-256 in lowercase hex, checked by the caller).
    func path(of sha256: String) -> String {
        directory.appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent(sha256).path
    }

    func stage<Body: AsyncSequence>(_ body: Body, limit: Int) async throws -> StagedBlob
    where Body.Element == ByteBuffer {
        let staging = directory.appendingPathComponent("staging")
        try FileManager.default.createDirectory(
            at: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let location = staging.appendingPathComponent(UUID().uuidString).path
        var hasher = SHA256()
        var byteCount = 0
        var head: [UInt8] = []
        var startedWriteback: Int64 = 0
        do {
            try await fileSystem.withFileHandle(
                forWritingAt: FilePath(location),
                options: .newFile(replaceExisting: false, permissions: [.ownerRead, .ownerWrite])
            ) { handle in
                // Double-buffered: one buffer is written on NIO's thread pool while the next fills
                // from the socket and is hashed, so that the disk and the network overlap.
                var pending = ByteBufferAllocator().buffer(capacity: Self.writeSize)
                var inFlight: Task<Void, any Error>?
                var written: Int64 = 0
                do {
                    for try await chunk in body {
                        byteCount += chunk.readableBytes
                        if byteCount > limit { throw BlobTooLarge() }
                        chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                        if head.count < MediaFormat.sniffLength {
                            head += chunk.readableBytesView.prefix(MediaFormat.sniffLength - head.count)
                        }
                        var chunk = chunk
                        pending.writeBuffer(&chunk)
                        guard pending.readableBytes >= Self.writeSize else { continue }
                        try await inFlight?.value
                        let buffer = pending
                        let offset = written
                        inFlight = Task { _ = try await handle.write(contentsOf: buffer, toAbsoluteOffset: offset) }
                        written += Int64(buffer.readableBytes)
                        pending = ByteBufferAllocator().buffer(capacity: Self.writeSize)
                        if written - startedWriteback >= Self.writebackStep {
                            // Start writing what is on its way to disk now, so that the fsync at
                            // the end waits for the last few megabytes, not the whole file.
                            let end = offset
                            try await handle.withUnsafeDescriptor { Self.startWriteback($0.rawValue, upTo: end) }
                            startedWriteback = written
                        }
                    }
                    try await inFlight?.value
                } catch {
                    inFlight?.cancel()
                    _ = try? await inFlight?.value
                    throw error
                }
                if pending.readableBytes > 0 {
                    _ = try await handle.write(contentsOf: pending, toAbsoluteOffset: written)
                }
                try await handle.synchronize()
            }
        } catch {
            _ = try? await fileSystem.removeItem(at: FilePath(location))
            throw error
        }
        return StagedBlob(
            location: location, sha256: hasher.finalize().lowercaseHex, byteCount: Int64(byteCount),
            format: MediaFormat.sniff(head))
    }

    func publish(_ staged: StagedBlob) async throws {
        let target = path(of: staged.sha256)
        let folder = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard rename(staged.location, target) == 0 else {
            let code = errno
            await discard(staged)
            throw BlobStoreError(operation: "rename", path: target, code: code)
        }
        try Self.synchronizeDirectory(folder)
    }

    func discard(_ staged: StagedBlob) async {
        _ = try? await fileSystem.removeItem(at: FilePath(staged.location))
    }

    func size(of sha256: String) async throws -> Int64? {
        try await fileSystem.info(forFileAt: FilePath(path(of: sha256))).map { Int64($0.size) }
    }

    func body(of sha256: String, range: ClosedRange<Int64>) -> ResponseBody {
        let path = FilePath(path(of: sha256))
        let fileSystem = fileSystem
        return ResponseBody(contentLength: Int(range.upperBound - range.lowerBound + 1)) { writer in
            try await fileSystem.withFileHandle(forReadingAt: path) { handle in
                for try await chunk in handle.readChunks(in: range, chunkLength: .kibibytes(256)) {
                    try await writer.write(chunk)
                }
            }
            try await writer.finish(nil)
        }
    }

    func withLocalFile<T: Sendable>(_ sha256: String, _ body: (String) async throws -> T) async throws -> T {
        try await body(path(of: sha256))
    }

    func remove(_ sha256: String) async throws {
        _ = try await fileSystem.removeItem(at: FilePath(path(of: sha256)))
    }

    func published(before date: Date) async throws -> [String] {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .isRegularFileKey]
        var found: [String] = []
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let folders = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.count == 2 }
        for folder in folders {
            let url = directory.appendingPathComponent(folder)
            for file in try FileManager.default.contentsOfDirectory(
                at: url, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
            {
                let values = try file.resourceValues(forKeys: Set(keys))
                if values.isRegularFile == true, let changed = values.contentModificationDate, changed < date,
                    file.lastPathComponent.hasPrefix(folder)
                {
                    found.append(file.lastPathComponent)
                }
            }
        }
        return found
    }

    /// The size of each write of an upload to its staging file.
    private static var writeSize: Int { 4 << 20 }

    /// How many bytes an upload writes between requests to start writing back.
    private static var writebackStep: Int64 { 16 << 20 }

    /// Asks the kernel to start writing the file's dirty pages up to `end` to disk, without waiting.
    private static func startWriteback(_ descriptor: Int32, upTo end: Int64) {
        _ = reality_start_writeback(descriptor, end)
    }

    /// Flushes a directory's entries (a rename into it) to disk.
    private static func synchronizeDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BlobStoreError(operation: "open", path: path, code: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw BlobStoreError(operation: "fsync", path: path, code: errno) }
    }
}

/// A file operation of the blob store that failed.
struct BlobStoreError: Error, CustomStringConvertible {
    let operation: String
    let path: String
    let code: Int32

    var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
}
