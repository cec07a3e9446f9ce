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

/// The answer to `GET /api/v1/assets/{id}/info`: what the server knows of an asset's bytes.
public struct AssetInfo: Codable, Hashable, Sendable {
    /// SHA-256 of the bytes, lowercase hex (also the asset's ID).
    public var sha256: String
    /// Size in bytes.
    public var size: Int64
    /// The MIME type the bytes show.
    public var contentType: String
    /// When the bytes first reached the server.
    public var uploadedAt: Date
    /// An image's or video's upright width in pixels, once the server read it.
    public var width: Int?
    /// Its height in pixels.
    public var height: Int?
    /// An audio or video file's length in seconds, once the server read it.
    public var durationSeconds: Double?
    /// The renditions made (`thumbnail`, `preview`).
    public var renditions: [RenditionKind]
    /// Whether the server's job for its renditions and facts has yet to run.
    public var pending: Bool

    /// Info with the given parts.
    public init(
        sha256: String, size: Int64, contentType: String, uploadedAt: Date, width: Int?, height: Int?,
        durationSeconds: Double?, renditions: [RenditionKind], pending: Bool
    ) {
        self.sha256 = sha256
        self.size = size
        self.contentType = contentType
        self.uploadedAt = uploadedAt
        self.width = width
        self.height = height
        self.durationSeconds = durationSeconds
        self.renditions = renditions
        self.pending = pending
    }
}

/// `POST /api/v1/uploads`: the size of the file a resumable upload will send.
public struct CreateUploadRequest: Codable, Hashable, Sendable {
    /// Its length in bytes (more than 0, at most the server's asset limit).
    public var size: Int64

    /// A request for `size` bytes.
    public init(size: Int64) {
        self.size = size
    }
}

/// The ID of a resumable upload.
public typealias UploadID = Identifier<UploadStatus>

/// Where a resumable upload stands.
public struct UploadStatus: Codable, Hashable, Sendable {
    /// The upload.
    public var id: UploadID
    /// Bytes the server holds so far: where the next part starts.
    public var offset: Int64
    /// Bytes in all.
    public var size: Int64
    /// The asset the upload made, once every byte arrived.
    public var asset: AssetResponse?

    /// A status with the given parts.
    public init(id: UploadID, offset: Int64, size: Int64, asset: AssetResponse? = nil) {
        self.id = id
        self.offset = offset
        self.size = size
        self.asset = asset
    }
}
