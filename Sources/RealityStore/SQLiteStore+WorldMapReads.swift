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

    public func worldMapIDs(holding anchors: Set<AnchorID>) async throws -> [AnchorID: WorldMapID] {
        guard !anchors.isEmpty else { return [:] }
        return try await read { db in
            var found: [AnchorID: WorldMapID] = [:]
            let statement = try db.cachedStatement(sql: "SELECT worldMapID FROM anchors WHERE id = ?")
            for anchor in anchors {
                if let map = try String.fetchOne(statement, arguments: [anchor.uuidString])
                    .flatMap(WorldMapID.init(uuidString:))
                {
                    found[anchor] = map
                }
            }
            return found
        }
    }

    public func worldMap(id: WorldMapID, visibleTo viewer: UserID, at now: Date) async throws -> WorldMap? {
        try await worldMaps(visibleTo: viewer, at: now, only: id).first
    }

    public func worldMaps(visibleTo viewer: UserID, at now: Date) async throws -> [WorldMap] {
        try await worldMaps(visibleTo: viewer, at: now, only: nil)
    }

    /// The maps `viewer` may see at `now`, or only map `id` when given.
    private func worldMaps(visibleTo viewer: UserID, at now: Date, only id: WorldMapID?) async throws -> [WorldMap] {
        try await read { db in
            // `sharedWith` is JSON text, kept as a blob since the declaration binds JSON as bytes;
            // the cast reads both.
            let rows = try db.rows(
                sql: """
                    WITH RECURSIVE \(AccessSQL.visibleLayersCTE)
                    SELECT w.* FROM world_maps w
                    WHERE (:id IS NULL OR w.id = :id)
                      AND (w.ownerID = :viewer
                       OR (w.isShared = 1 AND EXISTS (
                           SELECT 1 FROM json_each(CAST(w.sharedWith AS TEXT)) WHERE value = :viewer))
                       OR EXISTS (
                           SELECT 1 FROM anchors an JOIN annotations a ON a.anchorID = an.id
                           WHERE an.worldMapID = w.id AND \(AccessSQL.annotationPredicate)))
                    ORDER BY w.lastUsedAt DESC, w.id
                    """,
                arguments: ["viewer": viewer.uuidString, "now": now.storeValue, "id": id?.uuidString])
            return try WorldMapRecord.worldMaps(from: rows, in: db)
        }
    }
}
