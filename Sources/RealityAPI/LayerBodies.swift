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

/// `PATCH /api/v1/layers/{id}`: the fields ``Layer/declaration`` marks patchable; absent fields
/// stay as they are; `null` clears `parentLayerID` and `autoExpireDays`.
public typealias LayerPatch = RecordPatch<Layer>

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
