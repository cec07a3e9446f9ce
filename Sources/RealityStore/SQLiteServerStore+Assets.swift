import Foundation
import GRDB
import RealityCore

/// Assets in the `asset_blobs` and `asset_refs` tables (migrations v3 and media19, SPEC D5); their
/// bytes are in the server's blob store.
extension SQLiteServerStore: AssetRepository {
    public func putAsset(
        sha256: String, owner: UserID, contentType: String, byteCount: Int64, at date: Date, quotaBytes: Int64?,
        job: JobKind?
    ) async throws {
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
            // The first holder of the bytes adds the asset's row; later ones (anyone) a reference.
            try db.execute(
                sql: """
                    INSERT INTO asset_blobs (sha256, contentType, byteCount, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(sha256) DO NOTHING
                    """,
                arguments: [sha256, contentType, byteCount, date.storeValue])
            if let job, db.changesCount > 0 {
                try db.execute(
                    sql: """
                        INSERT INTO jobs (kind, subject, runAfter, createdAt) VALUES (?, ?, ?, ?)
                        ON CONFLICT DO NOTHING
                        """,
                    arguments: [job.rawValue, sha256, date.storeValue, date.storeValue])
            }
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
            try Row.fetchOne(
                db,
                sql: """
                    SELECT contentType, byteCount, createdAt, width, height, durationSeconds
                    FROM asset_blobs WHERE sha256 = ?
                    """,
                arguments: [sha256]
            ).map { row in
                StoredAsset(
                    sha256: sha256, contentType: row["contentType"], byteCount: row["byteCount"],
                    uploadedAt: Timestamp.date(milliseconds: row["createdAt"]),
                    facts: MediaFacts(
                        width: row["width"], height: row["height"], durationSeconds: row["durationSeconds"]))
            }
        }
    }

    public func releaseAsset(sha256: String, owner: UserID) async throws -> AssetRelease {
        try await write { db in
            let arguments: StatementArguments = [sha256, owner.uuidString]
            guard
                try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM asset_refs WHERE sha256 = ?1 AND ownerID = ?2", arguments: arguments)
                    != nil
            else { return .notHeld }
            if let row = try Row.fetchOne(db, sql: Self.assetUseSQL, arguments: arguments) {
                return .inUse(kind: row["kind"], id: row["id"])
            }
            try db.execute(sql: "DELETE FROM asset_refs WHERE sha256 = ?1 AND ownerID = ?2", arguments: arguments)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM asset_refs WHERE sha256 = ?", arguments: [sha256]) == nil
            else { return .released(collectable: false) }
            try db.execute(sql: "DELETE FROM asset_renditions WHERE sha256 = ?", arguments: [sha256])
            try db.execute(sql: "DELETE FROM asset_blobs WHERE sha256 = ?", arguments: [sha256])
            return .released(collectable: true)
        }
    }

    /// A record of owner `?2` that names asset `?1`: an annotation not deleted (its content or an
    /// attachment), a world map, or an Out of Box completion (its photo).
    private static let assetUseSQL = """
        SELECT 'annotation' AS kind, a.id FROM annotations a
        WHERE a.ownerID = ?2 AND a.isDeleted = 0 AND (a.cloudAssetID = ?1
            OR EXISTS (SELECT 1 FROM attachments t WHERE t.annotationID = a.id AND t.cloudAssetID = ?1))
        UNION ALL
        SELECT 'worldMap', w.id FROM world_maps w
        WHERE w.ownerID = ?2 AND (w.worldMapAssetID = ?1 OR w.thumbnailAssetID = ?1)
        UNION ALL
        SELECT 'challengeCompletion', c.challengeID FROM challenge_assignments c
        WHERE c.userID = ?2 AND c.photoAssetID = ?1
        LIMIT 1
        """

    public func inlineAssets(limit: Int) async throws -> [InlineAsset] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT sha256, data FROM asset_blobs WHERE data IS NOT NULL LIMIT ?", arguments: [limit]
            ).map { InlineAsset(sha256: $0["sha256"], data: $0["data"]) }
        }
    }

    public func clearInlineAsset(sha256: String) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE asset_blobs SET data = NULL WHERE sha256 = ?", arguments: [sha256])
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
