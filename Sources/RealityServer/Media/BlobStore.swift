import Foundation
import Hummingbird
import NIOCore
import RealityCore

/// Where the bytes of uploaded assets live (issue 19): written whole to a staging area first,
/// then published under their SHA-256, so that a reader never sees part of a file. The rows that
/// say who holds an asset are the store's (``AssetRepository``); a blob without a row is
/// invisible and collected (``BlobMaintenance``).
protocol BlobStore: Sendable {
    /// Writes `body` to the staging area, hashing it and reading its leading bytes as it goes;
    /// throws ``BlobTooLarge`` (leaving nothing behind) once it passes `limit` bytes.
    func stage<Body: AsyncSequence>(_ body: Body, limit: Int) async throws -> StagedBlob
    where Body.Element == ByteBuffer
    /// Makes a staged blob readable under its SHA-256, durably; the same bytes published twice are
    /// one blob.
    func publish(_ staged: StagedBlob) async throws
    /// Removes a staged blob that will not be published.
    func discard(_ staged: StagedBlob) async
    /// The length of the blob with this SHA-256, or nil when there is none.
    func size(of sha256: String) async throws -> Int64?
    /// A response body streaming the bytes `range` (offsets, inclusive) of a published blob.
    func body(of sha256: String, range: ClosedRange<Int64>) -> ResponseBody
    /// Removes a published blob; removing one that is not there does nothing.
    func remove(_ sha256: String) async throws
    /// The SHA-256 of every published blob last changed before `date` (for collection).
    func published(before date: Date) async throws -> [String]
    /// Runs `body` with the path of a local file holding the published blob's bytes, for tools
    /// that read files (libvips, ffmpeg): the blob's own file, or a copy in the staging area that
    /// goes afterwards.
    func withLocalFile<T: Sendable>(_ sha256: String, _ body: (String) async throws -> T) async throws -> T
}

/// An upload in the staging area, measured.
struct StagedBlob: Sendable {
    /// Where it is.
    let location: String
    /// SHA-256 of the bytes, lowercase hex.
    let sha256: String
    /// Their length.
    let byteCount: Int64
    /// What the leading bytes show.
    let format: MediaFormat?

    /// The MIME type the server records and serves.
    var contentType: String { format?.mimeType ?? MediaFormat.unknownMIMEType }
}

/// An upload longer than its route allows.
struct BlobTooLarge: Error {}

extension BlobStore {
    /// Stages `data`.
    func stage(_ data: Data) async throws -> StagedBlob {
        try await stage(CollectionOfOne(ByteBuffer(data: data)).async, limit: .max)
    }

    /// Stages `data` (an asset the database kept) and checks that it is the blob `sha256`.
    func stage(_ data: Data, expecting sha256: String) async throws -> StagedBlob? {
        let staged = try await stage(data)
        guard staged.sha256 == sha256 else {
            await discard(staged)
            return nil
        }
        return staged
    }
}

extension Sequence {
    /// The elements as an async sequence.
    fileprivate var async: AsyncSyncSequence<Self> { AsyncSyncSequence(self) }
}

/// A sequence's elements, one by one, as an async sequence.
struct AsyncSyncSequence<Base: Sequence>: AsyncSequence {
    let base: Base

    init(_ base: Base) {
        self.base = base
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var iterator: Base.Iterator

        mutating func next() async -> Base.Element? { iterator.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(iterator: base.makeIterator()) }
}
