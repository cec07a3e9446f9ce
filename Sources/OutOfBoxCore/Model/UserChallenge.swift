import Foundation

/// A challenge given to a person for one local day, and what they did with it (seed 004's
/// `UserChallengeDTO`).
public struct UserChallenge: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    /// Whose it is.
    @LowercaseUUID public var userID: UUID
    public var challengeID: String
    /// The person's local day it was given for; one assignment per person and day.
    public var localDay: LocalDay
    public var status: ChallengeStatus
    /// When it was given.
    public var assignedDate: Date
    public var completedDate: Date?
    public var skippedDate: Date?
    public var skipReason: SkipReason?
    /// The completion photo: the media pipeline's asset ID (its SHA-256), read at
    /// `/api/v1/assets/{id}` with its thumbnail and preview.
    public var photoAssetID: String?
    /// 1 to 5, after completing.
    public var userRating: Int?
    /// Seconds from assignment to completion.
    public var completionTime: TimeInterval?
    public var userNotes: String?
    /// When any of this last changed.
    public var updatedAt: Date

    /// A new assignment of `challengeID` to `userID` for `localDay`, made at `now`.
    public init(id: UUID = UUID(), userID: UUID, challengeID: String, localDay: LocalDay, assignedAt now: Date) {
        self.id = id
        self.userID = userID
        self.challengeID = challengeID
        self.localDay = localDay
        self.status = .assigned
        self.assignedDate = now
        self.updatedAt = now
    }
}

extension UserChallenge {
    /// The longest notes.
    public static let notesLimit = 2000
    /// The ratings a person may give.
    public static let ratings = 1...5

    /// Whether it ended the day done or passed over (and so counts as seen for the daily pick).
    public var isSettled: Bool { status != .assigned }
}
