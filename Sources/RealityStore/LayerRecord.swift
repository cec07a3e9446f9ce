import Foundation
import GRDB
import RealityCore

/// The `layers` table, as ``Layer/declaration`` lists its columns. Grants live in `grants` and
/// are attached on read.
enum LayerRecord {
    /// The table, from the declaration.
    static let table = DeclaredTable(Layer.declaration)

    /// The columns a layer is read from, in order.
    static let columns = table.declaration.readColumns.map(\.name).joined(separator: ", ")

    /// The names in ``columns``, in order.
    static let columnNames = table.declaration.readColumns.map(\.name)

    /// Inserts `layer`'s own fields or updates them; the change log's columns of an existing row
    /// (its change tag, creation and placement commits) stay.
    static func save(_ layer: Layer, in db: Database) throws {
        try db.cachedStatement(sql: table.upsertSQL).execute { bindings in try table.bind(layer, to: &bindings) }
    }

    /// A layer from a row whose first columns are ``columns``, in that order, without its grants.
    static func layer(from row: some ColumnReading) throws -> Layer {
        try table.record(from: row, at: 0)
    }

    /// A layer from a row that holds ``columns`` in that order from position `offset` on,
    /// without its grants.
    static func layer(from row: some ColumnReading, at offset: Int) throws -> Layer {
        try table.record(from: row, at: offset)
    }

    /// ``columns`` of the table aliased `alias`, then whether the layer has grants: the columns
    /// of a layer-chain link, which ``layer(from:at:)`` reads and ``columnNames``'s count indexes.
    static func linkSelection(alias: String) -> String {
        table.selection(alias: alias)
            + ", EXISTS(SELECT 1 FROM grants g WHERE g.targetType = 'layer' AND g.targetID = \(alias).id)"
    }

    /// Layers from rows holding the columns of ``columns`` (by name), each with its grants.
    static func layers(from rows: [Row], in db: Database) throws -> [Layer] {
        guard let first = rows.first else { return [] }
        let positions = try table.positions(in: first)
        var layers = try rows.map { try table.record(from: $0, positions: positions) }
        try attachGrants(to: &layers, granted: layers.map(\.id.uuidString), in: db)
        return layers
    }

    /// Reads the grants of the layers whose ids are `granted` (the others have none) and sets
    /// every layer's permissions from them.
    static func attachGrants(to layers: inout [Layer], granted: [String], in db: Database) throws {
        guard !granted.isEmpty else { return }
        let grants = try GrantRecord.grants(targetType: "layer", ids: granted, in: db)
        for index in layers.indices {
            layers[index].permissions = grants[layers[index].id.uuidString] ?? []
        }
    }
}

extension LayerRecord {
    /// How many of `owner`'s layers count against the plan: those not deleted, but for the default
    /// layer (``Identifier/defaultLayer(of:)``), which every user has and none can delete.
    static func countedLayers(of owner: UserID, in db: Database) throws -> Int {
        try db.value(
            Int.self, sql: "SELECT count(*) FROM layers WHERE ownerID = ? AND isDeleted = 0 AND id != ?",
            arguments: [owner.uuidString, LayerID.defaultLayer(of: owner).uuidString]) ?? 0
    }
}
