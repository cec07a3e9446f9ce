import Foundation
import GRDB
import RealityCore

/// The `world_maps` table, as ``WorldMap/declaration`` lists its columns, and `anchors`, which
/// holds each map's anchors in order.
enum WorldMapRecord {
    /// The table, from the declaration.
    static let table = DeclaredTable(WorldMap.declaration)

    /// Inserts or updates a world map (the change log's columns of an existing row stay) and
    /// replaces its anchors.
    static func save(_ map: WorldMap, in db: Database) throws {
        let id = map.id.uuidString
        // Anchor IDs are unique across maps and not secret (annotations name them): an anchor of
        // another map must not be replaced, and so taken out of that map, by this one.
        for chunk in map.anchors.map(\.id.uuidString).chunked(into: 500) where !chunk.isEmpty {
            if let taken = try db.value(
                String.self,
                sql: "SELECT id FROM anchors WHERE worldMapID != ? AND id IN (\(placeholders(chunk.count))) LIMIT 1",
                arguments: StatementArguments([id] + chunk))
            {
                throw StoreError.conflict(recordType: .worldMap, id: taken)
            }
        }
        try db.cachedStatement(sql: table.upsertSQL).execute { bindings in try table.bind(map, to: &bindings) }
        try db.execute(sql: "DELETE FROM anchors WHERE worldMapID = ?", arguments: [id])
        let insert = try db.cachedStatement(
            sql: """
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

    /// World maps from rows that hold the table's columns (found by name), with their anchors.
    static func worldMaps(from rows: [Row], in db: Database) throws -> [WorldMap] {
        guard let first = rows.first else { return [] }
        let positions = try table.positions(in: first)
        return try rows.map { row in
            var map = try table.record(from: row, positions: positions)
            map.anchors = try db.rows(
                sql: "SELECT * FROM anchors WHERE worldMapID = ? ORDER BY position", arguments: [map.id.uuidString]
            ).map { anchorRow in
                WorldAnchor(
                    id: try anchorRow.identifier("id"),
                    transform: try anchorRow.json("transform", as: Transform.self) ?? .identity,
                    annotationID: try anchorRow.optionalIdentifier("annotationID"))
            }
            return map
        }
    }
}
