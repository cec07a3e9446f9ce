import Foundation

/// A person as Out of Box shows them (seed 004's `/api/v1/user/profile`): their name and picture
/// from the platform's account, and their record here.
public struct ChallengeProfile: Codable, Sendable, Hashable {
    @LowercaseUUID public var userID: UUID
    public var displayName: String?
    public var avatarURL: URL?
    /// When their account was made.
    public var memberSince: Date
    public var currentStreak: Int
    public var longestStreak: Int
    public var totalCompleted: Int

    public init(
        userID: UUID, displayName: String?, avatarURL: URL?, memberSince: Date, stats: ChallengeStats
    ) {
        self.userID = userID
        self.displayName = displayName
        self.avatarURL = avatarURL
        self.memberSince = memberSince
        self.currentStreak = stats.currentStreak
        self.longestStreak = stats.longestStreak
        self.totalCompleted = stats.totalCompleted
    }
}
