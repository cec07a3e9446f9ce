import Foundation
import PostgresNIO
import RealityCore

/// Assets in `asset_blobs` (one row per SHA-256; the bytes are in the server's blob store) and
/// `asset_refs` (one per owner), as the SQLite store keeps them (SPEC D5).
extension PostgresStore: AssetRepository {
    public func putAsset(
        sha256: String, owner: UserID, contentType: String, byteCount: Int64, at date: Date, quotaBytes: Int64?,
        job: JobKind?
    ) async throws {
        // One transaction holding the owner's lock, so the quota is checked against every upload
        // that committed before, and the asset's, so that a release cannot collect the row this
        // reference joins; one statement writes the row and the reference together. The first
        // holder of the bytes adds the row, later ones (anyone) only a reference.
        try await read { connection in
            try await transaction(on: connection) {
                try await connection.query(
                    "SELECT pg_advisory_xact_lock(\(Self.ownerLockSpace), hashtext(\(owner.uuidString)))",
                    logger: logger)
                try await lockAsset(sha256, on: connection)
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
                try await connection.query(
                    """
                    WITH blob AS (
                        INSERT INTO asset_blobs (sha256, contentType, byteCount, createdAt)
                        VALUES (\(sha256), \(contentType), \(byteCount), \(date.storeValue))
                        ON CONFLICT (sha256) DO NOTHING
                        RETURNING sha256
                    ), job AS (
                        INSERT INTO jobs (kind, subject, runAfter, createdAt)
                        SELECT \(job?.rawValue ?? ""), sha256, \(date.storeValue), \(date.storeValue) FROM blob
                        WHERE \(job != nil)
                        ON CONFLICT DO NOTHING
                    )
                    INSERT INTO asset_refs (sha256, ownerID, byteCount, createdAt)
                    VALUES (\(sha256), \(owner.rawValue), \(byteCount), \(date.storeValue))
                    ON CONFLICT (sha256, ownerID) DO NOTHING
                    """, logger: logger)
            }
        }
    }

    /// The advisory lock space of assets ("BLOB"), one lock per SHA-256.
    static let assetLockSpace: Int32 = 0x424C_4F42

    func lockAsset(_ sha256: String, on connection: PostgresConnection) async throws {
        try await connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.assetLockSpace), hashtext(\(sha256)))", logger: logger)
    }

    public func asset(sha256: String) async throws -> StoredAsset? {
        try await read { connection in
            try await connection.rows(
                """
                SELECT contentType, byteCount, createdAt, width, height, durationSeconds
                FROM asset_blobs WHERE sha256 = \(sha256)
                """, logger: logger
            ) { row in
                let (contentType, byteCount, createdAt, width, height, duration) = try row.decode(
                    (String, Int64, Int64, Int32?, Int32?, Double?).self)
                return StoredAsset(
                    sha256: sha256, contentType: contentType, byteCount: byteCount,
                    uploadedAt: Timestamp.date(milliseconds: createdAt),
                    facts: MediaFacts(
                        width: width.map(Int.init), height: height.map(Int.init), durationSeconds: duration))
            }.first
        }
    }

    public func releaseAsset(sha256: String, owner: UserID) async throws -> AssetRelease {
        try await read { connection in
            var release = AssetRelease.notHeld
            try await transaction(on: connection) {
                try await lockAsset(sha256, on: connection)
                let held = try await connection.rows(
                    "SELECT 1 FROM asset_refs WHERE sha256 = \(sha256) AND ownerID = \(owner.rawValue)", logger: logger
                ) { try $0.decode(Int.self) }
                guard !held.isEmpty else { return }
                let use = try await connection.rows(
                    """
                    SELECT 'annotation', a.id::text FROM annotations a
                    WHERE a.ownerID = \(owner.rawValue) AND NOT a.isDeleted AND (a.cloudAssetID = \(sha256)
                        OR EXISTS (SELECT 1 FROM attachments t WHERE t.annotationID = a.id AND t.cloudAssetID = \(sha256)))
                    UNION ALL
                    SELECT 'worldMap', w.id::text FROM world_maps w
                    WHERE w.ownerID = \(owner.rawValue) AND (w.worldMapAssetID = \(sha256) OR w.thumbnailAssetID = \(sha256))
                    UNION ALL
                    SELECT 'challengeCompletion', c.challengeID FROM challenge_assignments c
                    WHERE c.userID = \(owner.rawValue) AND c.photoAssetID = \(sha256)
                    LIMIT 1
                    """, logger: logger
                ) { try $0.decode((String, String).self) }
                if let (kind, id) = use.first {
                    release = .inUse(kind: kind, id: id)
                    return
                }
                let left =
                    try await connection.rows(
                        """
                        WITH gone AS (DELETE FROM asset_refs WHERE sha256 = \(sha256) AND ownerID = \(owner.rawValue))
                        SELECT count(*)::bigint FROM asset_refs WHERE sha256 = \(sha256) AND ownerID <> \(owner.rawValue)
                        """, logger: logger
                    ) { try $0.decode(Int64.self) }.first ?? 0
                release = .released(collectable: left == 0)
                guard left == 0 else { return }
                try await connection.query(
                    """
                    WITH renditions AS (DELETE FROM asset_renditions WHERE sha256 = \(sha256))
                    DELETE FROM asset_blobs WHERE sha256 = \(sha256)
                    """, logger: logger)
            }
            return release
        }
    }

    public func inlineAssets(limit: Int) async throws -> [InlineAsset] {
        try await read { connection in
            try await connection.rows(
                "SELECT sha256, data FROM asset_blobs WHERE data IS NOT NULL LIMIT \(limit)", logger: logger
            ) { row in
                let (sha256, data) = try row.decode((String, ByteBuffer).self)
                return InlineAsset(sha256: sha256, data: Data(buffer: data))
            }
        }
    }

    public func clearInlineAsset(sha256: String) async throws {
        try await read { connection in
            _ = try await connection.query(
                "UPDATE asset_blobs SET data = NULL WHERE sha256 = \(sha256)", logger: logger)
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
