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
    /// Annotations older than this many days are removed by retention, if set.
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

    /// The seed's default icon.
    public static let defaultIcon = "tag.fill"
}
