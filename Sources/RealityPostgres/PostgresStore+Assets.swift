import Foundation
import PostgresNIO
import RealityCore

/// Assets in `asset_blobs` (the bytes, once per SHA-256) and `asset_refs` (one per owner), as the
/// SQLite store keeps them (SPEC D5).
extension PostgresStore: AssetRepository {
    public func putAsset(
        sha256: String, owner: UserID, contentType: String, data: Data, at date: Date, quotaBytes: Int64?
    ) async throws {
        let byteCount = Int64(data.count)
        let bytes = ByteBuffer(data: data)
        // One transaction holding the owner's lock, so the quota is checked against every upload
        // that committed before; one statement writes the blob and the reference together. The
        // first upload stores the bytes, later ones (by anyone) only add a reference.
        try await read { connection in
            try await transaction(on: connection) {
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.ownerLockSpace), hashtext(\(owner.uuidString)))",
                    logger: logger)
                let owned = try await connection.rows(
                    "SELECT 1 FROM asset_refs WHERE sha256 = \(sha256) AND ownerID = \(owner.rawValue)", logger: logger
                ) { try $0.decode(Int.self) }
                guard owned.isEmpty else { return }
                if let quotaBytes {
                    let used =
                        try await connection.rows(
                            "SELECT coalesce(sum(byteCount), 0)::bigint FROM asset_refs WHERE ownerID = \(owner.rawValue)",
                            logger: logger
                        ) { try $0.decode(Int64.self) }.first ?? 0
                    if used + byteCount > quotaBytes { throw AssetQuotaExceeded(usedBytes: used) }
                }
                try await insert(
                    sha256: sha256, owner: owner, contentType: contentType, byteCount: byteCount,
                    bytes: bytes, at: date, on: connection)
            }
        }
    }

    private func insert(
        sha256: String, owner: UserID, contentType: String, byteCount: Int64, bytes: ByteBuffer, at date: Date,
        on connection: PostgresConnection
    ) async throws {
        try await connection.query(
            """
            WITH blob AS (
                INSERT INTO asset_blobs (sha256, contentType, byteCount, data, createdAt)
                VALUES (\(sha256), \(contentType), \(byteCount), \(bytes), \(date.storeValue))
                ON CONFLICT (sha256) DO NOTHING
            )
            INSERT INTO asset_refs (sha256, ownerID, byteCount, createdAt)
            VALUES (\(sha256), \(owner.rawValue), \(byteCount), \(date.storeValue))
            ON CONFLICT (sha256, ownerID) DO NOTHING
            """, logger: logger)
    }

    public func asset(sha256: String) async throws -> StoredAsset? {
        try await read { connection in
            try await connection.rows(
                "SELECT contentType, data FROM asset_blobs WHERE sha256 = \(sha256)", logger: logger
            ) { row in
                let (contentType, data) = try row.decode((String, ByteBuffer).self)
                return StoredAsset(sha256: sha256, contentType: contentType, data: Data(buffer: data))
            }.first
        }
    }

    public func ownsAsset(sha256: String, owner: UserID) async throws -> Bool {
        try await read { connection in
            try await !connection.rows(
                "SELECT 1 FROM asset_refs WHERE sha256 = \(sha256) AND ownerID = \(owner.rawValue)", logger: logger
            ) { try $0.decode(Int.self) }.isEmpty
        }
    }

    public func assetReferences(sha256: String) async throws -> AssetReferences {
        // Only records whose author owns the asset: a hash anyone else put in a record is a
        // name, not a grant (issue 17).
        try await read { connection in
            let annotations = try await connection.rows(
                """
                SELECT a.id FROM annotations a
                JOIN asset_refs r ON r.sha256 = a.cloudAssetID AND r.ownerID = a.ownerID
                WHERE a.cloudAssetID = \(sha256) AND NOT a.isDeleted
                UNION
                SELECT a.id FROM attachments t JOIN annotations a ON a.id = t.annotationID
                JOIN asset_refs r ON r.sha256 = t.cloudAssetID AND r.ownerID = a.ownerID
                WHERE t.cloudAssetID = \(sha256) AND NOT a.isDeleted
                LIMIT 100
                """, logger: logger
            ) { AnnotationID(try $0.decode(UUID.self)) }
            let maps = try await connection.rows(
                """
                SELECT w.id FROM world_maps w
                WHERE (w.worldMapAssetID = \(sha256) OR w.thumbnailAssetID = \(sha256))
                  AND EXISTS (SELECT 1 FROM asset_refs r WHERE r.sha256 = \(sha256) AND r.ownerID = w.ownerID)
                LIMIT 100
                """, logger: logger
            ) { WorldMapID(try $0.decode(UUID.self)) }
            return AssetReferences(annotations: annotations, worldMaps: maps)
        }
    }
}
