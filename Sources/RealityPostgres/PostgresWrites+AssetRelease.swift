import Foundation
import PostgresNIO
import RealityCore

extension PostgresWrites {
    /// As the SQLite store's `releaseAssets(of:in:)` (issue 19): purging an annotation releases
    /// its owner's references to the assets it names when no other annotation, no world map and no
    /// Out of Box completion of theirs names them; an asset no one holds any more loses its rows (under its lock, as a
    /// release does), and the blob sweeper collects its bytes and renditions.
    func releaseAssets(ofPurged key: UUID) async throws {
        let released = try await connection.rows(
            """
            WITH named AS (
                SELECT a.ownerID, a.cloudAssetID AS sha256 FROM annotations a
                WHERE a.id = \(key) AND a.cloudAssetID IS NOT NULL
                UNION
                SELECT a.ownerID, t.cloudAssetID FROM attachments t JOIN annotations a ON a.id = t.annotationID
                WHERE a.id = \(key) AND t.cloudAssetID IS NOT NULL
            )
            DELETE FROM asset_refs r USING named n
            WHERE r.sha256 = n.sha256 AND r.ownerID = n.ownerID
              AND NOT EXISTS (
                  SELECT 1 FROM annotations o WHERE o.ownerID = n.ownerID AND o.id <> \(key)
                    AND (o.cloudAssetID = n.sha256 OR EXISTS (
                        SELECT 1 FROM attachments ot WHERE ot.annotationID = o.id AND ot.cloudAssetID = n.sha256)))
              AND NOT EXISTS (
                  SELECT 1 FROM world_maps w WHERE w.ownerID = n.ownerID
                    AND (w.worldMapAssetID = n.sha256 OR w.thumbnailAssetID = n.sha256))
              AND NOT EXISTS (
                  SELECT 1 FROM challenge_assignments c WHERE c.userID = n.ownerID AND c.photoAssetID = n.sha256)
            RETURNING r.sha256
            """, logger: logger
        ) { try $0.decode(String.self) }
        for sha256 in Set(released).sorted() {
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(PostgresStore.assetLockSpace), hashtext(\(sha256)))", logger: logger)
            try await connection.query(
                """
                WITH renditions AS (
                    DELETE FROM asset_renditions WHERE sha256 = \(sha256)
                      AND NOT EXISTS (SELECT 1 FROM asset_refs WHERE sha256 = \(sha256))
                )
                DELETE FROM asset_blobs WHERE sha256 = \(sha256)
                  AND NOT EXISTS (SELECT 1 FROM asset_refs WHERE sha256 = \(sha256))
                """, logger: logger)
        }
    }
}
