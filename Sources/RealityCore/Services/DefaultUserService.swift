import Foundation

/// ``UserService`` over a ``DataStore``.
public struct DefaultUserService<Store: DataStore>: UserService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "users" }

    public func getCurrentUser() async throws -> User {
        try await counted(access.currentUser())
    }

    /// `user` with its layers counted as the plan counts them (``getUsageStats()``): without the
    /// default layer, "My Annotations" (docs/seed-fixes.md), so that the profile and the usage agree.
    private func counted(_ user: User) async throws -> User {
        var user = user
        user.layerCount = try await store.layerCount(ownedBy: user.id)
        return user
    }

    public func updateProfile(displayName: String?, avatarURL: URL?) async throws -> User {
        var user = try await access.currentUser()
        if let displayName { user.displayName = displayName.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let avatarURL { user.avatarURL = avatarURL }
        user.lastActiveAt = context.now
        try user.validate()
        try await store.commit(ChangeSet(changes: [.saveUser(user)]), applying: context.pushing)
        return try await counted(user)
    }

    public func updatePreferences(_ preferences: UserPreferences) async throws -> User {
        var user = try await access.currentUser()
        try preferences.validate()
        user.preferences = preferences
        user.lastActiveAt = context.now
        try await store.commit(ChangeSet(changes: [.saveUser(user)]), applying: context.pushing)
        return try await counted(user)
    }

    public func checkSubscription() async throws -> SubscriptionStatus {
        let user = try await access.currentUser()
        let lapsed = user.subscriptionExpiresAt.map { $0 <= context.now } ?? false
        return SubscriptionStatus(
            tier: user.subscriptionTier, expiresAt: user.subscriptionExpiresAt,
            isActive: user.subscriptionTier == .free || !lapsed,
            canUpgrade: user.subscriptionTier != .pro)
    }

    public func upgradeSubscription(to tier: SubscriptionTier) async throws {
        var user = try await access.currentUser()
        guard user.subscriptionTier != tier else { return }
        user.subscriptionTier = tier
        user.subscriptionExpiresAt = nil
        try await store.commit(ChangeSet(changes: [.saveUser(user)]), applying: context.pushing)
    }

    /// Puts the user on `tier` until `expiresAt` (for ever when nil), as an operator does.
    public func setSubscription(_ tier: SubscriptionTier, expiresAt: Date?) async throws {
        var user = try await access.currentUser()
        guard user.subscriptionTier != tier || user.subscriptionExpiresAt != expiresAt else { return }
        user.subscriptionTier = tier
        user.subscriptionExpiresAt = expiresAt
        try await store.commit(ChangeSet(changes: [.saveUser(user)]), applying: context.pushing)
    }

    public func getUsageStats() async throws -> UsageStats {
        let user = try await access.currentUser()
        return UsageStats(
            annotationCount: user.annotationCount, layerCount: try await store.layerCount(ownedBy: user.id),
            storageUsed: try await store.storageUsed(by: user.id), limits: user.tier(at: context.now).limits.usageLimits
        )
    }
}
