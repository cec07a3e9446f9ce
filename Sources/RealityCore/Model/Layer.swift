import Foundation

/// A named, coloured collection of annotations that can nest, be shared and be hidden
/// (seed 001 §2.1, SPEC M2).
///
/// The seed's `childLayers` and `annotations` relationships are queries in this value model
/// (`LayerService.childLayers(of:)`, `AnnotationService.fetchAnnotations(in:)`).
public struct Layer: Codable, Hashable, Sendable, Identifiable {
    /// Stable identity across devices.
    public var id: LayerID
    /// Display name, 1 to 50 characters.
    public var name: String
    /// An SF Symbol name.
    public var icon: String
    /// One of the eight layer colours.
    public var color: LayerColor
    /// The layer this one is nested in, if any.
    public var parentLayerID: LayerID?
    /// The user who created it.
    public var ownerID: UserID
    /// Grants to other users; they apply to its annotations and child layers too.
    public var permissions: [Permission]
    /// Public layers can be viewed by everyone.
    public var isPublic: Bool
    /// Whether the owner shows it (a display toggle, not an access rule).
    public var isVisible: Bool
    /// Annotations older than this many days go to the trash by retention, if set
    /// (``retiresByAge(createdAt:at:)``).
    public var autoExpireDays: Int?
    /// The level a new grant on this layer gets when the sharer names none.
    public var defaultPermission: PermissionLevel
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Soft-deleted.
    public var isDeleted: Bool
    /// When each editable field was last edited, for those edited after creation (per-field
    /// last-writer-wins; nil when none was).
    public var fieldStamps: FieldStamps?
    /// What the user this copy was read for may do with it: their effective level
    /// (`PermissionResolver`), as it counts for changes. Set by the server on everything it
    /// answers, REST and sync feed alike; never stored, and nil on a device's own copies.
    public var myPermission: PermissionLevel?

    /// A new layer with the seed's defaults: "tag.fill", blue, private, visible, viewer default.
    public init(
        id: LayerID = LayerID(),
        name: String,
        icon: String = Layer.defaultIcon,
        color: LayerColor = .blue,
        parentLayerID: LayerID? = nil,
        ownerID: UserID,
        permissions: [Permission] = [],
        isPublic: Bool = false,
        isVisible: Bool = true,
        autoExpireDays: Int? = nil,
        defaultPermission: PermissionLevel = .viewer,
        createdAt: Date = Timestamp.now(),
        updatedAt: Date? = nil,
        isDeleted: Bool = false,
        fieldStamps: FieldStamps? = nil
    ) {
        self.id = id
        self.name = name
        self.icon = icon
        self.color = color
        self.parentLayerID = parentLayerID
        self.ownerID = ownerID
        self.permissions = permissions
        self.isPublic = isPublic
        self.isVisible = isVisible
        self.autoExpireDays = autoExpireDays
        self.defaultPermission = defaultPermission
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.isDeleted = isDeleted
        self.fieldStamps = fieldStamps
    }

    /// Whether retention sends an annotation made at `createdAt` to the trash at `now` because it
    /// is older than ``autoExpireDays``: strictly older, to the millisecond. The stores'
    /// `expiringAnnotations` say the same in SQL; `PurgeAndRetentionTests` hold them to it at the
    /// boundary.
    public func retiresByAge(createdAt: Date, at now: Date) -> Bool {
        guard let autoExpireDays else { return false }
        return Timestamp.milliseconds(createdAt) < Timestamp.milliseconds(now) - Int64(autoExpireDays) * 86_400_000
    }

    /// The seed's default icon.
    public static let defaultIcon = "tag.fill"
}

extension Layer: DeclaredRecord {
    /// Every field of a layer, once (docs/architecture.md, "Record declarations"). Its grants live
    /// in `grants` and have no column here.
    public static let declaration = RecordDeclaration<Layer>(
        table: "layers", schemaName: "Layer",
        blank: Layer(
            id: .blank, name: "", icon: "", color: .gray,
            ownerID: .blank, isVisible: false,
            createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each (a single literal of them all is slow to type-check).
    private static func declaredFields() -> [RecordField<Layer>] {
        var fields: [RecordField<Layer>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .edited(
                "name", \.name, schema: .string,
                columns: [.requiredText("name", { $0.name }, { $0.name = $1 })]))
        fields.append(
            .edited(
                "icon", \.icon, schema: .string,
                columns: [.requiredText("icon", { $0.icon }, { $0.icon = $1 })]))
        fields.append(
            .edited(
                "color", \.color, schema: .cases(of: LayerColor.self),
                columns: [.enumeration("color", { $0.color }, { $0.color = $1 })]))
        fields.append(
            .edited(
                "parentLayerID", \.parentLayerID, schema: .uuid,
                columns: [.optionalIdentifier("parentLayerID", { $0.parentLayerID }, { $0.parentLayerID = $1 })]))
        fields.append(
            .serverKept(
                "ownerID", \.ownerID, schema: .uuid,
                columns: [.identifier("ownerID", { $0.ownerID }, { $0.ownerID = $1 })]))
        fields.append(.serverKept("permissions", \.permissions, schema: .array(.component("Permission"))))
        fields.append(
            .edited(
                "isPublic", \.isPublic, schema: .boolean,
                columns: [.boolean("isPublic", { $0.isPublic }, { $0.isPublic = $1 })]))
        fields.append(
            .edited(
                "isVisible", \.isVisible, schema: .boolean,
                columns: [.boolean("isVisible", { $0.isVisible }, { $0.isVisible = $1 })]))
        fields.append(
            .edited(
                "autoExpireDays", \.autoExpireDays, schema: .integer,
                columns: [
                    .optionalInteger(
                        "autoExpireDays", { $0.autoExpireDays.map(Int64.init) },
                        { $0.autoExpireDays = $1.map(Int.init) })
                ]))
        fields.append(
            .edited(
                "defaultPermission", \.defaultPermission, schema: .cases(of: PermissionLevel.self),
                columns: [.enumeration("defaultPermission", { $0.defaultPermission }, { $0.defaultPermission = $1 })]))
        fields.append(
            .serverKept(
                "createdAt", \.createdAt, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(
            .latest("updatedAt", \.updatedAt, columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        fields.append(
            .deletion(
                "isDeleted", \.isDeleted, columns: [.boolean("isDeleted", { $0.isDeleted }, { $0.isDeleted = $1 })]))
        fields.append(
            .editStamps(
                "fieldStamps", \.fieldStamps,
                columns: [.json("fieldStamps", { $0.fieldStamps }, { $0.fieldStamps = $1 })]))
        fields.append(.serverKept("myPermission", \.myPermission, schema: .cases(of: PermissionLevel.self)))
        return fields
    }
}
