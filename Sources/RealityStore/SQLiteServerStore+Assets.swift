import Foundation
import GRDB
import RealityCore

/// Assets in the `asset_blobs` and `asset_refs` tables (migration v3, SPEC D5).
extension SQLiteServerStore: AssetRepository {
    public func putAsset(
        sha256: String, owner: UserID, contentType: String, data: Data, at date: Date, quotaBytes: Int64?
    ) async throws {
        let byteCount = Int64(data.count)
        try await write { db in
            if try Bool.fetchOne(
                db, sql: "SELECT 1 FROM asset_refs WHERE sha256 = ? AND ownerID = ?",
                arguments: [sha256, owner.uuidString]) != nil
            {
                return
            }
            if let quotaBytes {
                let used =
                    try Int64.fetchOne(
                        db, sql: "SELECT coalesce(sum(byteCount), 0) FROM asset_refs WHERE ownerID = ?",
                        arguments: [owner.uuidString]) ?? 0
                if used + byteCount > quotaBytes { throw AssetQuotaExceeded(usedBytes: used) }
            }
            // The first upload of the bytes stores them; later ones (by anyone) only add a reference.
            try db.execute(
                sql: """
                    INSERT INTO asset_blobs (sha256, contentType, byteCount, data, createdAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(sha256) DO NOTHING
                    """,
                arguments: [sha256, contentType, byteCount, data, date.storeValue])
            try db.execute(
                sql: """
                    INSERT INTO asset_refs (sha256, ownerID, byteCount, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(sha256, ownerID) DO NOTHING
                    """,
                arguments: [sha256, owner.uuidString, byteCount, date.storeValue])
        }
    }

    public func asset(sha256: String) async throws -> StoredAsset? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT contentType, data FROM asset_blobs WHERE sha256 = ?", arguments: [sha256])
                .map { StoredAsset(sha256: sha256, contentType: $0["contentType"], data: $0["data"]) }
        }
    }

    public func ownsAsset(sha256: String, owner: UserID) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM asset_refs WHERE sha256 = ? AND ownerID = ?",
                arguments: [sha256, owner.uuidString]) ?? false
        }
    }

    public func assetReferences(sha256: String) async throws -> AssetReferences {
        // Only records whose author owns the asset: a hash anyone else put in a record is a
        // name, not a grant (issue 17).
        try await read { db in
            let annotations = try String.fetchAll(
                db,
                sql: """
                    SELECT a.id FROM annotations a
                    JOIN asset_refs r ON r.sha256 = a.cloudAssetID AND r.ownerID = a.ownerID
                    WHERE a.cloudAssetID = ?1 AND a.isDeleted = 0
                    UNION
                    SELECT a.id FROM attachments t JOIN annotations a ON a.id = t.annotationID
                    JOIN asset_refs r ON r.sha256 = t.cloudAssetID AND r.ownerID = a.ownerID
                    WHERE t.cloudAssetID = ?1 AND a.isDeleted = 0
                    LIMIT 100
                    """,
                arguments: [sha256])
            let maps = try String.fetchAll(
                db,
                sql: """
                    SELECT w.id FROM world_maps w
                    WHERE (w.worldMapAssetID = ?1 OR w.thumbnailAssetID = ?1)
                      AND EXISTS (SELECT 1 FROM asset_refs r WHERE r.sha256 = ?1 AND r.ownerID = w.ownerID)
                    LIMIT 100
                    """,
                arguments: [sha256])
            return AssetReferences(
                annotations: annotations.compactMap(AnnotationID.init(uuidString:)),
                worldMaps: maps.compactMap(WorldMapID.init(uuidString:)))
        }
    }
}
