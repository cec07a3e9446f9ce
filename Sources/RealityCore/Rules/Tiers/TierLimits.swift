import Foundation

/// What each plan allows (SPEC M7), as data so that the device and the server enforce the same
/// numbers. `nil` means unlimited.
///
/// The seed gives the free plan's counts (25 annotations, 1 layer, no sharing) and leaves the paid
/// plans unlimited; it names no storage quota, so these are ours: 100 MiB free (room for a couple
/// of world maps), 10 GiB plus, 50 GiB family (several people), 200 GiB pro.
public struct TierLimits: Hashable, Sendable {
    /// Most annotations a user may own, or nil.
    public var maxAnnotations: Int?
    /// Most layers a user may own, or nil.
    public var maxLayers: Int?
    /// Most bytes of assets a user may store.
    public var maxStorageBytes: Int64
    /// Whether the user may grant others access.
    public var canShare: Bool

    /// The limits of `tier`.
    public static func of(_ tier: SubscriptionTier) -> TierLimits {
        switch tier {
        case .free:
            TierLimits(maxAnnotations: 25, maxLayers: 1, maxStorageBytes: 100 * mebibyte, canShare: false)
        case .plus:
            TierLimits(maxAnnotations: nil, maxLayers: nil, maxStorageBytes: 10 * gibibyte, canShare: true)
        case .family:
            TierLimits(maxAnnotations: nil, maxLayers: nil, maxStorageBytes: 50 * gibibyte, canShare: true)
        case .pro:
            TierLimits(maxAnnotations: nil, maxLayers: nil, maxStorageBytes: 200 * gibibyte, canShare: true)
        }
    }

    /// True when a user who owns `count` annotations may create one more.
    public func allowsAnotherAnnotation(owning count: Int) -> Bool {
        maxAnnotations.map { count < $0 } ?? true
    }

    /// True when a user who owns `count` layers may create one more.
    public func allowsAnotherLayer(owning count: Int) -> Bool {
        maxLayers.map { count < $0 } ?? true
    }

    /// True when a user who stores `used` bytes may add `adding` more.
    public func allowsStorage(used: Int64, adding: Int64) -> Bool {
        adding >= 0 && used >= 0 && used <= maxStorageBytes && adding <= maxStorageBytes - used
    }

    /// The limits in the shape ``UsageStats`` reports them.
    public var usageLimits: UsageLimits {
        UsageLimits(
            maxAnnotations: maxAnnotations, maxLayers: maxLayers,
            maxStorage: maxStorageBytes, canShare: canShare)
    }

    private static let mebibyte: Int64 = 1 << 20
    private static let gibibyte: Int64 = 1 << 30
}

/// A write refused because it would exceed the user's plan (SPEC M7).
public enum TierLimitError: Error, Hashable, Sendable {
    /// The plan allows at most `limit` annotations.
    case annotationLimitReached(limit: Int, tier: SubscriptionTier)
    /// The plan allows at most `limit` layers.
    case layerLimitReached(limit: Int, tier: SubscriptionTier)
    /// The plan's storage quota would be exceeded.
    case storageQuotaExceeded(limitBytes: Int64, usedBytes: Int64, tier: SubscriptionTier)
}

extension SubscriptionTier {
    /// The plan in force at `date` of a user on this plan until `expiresAt` (for ever when nil): a
    /// paid plan whose end has passed counts as free, so its limits apply until the user renews.
    public func inForce(until expiresAt: Date?, at date: Date) -> SubscriptionTier {
        if let expiresAt, expiresAt <= date { return .free }
        return self
    }
}

/// A user's plan as it is kept: the tier and when it ends (never when nil).
public struct UserPlan: Hashable, Sendable {
    /// The tier paid for.
    public var tier: SubscriptionTier
    /// When it ends; nil for never.
    public var expiresAt: Date?

    /// A plan with the given parts.
    public init(tier: SubscriptionTier, expiresAt: Date?) {
        self.tier = tier
        self.expiresAt = expiresAt
    }

    /// The plan in force at `date` (``SubscriptionTier/inForce(until:at:)``).
    public func tier(at date: Date) -> SubscriptionTier {
        tier.inForce(until: expiresAt, at: date)
    }
}

extension User {
    /// The user's plan as it is kept.
    public var plan: UserPlan { UserPlan(tier: subscriptionTier, expiresAt: subscriptionExpiresAt) }

    /// The plan in force at `date` (``UserPlan/tier(at:)``).
    public func tier(at date: Date) -> SubscriptionTier { plan.tier(at: date) }
}
