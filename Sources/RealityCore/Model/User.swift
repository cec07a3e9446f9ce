import Foundation

/// A person using the platform: profile, preferences, subscription and usage counts
/// (seed 001 §2.1, SPEC M5).
public struct User: Codable, Hashable, Sendable, Identifiable {
    /// Stable identity (the seed's CloudKit user record name).
    public var id: UserID
    /// The name others see and `@mention`.
    public var displayName: String?
    /// Contact and login address; private to the user.
    public var email: String?
    /// Where the avatar image lives.
    public var avatarURL: URL?
    /// Settings.
    public var preferences: UserPreferences
    /// The plan that sets the user's limits.
    public var subscriptionTier: SubscriptionTier
    /// When a paid plan lapses, if it does.
    public var subscriptionExpiresAt: Date?
    /// Annotations the user owns (not deleted).
    public var annotationCount: Int
    /// Layers the user owns (not deleted).
    public var layerCount: Int
    /// When the account was made.
    public var createdAt: Date
    /// When the user last did something.
    public var lastActiveAt: Date

    /// A new user on the free tier with default preferences, as the seed starts one.
    public init(
        id: UserID = UserID(),
        displayName: String? = nil,
        email: String? = nil,
        avatarURL: URL? = nil,
        preferences: UserPreferences = UserPreferences(),
        subscriptionTier: SubscriptionTier = .free,
        subscriptionExpiresAt: Date? = nil,
        annotationCount: Int = 0,
        layerCount: Int = 0,
        createdAt: Date = Timestamp.now(),
        lastActiveAt: Date? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.email = email
        self.avatarURL = avatarURL
        self.preferences = preferences
        self.subscriptionTier = subscriptionTier
        self.subscriptionExpiresAt = subscriptionExpiresAt
        self.annotationCount = annotationCount
        self.layerCount = layerCount
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt ?? createdAt
    }
}
