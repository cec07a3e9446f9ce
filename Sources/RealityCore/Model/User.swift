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

extension User: DeclaredRecord {
    /// Every field of a user, once (docs/architecture.md, "Record types"). A device pushes its
    /// profile (name, avatar, preferences) whole; the server keeps the rest. The two counts are
    /// counted when a user is read and have no column.
    public static let declaration = RecordDeclaration<User>(
        table: "users", schemaName: "User",
        blank: User(id: .blank, preferences: UserPreferences(), createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each.
    private static func declaredFields() -> [RecordField<User>] {
        var fields: [RecordField<User>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .whole(
                "displayName", \.displayName, schema: .string,
                columns: [.text("displayName", { $0.displayName }, { $0.displayName = $1 })]))
        fields.append(
            .serverKept("email", \.email, schema: .string, columns: [.text("email", { $0.email }, { $0.email = $1 })]))
        fields.append(
            .whole(
                "avatarURL", \.avatarURL, schema: .string,
                columns: [.url("avatarURL", { $0.avatarURL }, { $0.avatarURL = $1 })]))
        fields.append(
            .whole(
                "preferences", \.preferences, schema: .component("UserPreferences"),
                columns: [.json("preferences", { $0.preferences }, { $0.preferences = $1 ?? UserPreferences() })]))
        fields.append(
            .serverKept(
                "subscriptionTier", \.subscriptionTier, schema: .cases(of: SubscriptionTier.self),
                columns: [.enumeration("subscriptionTier", { $0.subscriptionTier }, { $0.subscriptionTier = $1 })]))
        fields.append(
            .serverKept(
                "subscriptionExpiresAt", \.subscriptionExpiresAt, schema: .date,
                columns: [
                    .optionalDate(
                        "subscriptionExpiresAt", { $0.subscriptionExpiresAt }, { $0.subscriptionExpiresAt = $1 })
                ]))
        fields.append(.serverKept("annotationCount", \.annotationCount, schema: .integer))
        fields.append(.serverKept("layerCount", \.layerCount, schema: .integer))
        fields.append(
            .serverKept(
                "createdAt", \.createdAt, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(
            .serverKept(
                "lastActiveAt", \.lastActiveAt, schema: .date,
                columns: [.date("lastActiveAt", { $0.lastActiveAt }, { $0.lastActiveAt = $1 })]))
        return fields
    }
}
