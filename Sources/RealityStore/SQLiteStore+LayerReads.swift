import Foundation
import GRDB
import RealityCore

extension SQLiteStore: LayerRepository {
    public func layer(id: LayerID) async throws -> Layer? {
        try await read { db in
            let rows = try db.rows(sql: "SELECT * FROM layers WHERE id = ?", arguments: [id.uuidString])
            return try LayerRecord.layers(from: rows, in: db).first
        }
    }

    public func layerChain(startingAt id: LayerID) async throws -> LayerChain {
        try readNow { db in try Self.layerChain(startingAt: id, in: db) }
    }

    /// The layer with `id` and its ancestors, nearest first, read on `db`. Each row says whether
    /// its layer has grants, so that grants are queried only for the layers that have some.
    static func layerChain(startingAt id: LayerID, in db: Database) throws -> LayerChain {
        var layers: [Layer] = []
        var granted: [String] = []
        let hasGrants = LayerRecord.columnNames.count
        try db.eachRow(sql: layerChainSQL, arguments: [id.uuidString, LayerChain.maxDepth]) { row in
            let layer = try LayerRecord.layer(from: row)
            if row.bool(at: hasGrants) { granted.append(layer.id.uuidString) }
            layers.append(layer)
        }
        try LayerRecord.attachGrants(to: &layers, granted: granted, in: db)
        return LayerChain(layers)
    }

    private static let layerChainSQL = """
        WITH RECURSIVE chain(id, depth) AS (
            SELECT ?, 0
            UNION ALL
            SELECT l.parentLayerID, c.depth + 1 FROM layers l JOIN chain c ON l.id = c.id
            WHERE l.parentLayerID IS NOT NULL AND c.depth < ?
        )
        SELECT \(LayerRecord.columnNames.map { "l." + $0 }.joined(separator: ", ")),
            EXISTS(SELECT 1 FROM grants g WHERE g.targetType = 'layer' AND g.targetID = l.id)
        FROM chain c JOIN layers l ON l.id = c.id ORDER BY c.depth
        """

    public func layers(visibleTo viewer: UserID, at date: Date) async throws -> [Layer] {
        try await read { db in
            let rows = try db.rows(sql: """
                    WITH RECURSIVE \(AccessSQL.visibleLayersCTE)
                    SELECT * FROM layers WHERE id IN visible_layers ORDER BY createdAt, id
                    """,
                arguments: ["viewer": viewer.uuidString, "now": date.storeValue])
            return try LayerRecord.layers(from: rows, in: db)
        }
    }

    public func childLayers(of id: LayerID) async throws -> [Layer] {
        try await read { db in
            let rows = try db.rows(sql: "SELECT * FROM layers WHERE parentLayerID = ? AND isDeleted = 0 ORDER BY createdAt, id",
                arguments: [id.uuidString])
            return try LayerRecord.layers(from: rows, in: db)
        }
    }

    public func descendantLayers(of id: LayerID) async throws -> [Layer] {
        try await read { db in
            let rows = try db.rows(sql: """
                    WITH RECURSIVE below(id, depth) AS (
                        SELECT id, 1 FROM layers WHERE parentLayerID = ? AND isDeleted = 0
                        UNION
                        SELECT l.id, b.depth + 1 FROM layers l JOIN below b ON l.parentLayerID = b.id
                        WHERE l.isDeleted = 0 AND b.depth < ?
                    )
                    SELECT l.* FROM layers l WHERE l.id IN (SELECT id FROM below) ORDER BY l.createdAt, l.id
                    """,
                arguments: [id.uuidString, LayerChain.maxDepth])
            return try LayerRecord.layers(from: rows, in: db)
        }
    }

    public func layerCount(ownedBy owner: UserID) async throws -> Int {
        try await read { db in
            try db.value(Int.self, sql: "SELECT count(*) FROM layers WHERE ownerID = ? AND isDeleted = 0",
                arguments: [owner.uuidString]) ?? 0
        }
    }
}
