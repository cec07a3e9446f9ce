import Crypto
import Foundation
import Logging
import PostgresNIO
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityPostgres
@testable import RealityServer
@_spi(Testing) @testable import RealityStore

/// The blob store and the asset rows in step (issue 19): bytes the database kept move out, and
/// blobs no row names are collected.
@Suite struct AssetFilesTests {
    @Test(arguments: Backend.allCases) func inlineBytes_moveToTheBlobStore_once_andOrphansAreCollected(
        _ backend: Backend
    ) async throws {
        try await withRawStore(backend) { store, execute in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-blobs-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let files = AssetFiles(ServerConfiguration(port: 0, dataDirectory: directory), store: store)
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
            let path = try #require((files.blobs as? DiskBlobStore)?.path(of: sha))
            #expect(FileManager.default.contents(atPath: path) == bytes)

            // A published blob that no row names (a crash before its row) goes once old enough.
            let orphan = try await files.blobs.stage(Data("orphan".utf8), expecting: Self.sha("orphan"))
            try await files.blobs.publish(try #require(orphan))
            #expect(try await files.collectOrphans(before: Date().addingTimeInterval(-60)) == 0, "too young")
            #expect(try await files.collectOrphans(before: Date().addingTimeInterval(60)) == 1)
            #expect(try await files.blobs.size(of: Self.sha("orphan")) == nil)
            #expect(try await files.blobs.size(of: sha) == Int64(bytes.count), "a named blob stays")
        }
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
