import Foundation
import PostgresNIO
import RealityCore

/// An asset's renditions and media facts (`asset_renditions`, and columns of `asset_blobs`), as
/// the SQLite store keeps them (issue 19).
extension PostgresStore {
    public func saveRenditions(_ renditions: [AssetRendition], facts: MediaFacts, of sha256: String) async throws
        -> Bool
    {
        try await read { connection in
            var saved = false
            try await transaction(on: connection) {
                // Under the asset's lock: a release that removes the last reference cannot pass
                // between the check and the writes.
                try await lockAsset(sha256, on: connection)
                let updated = try await connection.rows(
                    """
                    UPDATE asset_blobs SET width = \(facts.width.map(Int32.init)),
                        height = \(facts.height.map(Int32.init)), durationSeconds = \(facts.durationSeconds)
                    WHERE sha256 = \(sha256) RETURNING 1
                    """, logger: logger
                ) { try $0.decode(Int.self) }
                guard !updated.isEmpty else { return }
                try await connection.query("DELETE FROM asset_renditions WHERE sha256 = \(sha256)", logger: logger)
                for rendition in renditions {
                    try await connection.query(
                        """
                        INSERT INTO asset_renditions
                            (sha256, kind, blobSHA256, contentType, byteCount, width, height)
                        VALUES (\(sha256), \(rendition.kind.rawValue), \(rendition.blobSHA256),
                            \(rendition.contentType), \(rendition.byteCount), \(Int32(rendition.width)),
                            \(Int32(rendition.height)))
                        """, logger: logger)
                }
                saved = true
            }
            return saved
        }
    }

    public func rendition(of sha256: String, kind: RenditionKind) async throws -> AssetRendition? {
        try await read { connection in
            try await connection.rows(
                """
                SELECT blobSHA256, contentType, byteCount, width, height FROM asset_renditions
                WHERE sha256 = \(sha256) AND kind = \(kind.rawValue)
                """, logger: logger
            ) { row in
                let (blob, contentType, byteCount, width, height) = try row.decode(
                    (String, String, Int64, Int32, Int32).self)
                return AssetRendition(
                    sha256: sha256, kind: kind, blobSHA256: blob, contentType: contentType, byteCount: byteCount,
                    width: Int(width), height: Int(height))
            }.first
        }
    }

    public func isBlobNamed(_ sha256: String) async throws -> Bool {
        try await read { connection in
            try await connection.rows(
                """
                SELECT EXISTS (SELECT 1 FROM asset_blobs WHERE sha256 = \(sha256))
                    OR EXISTS (SELECT 1 FROM asset_renditions WHERE blobSHA256 = \(sha256))
                """, logger: logger
            ) { try $0.decode(Bool.self) }.first ?? false
        }
    }
}
