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

    public func worldMapIDs(holding anchors: Set<AnchorID>) async throws -> [AnchorID: WorldMapID] {
        guard !anchors.isEmpty else { return [:] }
        let pairs = try await read { connection in
            try await connection.rows(
                "SELECT id, worldMapID FROM anchors WHERE id = ANY(\(anchors.map(\.rawValue)))", logger: logger
            ) { row in
                let (anchor, map) = try row.decode((UUID, UUID).self)
                return (AnchorID(anchor), WorldMapID(map))
            }
        }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    public func worldMap(id: WorldMapID, visibleTo viewer: UserID, at now: Date) async throws -> WorldMap? {
        try await worldMaps(visibleTo: viewer, at: now, only: id).first
    }

    public func worldMaps(visibleTo viewer: UserID, at now: Date) async throws -> [WorldMap] {
        try await worldMaps(visibleTo: viewer, at: now, only: nil)
    }

    /// The maps `viewer` may see at `now` (the SQLite store's rule), or only map `id` when given.
    private func worldMaps(visibleTo viewer: UserID, at now: Date, only id: WorldMapID?) async throws -> [WorldMap] {
        var query = PostgresQuery(
            unsafeSQL: """
                WITH RECURSIVE \(PostgresAccessSQL.visibleLayersCTE(viewer: "$1", now: "$2"))
                SELECT \(WorldMapColumns.selection) FROM world_maps w
                WHERE ($3::uuid IS NULL OR w.id = $3)
                  AND (w.ownerID = $1 OR (w.isShared AND w.sharedWith ? $1::text)
                   OR EXISTS (
                       SELECT 1 FROM anchors an JOIN annotations a ON a.anchorID = an.id
                       WHERE an.worldMapID = w.id AND \(PostgresAccessSQL.annotationPredicate(viewer: "$1", now: "$2"))))
                ORDER BY w.lastUsedAt DESC, w.id
                """)
        query.binds.append(viewer.rawValue)
        query.binds.append(now.storeValue)
        query.binds.append(id?.rawValue)
        return try await worldMaps(query)
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
