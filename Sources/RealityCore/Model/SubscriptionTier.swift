/// The plans a user can be on (seed 001 §2.1, SPEC M7). Their limits are data in ``TierLimits``.
public enum SubscriptionTier: String, Codable, Hashable, Sendable, CaseIterable {
    case free
    case plus
    case family
    case pro

    /// The limits that apply on this plan.
    public var limits: TierLimits { TierLimits.of(self) }
}
