import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: WorldMapRepository {
    public func worldMap(id: WorldMapID) async throws -> WorldMap? {
        try await worldMaps(
            "SELECT \(unescaped: WorldMapColumns.selection) FROM world_maps w WHERE w.id = \(id.rawValue)"
        )
        .first
    }

    public func worldMaps(visibleTo viewer: UserID) async throws -> [WorldMap] {
        try await worldMaps(
            """
            SELECT \(unescaped: WorldMapColumns.selection) FROM world_maps w
            WHERE w.ownerID = \(viewer.rawValue) OR (w.isShared AND w.sharedWith ? \(viewer.uuidString))
            ORDER BY w.lastUsedAt DESC, w.id
            """)
    }

    /// The maps `query` selects, each with its anchors (one query for all of them).
    private func worldMaps(_ query: PostgresQuery) async throws -> [WorldMap] {
        try await read { connection in
            let maps = try await connection.rows(query, logger: logger, WorldMapColumns.worldMap(from:))
            return try await Self.withAnchors(maps, on: connection, logger: logger)
        }
    }

    /// `maps` with their anchors attached (one query for all of them).
    static func withAnchors(_ maps: [WorldMap], on connection: PostgresConnection, logger: Logger) async throws
        -> [WorldMap]
    {
        guard !maps.isEmpty else { return [] }
        var anchors: [UUID: [WorldAnchor]] = [:]
        for (mapID, anchor) in try await connection.rows(
            """
            SELECT \(unescaped: WorldMapColumns.anchorSelection) FROM anchors
            WHERE worldMapID = ANY(\(maps.map(\.id.rawValue))) ORDER BY worldMapID, position
            """, logger: logger, WorldMapColumns.anchor(from:))
        {
            anchors[mapID, default: []].append(anchor)
        }
        var maps = maps
        for index in maps.indices { maps[index].anchors = anchors[maps[index].id.rawValue] ?? [] }
        return maps
    }
}
