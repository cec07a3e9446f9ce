import Foundation

/// One person's ask to be another's friend (seed 004's `/social/requests`, issue 22). It waits
/// `pending` until its recipient accepts (they become friends), declines or blocks its sender, or
/// its sender cancels it; it moves out of `pending` once.
public struct FriendRequest: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    @LowercaseUUID public var fromID: UUID
    @LowercaseUUID public var toID: UUID
    public var status: Status
    public var createdAt: Date
    /// When it left `pending`.
    public var respondedAt: Date?
    /// The sender's and recipient's display names, read with the request (not kept with it).
    public var fromName: String?
    public var toName: String?

    /// Where a request stands.
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, accepted, declined, cancelled
    }

    public init(
        id: UUID = UUID(), fromID: UUID, toID: UUID, status: Status = .pending, createdAt: Date,
        respondedAt: Date? = nil, fromName: String? = nil, toName: String? = nil
    ) {
        self.id = id
        self.fromID = fromID
        self.toID = toID
        self.status = status
        self.createdAt = createdAt
        self.respondedAt = respondedAt
        self.fromName = fromName
        self.toName = toName
    }
}

/// Someone in a person's friend list, or in their list of blocked people: who, and since when.
public struct Friend: Codable, Sendable, Hashable {
    @LowercaseUUID public var userID: UUID
    /// Their display name (nil when they have none).
    public var displayName: String?
    public var since: Date

    public init(userID: UUID, displayName: String? = nil, since: Date) {
        self.userID = userID
        self.displayName = displayName
        self.since = since
    }
}

/// Who may find a person by their email, or send them a friend request (their
/// ``PrivacySettingsDTO``).
public enum SocialAudience: String, Codable, Sendable, CaseIterable {
    /// Anyone signed in.
    case everyone
    /// People with a friend in common.
    case friendsOfFriends
    /// No one.
    case nobody
}

/// What answers a person's request to act on a friend request.
public enum FriendRequestAction: String, Codable, Sendable, CaseIterable {
    /// The recipient accepts: they become friends.
    case accept
    /// The recipient declines.
    case decline
    /// The sender withdraws it.
    case cancel
    /// The recipient declines and blocks its sender.
    case block
}

/// The bounds a friend request and an acceptance are held to inside the store's write, so that
/// writes racing for a person's last places cannot pass them: ``SocialLimits``' by default
/// (``standard``), smaller in tests.
public struct FriendBounds: Sendable, Hashable {
    /// How many friends a person may have.
    public var friends: Int
    /// How many of a person's requests may wait at once.
    public var pendingRequests: Int

    /// Bounds with the given parts.
    public init(friends: Int = SocialLimits.friends, pendingRequests: Int = SocialLimits.pendingRequests) {
        self.friends = friends
        self.pendingRequests = pendingRequests
    }

    /// ``SocialLimits``' bounds.
    public static let standard = FriendBounds()

    /// The refusal when one of the two people has ``friends`` friends.
    public var friendsReached: ChallengeError { .limitReached("At most \(friends) friends") }
    /// The refusal when the sender has ``pendingRequests`` requests waiting.
    public var pendingReached: ChallengeError {
        .limitReached("At most \(pendingRequests) of your requests may wait")
    }
}

/// The bounds of Out of Box's social side, declared once: the services check them and the
/// document states them.
public enum SocialLimits {
    /// How many friends a person may have.
    public static let friends = 1_000
    /// How many of a person's requests may wait at once.
    public static let pendingRequests = 100
    /// How long after a decline its sender may not ask the same person again.
    public static let afterDecline: TimeInterval = 30 * 86_400
    /// The longest caption of a shared photo, in Unicode scalars.
    public static let caption = 500
    /// The longest comment, in Unicode scalars.
    public static let comment = 1_000
    /// How many friends a photo shared with chosen friends may name.
    public static let audience = 1...100
    /// How many comments one photo may gather.
    public static let commentsPerPhoto = 1_000
}
