import Foundation
import RealityCore

/// `POST /api/v1/layers`.
public struct CreateLayerRequest: Codable, Hashable, Sendable {
    /// 1 to 50 characters.
    public var name: String
    /// An SF Symbol name; the default icon when absent.
    public var icon: String?
    /// One of the eight colours; blue when absent.
    public var color: LayerColor?
    /// The layer to nest it in (the caller must be able to edit it).
    public var parentLayerID: LayerID?

    /// A request with the given parts.
    public init(name: String, icon: String? = nil, color: LayerColor? = nil, parentLayerID: LayerID? = nil) {
        self.name = name
        self.icon = icon
        self.color = color
        self.parentLayerID = parentLayerID
    }
}

/// `PATCH /api/v1/layers/{id}`: absent fields stay as they are; `null` clears
/// `parentLayerID` and `autoExpireDays`.
public struct LayerPatch: Codable, Hashable, Sendable {
    /// New name.
    public var name: String?
    /// New icon.
    public var icon: String?
    /// New colour.
    public var color: LayerColor?
    /// New parent, or `null` for top level.
    public var parentLayerID: FieldUpdate<LayerID>
    /// Public layers are visible to everyone.
    public var isPublic: Bool?
    /// Shown or hidden.
    public var isVisible: Bool?
    /// Days after which annotations expire, or `null` for never.
    public var autoExpireDays: FieldUpdate<Int>
    /// The level a grant without one gives.
    public var defaultPermission: PermissionLevel?

    /// A patch with the given parts.
    public init(
        name: String? = nil, icon: String? = nil, color: LayerColor? = nil,
        parentLayerID: FieldUpdate<LayerID> = .unchanged, isPublic: Bool? = nil, isVisible: Bool? = nil,
        autoExpireDays: FieldUpdate<Int> = .unchanged, defaultPermission: PermissionLevel? = nil
    ) {
        self.name = name
        self.icon = icon
        self.color = color
        self.parentLayerID = parentLayerID
        self.isPublic = isPublic
        self.isVisible = isVisible
        self.autoExpireDays = autoExpireDays
        self.defaultPermission = defaultPermission
    }

    private enum CodingKeys: String, CodingKey {
        case name, icon, color, parentLayerID, isPublic, isVisible, autoExpireDays, defaultPermission
    }

    /// Reads a patch, telling absent from `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeUpdate(String.self, forKey: .name)
        icon = try container.decodeUpdate(String.self, forKey: .icon)
        color = try container.decodeUpdate(LayerColor.self, forKey: .color)
        parentLayerID = try container.decodeClearable(LayerID.self, forKey: .parentLayerID)
        isPublic = try container.decodeUpdate(Bool.self, forKey: .isPublic)
        isVisible = try container.decodeUpdate(Bool.self, forKey: .isVisible)
        autoExpireDays = try container.decodeClearable(Int.self, forKey: .autoExpireDays)
        defaultPermission = try container.decodeUpdate(PermissionLevel.self, forKey: .defaultPermission)
    }

    /// Writes only the fields that change.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(icon, forKey: .icon)
        try container.encodeIfPresent(color, forKey: .color)
        try container.encodeUpdate(parentLayerID, forKey: .parentLayerID)
        try container.encodeIfPresent(isPublic, forKey: .isPublic)
        try container.encodeIfPresent(isVisible, forKey: .isVisible)
        try container.encodeUpdate(autoExpireDays, forKey: .autoExpireDays)
        try container.encodeIfPresent(defaultPermission, forKey: .defaultPermission)
    }
}

/// `POST /api/v1/layers/{id}/permissions` and `POST /api/v1/annotations/{id}/permissions`.
public struct GrantRequest: Codable, Hashable, Sendable {
    /// The grantee.
    public var userID: UserID
    /// The level; for a layer, absent uses the layer's `defaultPermission`.
    public var level: PermissionLevel?
    /// When the grant lapses; never when absent.
    public var expiresAt: Date?

    /// A request with the given parts.
    public init(userID: UserID, level: PermissionLevel? = nil, expiresAt: Date? = nil) {
        self.userID = userID
        self.level = level
        self.expiresAt = expiresAt
    }
}
