import Foundation
import GRDB
import RealityCore

/// An asset's renditions and media facts (`asset_renditions`, and columns of `asset_blobs`, from
/// migration renditions19; issue 19).
extension SQLiteServerStore {
    public func saveRenditions(_ renditions: [AssetRendition], facts: MediaFacts, of sha256: String) async throws
        -> Bool
    {
        try await write { db in
            try db.execute(
                sql: "UPDATE asset_blobs SET width = ?, height = ?, durationSeconds = ? WHERE sha256 = ?",
                arguments: [facts.width, facts.height, facts.durationSeconds, sha256])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM asset_renditions WHERE sha256 = ?", arguments: [sha256])
            for rendition in renditions {
                try db.execute(
                    sql: """
                        INSERT INTO asset_renditions (sha256, kind, blobSHA256, contentType, byteCount, width, height)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        sha256, rendition.kind.rawValue, rendition.blobSHA256, rendition.contentType,
                        rendition.byteCount, rendition.width, rendition.height,
                    ])
            }
            return true
        }
    }

    public func rendition(of sha256: String, kind: RenditionKind) async throws -> AssetRendition? {
        try await read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT blobSHA256, contentType, byteCount, width, height FROM asset_renditions
                    WHERE sha256 = ? AND kind = ?
                    """,
                arguments: [sha256, kind.rawValue]
            ).map { row in
                AssetRendition(
                    sha256: sha256, kind: kind, blobSHA256: row["blobSHA256"], contentType: row["contentType"],
                    byteCount: row["byteCount"], width: row["width"], height: row["height"])
            }
        }
    }

    public func isBlobNamed(_ sha256: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM asset_blobs WHERE sha256 = ?1)
                        OR EXISTS (SELECT 1 FROM asset_renditions WHERE blobSHA256 = ?1)
                    """,
                arguments: [sha256]) ?? false
        }
    }
}
