import Foundation
import GRDB
import RealityCore

/// The `world_maps` and `anchors` tables.
enum WorldMapRecord {
    /// Inserts or replaces a world map and replaces its anchors.
    static func save(_ map: WorldMap, in db: Database) throws {
        let id = map.id.uuidString
        // Anchor IDs are unique across maps and not secret (annotations name them): an anchor of
        // another map must not be replaced, and so taken out of that map, by this one.
        for chunk in map.anchors.map(\.id.uuidString).chunked(into: 500) where !chunk.isEmpty {
            if let taken = try db.value(String.self, sql: "SELECT id FROM anchors WHERE worldMapID != ? AND id IN (\(placeholders(chunk.count))) LIMIT 1",
                arguments: StatementArguments([id] + chunk))
            {
                throw StoreError.conflict(recordType: .worldMap, id: taken)
            }
        }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO world_maps (
                    id, worldMapAssetID, locationName, locationDescription, thumbnailAssetID, ownerID,
                    isShared, sharedWith, createdAt, updatedAt, lastUsedAt
                ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                id, map.worldMapAssetID, map.locationName, map.locationDescription, map.thumbnailAssetID,
                map.ownerID.uuidString, map.isShared, String(decoding: try ColumnJSON.encode(map.sharedWith), as: UTF8.self),
                map.createdAt.storeValue, map.updatedAt.storeValue, map.lastUsedAt.storeValue,
            ])
        try db.execute(sql: "DELETE FROM anchors WHERE worldMapID = ?", arguments: [id])
        let insert = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO anchors (id, worldMapID, position, transform, x, y, z, annotationID)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (index, anchor) in map.anchors.enumerated() {
            let p = anchor.position
            try insert.execute(arguments: [
                anchor.id.uuidString, id, index, try ColumnJSON.encode(anchor.transform),
                Double(p.x), Double(p.y), Double(p.z), anchor.annotationID?.uuidString,
            ])
        }
    }

    /// World maps from `world_maps` rows, with their anchors.
    static func worldMaps(from rows: [Row], in db: Database) throws -> [WorldMap] {
        try rows.map { row in
            let id: String = row["id"]
            let anchors = try db.rows(sql: "SELECT * FROM anchors WHERE worldMapID = ? ORDER BY position", arguments: [id]
            ).map { anchorRow in
                WorldAnchor(
                    id: try anchorRow.identifier("id"),
                    transform: try anchorRow.json("transform", as: Transform.self) ?? .identity,
                    annotationID: try anchorRow.optionalIdentifier("annotationID"))
            }
            return WorldMap(
                id: try row.identifier("id"),
                worldMapAssetID: row["worldMapAssetID"],
                anchors: anchors,
                locationName: row["locationName"],
                locationDescription: row["locationDescription"],
                thumbnailAssetID: row["thumbnailAssetID"],
                ownerID: try row.identifier("ownerID"),
                isShared: row["isShared"],
                sharedWith: try Self.sharedWith(row),
                createdAt: row.date("createdAt"),
                updatedAt: row.date("updatedAt"),
                lastUsedAt: row.date("lastUsedAt"))
        }
    }
}

extension WorldMapRecord {
    /// `sharedWith`, stored as JSON text so SQLite's JSON functions read it on every version.
    static func sharedWith(_ row: Row) throws -> [UserID] {
        guard let text: String = row["sharedWith"] else { return [] }
        do {
            return try RealityJSON.decoder().decode([UserID].self, from: Data(text.utf8))
        } catch {
            throw StoreError.unavailable(detail: "world_maps.sharedWith holds unreadable JSON: \(error)")
        }
    }
}
