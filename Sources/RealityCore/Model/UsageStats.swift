import Foundation

/// A user's plan and whether it is in force (seed 000 §3.7).
public struct SubscriptionStatus: Codable, Hashable, Sendable {
    /// The plan.
    public var tier: SubscriptionTier
    /// When a paid plan lapses.
    public var expiresAt: Date?
    /// Whether the plan is in force now.
    public var isActive: Bool
    /// Whether a higher plan exists.
    public var canUpgrade: Bool

    /// A status with the given parts.
    public init(tier: SubscriptionTier, expiresAt: Date?, isActive: Bool, canUpgrade: Bool) {
        self.tier = tier
        self.expiresAt = expiresAt
        self.isActive = isActive
        self.canUpgrade = canUpgrade
    }
}

/// What a user uses against their plan's limits (seed 000 §3.7).
public struct UsageStats: Codable, Hashable, Sendable {
    /// Annotations owned and not deleted.
    public var annotationCount: Int
    /// Layers owned and not deleted that count against the plan (all but the default layer).
    public var layerCount: Int
    /// Bytes of assets owned.
    public var storageUsed: Int64
    /// The plan's limits.
    public var limits: UsageLimits

    /// Usage with the given parts.
    public init(annotationCount: Int, layerCount: Int, storageUsed: Int64, limits: UsageLimits) {
        self.annotationCount = annotationCount
        self.layerCount = layerCount
        self.storageUsed = storageUsed
        self.limits = limits
    }
}

/// A plan's limits as reported to a user (seed 000 §3.7); nil means unlimited.
public struct UsageLimits: Codable, Hashable, Sendable {
    /// Most annotations, or nil.
    public var maxAnnotations: Int?
    /// Most layers, or nil.
    public var maxLayers: Int?
    /// Most bytes of assets.
    public var maxStorage: Int64
    /// Whether sharing is allowed.
    public var canShare: Bool

    /// Limits with the given parts.
    public init(maxAnnotations: Int?, maxLayers: Int?, maxStorage: Int64, canShare: Bool) {
        self.maxAnnotations = maxAnnotations
        self.maxLayers = maxLayers
        self.maxStorage = maxStorage
        self.canShare = canShare
    }
}
