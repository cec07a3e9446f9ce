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

    /// The layer with `id` and its ancestors, nearest first, read on `db`: one indexed lookup per
    /// layer, following `parentLayerID`, until a layer has no parent, its parent is missing or
    /// already in the chain, or the chain holds ``LayerChain/maxDepth`` layers. Each row says
    /// whether its layer has grants, so that grants are queried only for the layers that have
    /// some. (Most chains are one or two layers: a few point lookups cost a fraction of a
    /// recursive query, which builds a table of the chain and sorts it.)
    static func layerChain(startingAt id: LayerID, in db: Database) throws -> LayerChain {
        try layerChain(startingAt: id, firstLink: nil, in: db)
    }

    /// ``layerChain(startingAt:in:)`` when the first layer (and whether it has grants) was read
    /// already, with the item that sits in it; nil `firstLink` reads it too.
    static func layerChain(
        startingAt id: LayerID, firstLink: (layer: Layer, hasGrants: Bool)?, in db: Database
    ) throws -> LayerChain {
        var layers: [Layer] = []
        var granted: [String] = []
        func add(_ layer: Layer, hasGrants: Bool) {
            if hasGrants { granted.append(layer.id.uuidString) }
            layers.append(layer)
        }
        var next: LayerID? = id
        if let firstLink {
            add(firstLink.layer, hasGrants: firstLink.hasGrants)
            next = firstLink.layer.parentLayerID
        }
        let hasGrants = LayerRecord.columnNames.count
        while let current = next, layers.count < LayerChain.maxDepth, !layers.contains(where: { $0.id == current }) {
            next = nil
            try db.eachRow(sql: chainLinkSQL, binding: { $0.bind(current.uuidString) }) { row in
                let layer = try LayerRecord.layer(from: row)
                add(layer, hasGrants: row.bool(at: hasGrants))
                next = layer.parentLayerID
            }
        }
        try LayerRecord.attachGrants(to: &layers, granted: granted, in: db)
        return LayerChain(layers)
    }

    /// One layer of a chain and whether it has grants.
    private static var chainLinkSQL: String { layerChainLinkSQL }

    public func layers(visibleTo viewer: UserID, at date: Date) async throws -> [Layer] {
        try await read { db in
            let rows = try db.rows(
                sql: """
                    WITH RECURSIVE \(AccessSQL.visibleLayersCTE)
                    SELECT * FROM layers WHERE id IN visible_layers ORDER BY createdAt, id
                    """,
                arguments: ["viewer": viewer.uuidString, "now": date.storeValue])
            return try LayerRecord.layers(from: rows, in: db)
        }
    }

    public func childLayers(of id: LayerID) async throws -> [Layer] {
        try await read { db in
            let rows = try db.rows(
                sql: "SELECT * FROM layers WHERE parentLayerID = ? AND isDeleted = 0 ORDER BY createdAt, id",
                arguments: [id.uuidString])
            return try LayerRecord.layers(from: rows, in: db)
        }
    }

    public func descendantLayers(of id: LayerID) async throws -> [Layer] {
        try await read { db in
            let rows = try db.rows(
                sql: """
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
        try await read { db in try LayerRecord.countedLayers(of: owner, in: db) }
    }
}

/// One link of a layer chain (a stored constant: a generic type cannot hold one).
private let layerChainLinkSQL = "SELECT \(LayerRecord.linkSelection(alias: "l")) FROM layers l WHERE l.id = ?"
