import Foundation

extension Layer: DeclaredRecord {
    /// Every field of a layer, once (docs/architecture.md, "Record declarations"). Its grants live
    /// in `grants` and have no column here.
    public static let declaration = RecordDeclaration<Layer>(
        table: "layers", schemaName: "Layer",
        blank: Layer(
            id: LayerID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))), name: "", icon: "", color: .gray,
            ownerID: UserID(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))), isVisible: false,
            createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each (a single literal of them all is slow to type-check).
    private static func declaredFields() -> [RecordField<Layer>] {
        var fields: [RecordField<Layer>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(.edited("name", \.name, schema: .string,
            columns: [.requiredText("name", { $0.name }, { $0.name = $1 })]))
        fields.append(.edited("icon", \.icon, schema: .string,
            columns: [.requiredText("icon", { $0.icon }, { $0.icon = $1 })]))
        fields.append(.edited("color", \.color, schema: .cases(of: LayerColor.self),
            columns: [.enumeration("color", { $0.color }, { $0.color = $1 })]))
        fields.append(.edited("parentLayerID", \.parentLayerID, schema: .uuid,
            columns: [.optionalIdentifier("parentLayerID", { $0.parentLayerID }, { $0.parentLayerID = $1 })]))
        fields.append(.serverKept("ownerID", \.ownerID, schema: .uuid,
            columns: [.identifier("ownerID", { $0.ownerID }, { $0.ownerID = $1 })]))
        fields.append(.serverKept("permissions", \.permissions, schema: .array(.component("Permission"))))
        fields.append(.edited("isPublic", \.isPublic, schema: .boolean,
            columns: [.boolean("isPublic", { $0.isPublic }, { $0.isPublic = $1 })]))
        fields.append(.edited("isVisible", \.isVisible, schema: .boolean,
            columns: [.boolean("isVisible", { $0.isVisible }, { $0.isVisible = $1 })]))
        fields.append(.edited("autoExpireDays", \.autoExpireDays, schema: .integer, columns: [
            .optionalInteger("autoExpireDays", { $0.autoExpireDays.map(Int64.init) }, { $0.autoExpireDays = $1.map(Int.init) }),
        ]))
        fields.append(.edited("defaultPermission", \.defaultPermission, schema: .cases(of: PermissionLevel.self),
            columns: [.enumeration("defaultPermission", { $0.defaultPermission }, { $0.defaultPermission = $1 })]))
        fields.append(.serverKept("createdAt", \.createdAt, schema: .date,
            columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(.latest("updatedAt", \.updatedAt, columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        fields.append(.deletion("isDeleted", \.isDeleted, columns: [.boolean("isDeleted", { $0.isDeleted }, { $0.isDeleted = $1 })]))
        fields.append(.editStamps("fieldStamps", \.fieldStamps,
            columns: [.json("fieldStamps", { $0.fieldStamps }, { $0.fieldStamps = $1 })]))
        return fields
    }
}
