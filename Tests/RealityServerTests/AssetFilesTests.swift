import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import PostgresNIO
import RealityCore
import RealityTestSupport
import Synchronization
import Testing

@testable import RealityPostgres
@testable import RealityServer
@_spi(Testing) @testable import RealityStore

/// The blob store and the asset rows in step (issue 19): bytes the database kept move out, and
/// blobs no row names are collected.
@Suite struct AssetFilesTests {
    @Test(arguments: Backend.allCases, BlobBackend.allCases)
    func inlineBytes_moveToTheBlobStore_once_andOrphansAreCollected(_ backend: Backend, _ blobs: BlobBackend)
        async throws
    {
        try await withRawStore(backend) { store, execute in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-blobs-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            var configuration = ServerConfiguration(port: 0, dataDirectory: directory)
            configuration.assetStore = try await blobs.location()
            let files = AssetFiles(configuration, store: store)
            let bytes = MediaSamples.png
            let sha = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let wrong = String(repeating: "0", count: 64)
            // Two rows as the server kept them before the blob store; one's bytes are not its hash.
            try await execute(
                """
                INSERT INTO asset_blobs (sha256, contentType, byteCount, data, createdAt) VALUES
                ('\(sha)', 'image/png', \(bytes.count), \(Self.hexLiteral(bytes, backend)), 0),
                ('\(wrong)', 'image/png', 3, \(Self.hexLiteral(Data("abc".utf8), backend)), 0)
                """)
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            #expect(try await files.moveInlineBlobs(logger: logger) == 1)
            #expect(try await files.blobs.size(of: sha) == Int64(bytes.count))
            #expect(try await files.blobs.size(of: wrong) == nil, "bytes that are not their hash stay where they are")
            #expect(try await store.inlineAssets(limit: 10).map(\.sha256) == [wrong])
            #expect(try await files.moveInlineBlobs(logger: logger) == 0)
            #expect(try await Self.read(sha, from: files.blobs) == bytes)

            // A published blob that no row names (a crash before its row) goes once old enough.
            let orphan = try await files.blobs.stage(Data("orphan".utf8), expecting: Self.sha("orphan"))
            try await files.blobs.publish(try #require(orphan))
            #expect(try await files.collectOrphans(before: Date().addingTimeInterval(-60)) == 0, "too young")
            #expect(try await files.collectOrphans(before: Date().addingTimeInterval(60)) == 1)
            #expect(try await files.blobs.size(of: Self.sha("orphan")) == nil)
            #expect(try await files.blobs.size(of: sha) == Int64(bytes.count), "a named blob stays")
        }
    }

    /// The whole blob `sha256`, as a download reads it.
    private static func read(_ sha256: String, from blobs: any BlobStore) async throws -> Data? {
        guard let size = try await blobs.size(of: sha256) else { return nil }
        let body = blobs.body(of: sha256, range: 0...(size - 1))
        let collector = ByteCollector()
        try await body.write(collector)
        return collector.bytes.withLock { $0 }
    }

    /// Runs `body` on a fresh migrated store of `backend` with a way to run raw SQL on it.
    private func withRawStore(
        _ backend: Backend,
        _ body: (any AssetRepository, @escaping @Sendable (String) async throws -> Void) async throws -> Void
    ) async throws {
        switch backend {
        case .sqlite:
            let store = try SQLiteServerStore.inMemory()
            try await body(store) { sql in try await store.writer.write { try $0.execute(sql: sql) } }
        case .postgres:
            try await withPostgresStore { store in
                try await body(store) { sql in
                    _ = try await store.client.query(PostgresQuery(unsafeSQL: sql), logger: store.logger)
                }
            }
        }
    }

    private static func hexLiteral(_ data: Data, _ backend: Backend) -> String {
        let hex = data.map { String(format: "%02x", $0) }.joined()
        return backend == .sqlite ? "X'\(hex)'" : "'\\x\(hex)'::bytea"
    }

    private static func sha(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// A response body writer that keeps what is written.
private final class ByteCollector: ResponseBodyWriter, Sendable {
    let bytes = Mutex(Data())

    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
