import Foundation
import GRDB
import RealityCore

/// The `users` table.
enum UserRecord {
    /// Inserts or replaces `user`. The counts are not stored: they are counted when read.
    static func save(_ user: User, in db: Database) throws {
        try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO users (
                id, displayName, email, avatarURL, preferences, subscriptionTier, subscriptionExpiresAt,
                createdAt, lastActiveAt
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [
                user.id.uuidString, user.displayName, user.email, user.avatarURL?.absoluteString,
                String(decoding: try ColumnJSON.encode(user.preferences), as: UTF8.self),
                user.subscriptionTier.rawValue, user.subscriptionExpiresAt?.storeValue,
                user.createdAt.storeValue, user.lastActiveAt.storeValue,
            ])
    }

    /// A user from a `users` row joined with its two counts.
    static func user(from row: Row) throws -> User {
        let preferencesText: String = row["preferences"]
        let preferences: UserPreferences
        do {
            preferences = try RealityJSON.decoder().decode(UserPreferences.self, from: Data(preferencesText.utf8))
        } catch {
            throw StoreError.unavailable(detail: "users.preferences holds unreadable JSON: \(error)")
        }
        let avatar: String? = row["avatarURL"]
        return User(
            id: try row.identifier("id"),
            displayName: row["displayName"],
            email: row["email"],
            avatarURL: avatar.flatMap(URL.init(string:)),
            preferences: preferences,
            subscriptionTier: try row.enumValue("subscriptionTier"),
            subscriptionExpiresAt: row.optionalDate("subscriptionExpiresAt"),
            annotationCount: row["annotationCount"] ?? 0,
            layerCount: row["layerCount"] ?? 0,
            createdAt: row.date("createdAt"),
            lastActiveAt: row.date("lastActiveAt"))
    }

    /// Selects users with their live counts.
    static let selectWithCounts = """
        SELECT u.*,
            (SELECT count(*) FROM annotations WHERE ownerID = u.id AND isDeleted = 0) AS annotationCount,
            (SELECT count(*) FROM layers WHERE ownerID = u.id AND isDeleted = 0) AS layerCount
        FROM users u
        """
}
