import Foundation

/// Where Out of Box keeps friends, friend requests, blocks, shared photos and their comments
/// (issue 22): the server's SQLite and PostgreSQL stores implement it, beside the platform's
/// tables (whose `users` give the display names).
public protocol SocialRepository: Sendable {
    /// The display names of those of `userIDs` who have an account (a person without a name maps to
    /// an empty string; a deleted account is absent).
    func displayNames(of userIDs: Set<UUID>) async throws -> [UUID: String]

    // MARK: Requests

    /// Keeps a new pending request unless one between the two people waits already (either way)
    /// or either blocked the other; answers whether it was kept. Inside the same write it throws
    /// `bounds.pendingReached` when the sender has `bounds.pendingRequests` requests waiting and
    /// `bounds.friendsReached` when either person has `bounds.friends` friends, keeping nothing.
    func saveFriendRequest(_ request: FriendRequest, within bounds: FriendBounds) async throws -> Bool
    /// Request `id`.
    func friendRequest(id: UUID) async throws -> FriendRequest?
    /// The pending request between `a` and `b`, either way, if one waits.
    func pendingFriendRequest(between a: UUID, and b: UUID) async throws -> FriendRequest?
    /// The newest request from `fromID` to `toID`, whatever its status.
    func latestFriendRequest(from fromID: UUID, to toID: UUID) async throws -> FriendRequest?
    /// The pending requests `userID` sent or received, newest first.
    func pendingFriendRequests(involving userID: UUID) async throws -> [FriendRequest]
    /// Moves pending request `id` to `status` at `date`, making its two people friends in the same
    /// transaction when `status` is `accepted` (unless a block stands between them); nil when no
    /// request `id` is pending. It and ``block(_:by:at:)`` exclude each other for one pair of
    /// people, so that an acceptance and a block racing never leave friends who blocked each other.
    /// An acceptance when either person has `bounds.friends` friends, counted in the same write,
    /// throws `bounds.friendsReached` and leaves the request pending.
    func settleFriendRequest(_ id: UUID, as status: FriendRequest.Status, at date: Date, within bounds: FriendBounds)
        async throws -> FriendRequest?

    // MARK: Friends and blocks

    /// `userID`'s friends (IDs and since when), oldest friendship first.
    func friends(of userID: UUID) async throws -> [Friend]
    /// Since when `a` and `b` are friends; nil when they are not.
    func friendship(between a: UUID, and b: UUID) async throws -> Date?
    /// Ends the friendship of `a` and `b`; false when they were not friends.
    func endFriendship(between a: UUID, and b: UUID) async throws -> Bool
    /// `blockerID` blocks `blockedID`: in one transaction their friendship ends and the requests
    /// waiting between them are cancelled; false when the block stood already.
    func block(_ blockedID: UUID, by blockerID: UUID, at date: Date) async throws -> Bool
    /// Lifts a block; false when there was none.
    func unblock(_ blockedID: UUID, by blockerID: UUID) async throws -> Bool
    /// The people `blockerID` blocked, newest first.
    func blocked(by blockerID: UUID) async throws -> [Friend]
    /// Whether either of `a` and `b` blocked the other.
    func isBlocked(between a: UUID, and b: UUID) async throws -> Bool
    /// Everyone `userID` blocked or was blocked by.
    func blockedEitherWay(with userID: UUID) async throws -> Set<UUID>

    // MARK: Shared photos and comments

    /// Keeps a new shared photo with its audience; false when its completion is shared already.
    func saveSharedPhoto(_ photo: SharedPhoto) async throws -> Bool
    /// Replaces the caption, visibility and audience of shared photo `photo.id`.
    func updateSharedPhoto(_ photo: SharedPhoto) async throws
    /// Shared photo `id` with its audience and comment count; nil when it was taken down.
    func sharedPhoto(id: UUID) async throws -> SharedPhoto?
    /// The photos `viewerID` may see, newest first, before `cursor` (a photo's `createdAt` and ID)
    /// when given: their own, and their friends' shared with every friend or with them, but none
    /// they reported.
    func photoFeed(for viewerID: UUID, before cursor: (Date, UUID)?, limit: Int) async throws -> [SharedPhoto]
    /// The photos `ownerID` shared (and still shares), newest first, with their audiences.
    func sharedPhotos(ownedBy ownerID: UUID) async throws -> [SharedPhoto]
    /// Deletes shared photo `id` with its audience and comments; false when there was none.
    func deleteSharedPhoto(id: UUID) async throws -> Bool
    /// Takes shared photo `id` down for everyone after a report: it is no longer shown and its
    /// comments and audience are deleted, but it stays as a row, so that its completion cannot be
    /// shared again; false when it was not shown.
    func takeDownSharedPhoto(id: UUID, at date: Date) async throws -> Bool
    /// Keeps a new comment unless its photo already has `limit`, counted inside the write with the
    /// photo held, so that comments racing for the last place cannot both take it; false when the
    /// photo is full.
    func saveComment(_ comment: PhotoComment, limit: Int) async throws -> Bool
    /// How many comments on each of `photoIDs` ``comments(on:visibleTo:limit:)`` shows `viewerID`
    /// (one rule for both); a photo without such comments is absent.
    func visibleCommentCounts(on photoIDs: [UUID], for viewerID: UUID) async throws -> [UUID: Int]
    /// Comment `id`.
    func comment(id: UUID) async throws -> PhotoComment?
    /// The comments on `photoID` that `viewerID` may read, oldest first, at most `limit`: all but
    /// those they reported and those of people blocked either way.
    func comments(on photoID: UUID, visibleTo viewerID: UUID, limit: Int) async throws -> [PhotoComment]
    /// The comments `authorID` wrote, oldest first.
    func comments(by authorID: UUID) async throws -> [PhotoComment]
    /// Deletes comment `id`; false when there was none.
    func deleteComment(id: UUID) async throws -> Bool
}

/// How Out of Box's social side tells a person that something happened (a friend request, an
/// accepted one, a comment on their photo): the server puts it in their notification inbox, which
/// their devices hear over the live-events socket.
public protocol SocialNotifier: Sendable {
    /// Tells `recipientID` that `actorID` did something.
    func notify(_ recipientID: UUID, actor actorID: UUID?, title: String, body: String) async throws
}
