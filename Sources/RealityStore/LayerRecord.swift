import Foundation
import GRDB
import RealityCore

/// The `layers` table. Grants live in `grants` and are attached on read.
enum LayerRecord {
    static let columns = """
        id, name, icon, color, parentLayerID, ownerID, isPublic, isVisible, autoExpireDays,
        defaultPermission, createdAt, updatedAt, isDeleted, fieldStamps
        """

    /// Inserts `layer`'s own fields or updates them; the change log's columns of an existing row
    /// (its change tag, creation and placement commits) stay.
    static func save(_ layer: Layer, in db: Database) throws {
        try db.cachedStatement(sql: upsertSQL).execute(arguments: [
            layer.id.uuidString, layer.name, layer.icon, layer.color.rawValue,
            layer.parentLayerID?.uuidString, layer.ownerID.uuidString, layer.isPublic, layer.isVisible,
            layer.autoExpireDays, layer.defaultPermission.rawValue, layer.createdAt.storeValue,
            layer.updatedAt.storeValue, layer.isDeleted, try layer.fieldStamps.map(ColumnJSON.encode),
        ])
    }

    private static let upsertSQL = """
        INSERT INTO layers (\(columns)) VALUES (\(placeholders(columnNames.count)))
        ON CONFLICT(id) DO UPDATE SET \(columnNames.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
        """

    /// Where the columns of ``columns`` are in a statement's rows, by name (`SELECT *` and the
    /// like): looked up once per statement, then each row is read by position.
    private static func positions(in row: Row) throws -> [Int] {
        let names = Array(row.columnNames)
        return try columnNames.map { name in
            guard let index = names.firstIndex(of: name) else {
                throw StoreError.unavailable(detail: "a layer row lacks its column \(name)")
            }
            return index
        }
    }

    /// A layer from a row whose first columns are ``columns``, in that order, without its grants.
    static func layer(from row: some ColumnReading) throws -> Layer {
        try layer(from: row, positions: columnsInOrder)
    }

    /// A layer from a row that holds ``columns`` in that order at `positions`
    /// (``positions(from:)``, computed once per statement).
    static func layer(from row: some ColumnReading, at positions: [Int]) throws -> Layer {
        try layer(from: row, positions: positions)
    }

    /// The positions of ``columns`` in a row that holds them, in order, from position `offset` on.
    static func positions(from offset: Int) -> [Int] {
        columnsInOrder.map { $0 + offset }
    }

    /// ``columns`` of the table aliased `alias`, then whether the layer has grants: the columns
    /// of a layer-chain link, which ``layer(from:at:)`` reads and ``columnNames``'s count indexes.
    static func linkSelection(alias: String) -> String {
        columnNames.map { "\(alias).\($0)" }.joined(separator: ", ")
            + ", EXISTS(SELECT 1 FROM grants g WHERE g.targetType = 'layer' AND g.targetID = \(alias).id)"
    }

    private static let columnsInOrder = Array(columnNames.indices)

    /// The names in ``columns``, in order.
    static let columnNames = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// A layer from a row with the column named `columnNames[i]` at `positions[i]`.
    private static func layer(from row: some ColumnReading, positions: [Int]) throws -> Layer {
        Layer(
            id: try row.identifier(at: positions[0], column: "id"),
            name: try row.requiredText(at: positions[1], column: "name"),
            icon: try row.requiredText(at: positions[2], column: "icon"),
            color: try row.enumValue(at: positions[3], column: "color"),
            parentLayerID: try row.optionalIdentifier(at: positions[4], column: "parentLayerID"),
            ownerID: try row.identifier(at: positions[5], column: "ownerID"),
            isPublic: row.bool(at: positions[6]),
            isVisible: row.bool(at: positions[7]),
            autoExpireDays: row.integer(at: positions[8]).map { Int($0) },
            defaultPermission: try row.enumValue(at: positions[9], column: "defaultPermission"),
            createdAt: row.date(at: positions[10]),
            updatedAt: row.date(at: positions[11]),
            isDeleted: row.bool(at: positions[12]),
            fieldStamps: try row.blob(at: positions[13]).map {
                try ColumnJSON.decode(FieldStamps.self, from: $0, column: "fieldStamps")
            })
    }

    /// Layers from rows holding the columns of ``columns`` (by name), each with its grants.
    static func layers(from rows: [Row], in db: Database) throws -> [Layer] {
        guard let first = rows.first else { return [] }
        let positions = try positions(in: first)
        var layers = try rows.map { try layer(from: $0, positions: positions) }
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
