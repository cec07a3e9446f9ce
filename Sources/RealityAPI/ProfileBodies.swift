import Foundation
import RealityCore

/// `PATCH /api/v1/me`: absent fields stay as they are.
public struct ProfilePatch: Codable, Hashable, Sendable {
    /// A new display name.
    public var displayName: String?
    /// A new avatar address.
    public var avatarURL: URL?

    /// A patch with the given parts.
    public init(displayName: String? = nil, avatarURL: URL? = nil) {
        self.displayName = displayName
        self.avatarURL = avatarURL
    }
}

/// `PUT /api/v1/admin/users/{id}/tier`: the plan to put a user on.
public struct TierRequest: Codable, Hashable, Sendable {
    /// The plan.
    public var tier: SubscriptionTier
    /// When a paid plan ends (then the free plan is in force); never when absent.
    public var expiresAt: Date?

    /// A request for `tier`, ending at `expiresAt` if given.
    public init(tier: SubscriptionTier, expiresAt: Date? = nil) {
        self.tier = tier
        self.expiresAt = expiresAt
    }
}

/// The answer to `POST /api/v1/assets`.
public struct AssetResponse: Codable, Hashable, Sendable {
    /// The asset's ID (its SHA-256).
    public var id: String
    /// SHA-256 of the bytes, lowercase hex.
    public var sha256: String
    /// Size in bytes.
    public var size: Int64
    /// The MIME type the bytes show (the server's reading, not the uploader's claim), or
    /// `application/octet-stream` for bytes of no known format.
    public var contentType: String

    /// A response with the given parts.
    public init(id: String, sha256: String, size: Int64, contentType: String) {
        self.id = id
        self.sha256 = sha256
        self.size = size
        self.contentType = contentType
    }
}
