import Foundation
import GRDB
import RealityCore

extension SQLiteStore: WorldMapRepository {
    public func worldMap(id: WorldMapID) async throws -> WorldMap? {
        try await read { db in
            let rows = try db.rows(sql: "SELECT * FROM world_maps WHERE id = ?", arguments: [id.uuidString])
            return try WorldMapRecord.worldMaps(from: rows, in: db).first
        }
    }

    public func worldMaps(visibleTo viewer: UserID) async throws -> [WorldMap] {
        try await read { db in
            // `sharedWith` is JSON text, kept as a blob since the declaration binds JSON as bytes;
            // the cast reads both.
            let rows = try db.rows(
                sql: """
                    SELECT w.* FROM world_maps w
                    WHERE w.ownerID = ?1
                       OR (w.isShared = 1 AND EXISTS (
                           SELECT 1 FROM json_each(CAST(w.sharedWith AS TEXT)) WHERE value = ?1))
                    ORDER BY w.lastUsedAt DESC, w.id
                    """,
                arguments: [viewer.uuidString])
            return try WorldMapRecord.worldMaps(from: rows, in: db)
        }
    }
}
