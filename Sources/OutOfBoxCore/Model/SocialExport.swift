import Foundation

/// A person's side of Out of Box's friends, in their account export: who their friends are, the
/// requests waiting, whom they blocked, the photos they shared and the comments they wrote.
public struct SocialExport: Codable, Sendable, Hashable {
    public var friends: [Friend]
    public var requests: [FriendRequest]
    public var blocked: [Friend]
    public var sharedPhotos: [SharedPhoto]
    public var comments: [PhotoComment]

    /// `userID`'s social data as `store` holds it.
    public static func of<Store: SocialRepository>(_ userID: UUID, in store: Store) async throws -> SocialExport {
        SocialExport(
            friends: try await store.friends(of: userID),
            requests: try await store.pendingFriendRequests(involving: userID),
            blocked: try await store.blocked(by: userID), sharedPhotos: try await store.sharedPhotos(ownedBy: userID),
            comments: try await store.comments(by: userID))
    }
}
