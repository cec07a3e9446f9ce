import Foundation
import OutOfBoxCore

/// `POST /api/v1/social/requests`: ask someone to be friends, named by exactly one of their email
/// and their ID.
public struct SendFriendRequest: Codable, Sendable, Hashable {
    public var email: String?
    public var userID: UUID?

    public init(email: String? = nil, userID: UUID? = nil) {
        self.email = email
        self.userID = userID
    }
}

/// `POST /api/v1/social/requests/{id}`: accept, decline, cancel, or decline and block.
public struct FriendRequestActionBody: Codable, Sendable, Hashable {
    public var action: FriendRequestAction

    public init(action: FriendRequestAction) { self.action = action }
}

/// `POST /api/v1/social/blocks`: block someone by their ID.
public struct BlockRequest: Codable, Sendable, Hashable {
    public var userID: UUID

    public init(userID: UUID) { self.userID = userID }
}

/// `POST /api/v1/social/photos`: share the photo of the caller's latest completion of a challenge.
public struct SharePhotoRequest: Codable, Sendable, Hashable {
    public var challengeID: String
    public var caption: String?
    /// `friends` (the default) or `selectedFriends`, with `audience`.
    public var visibility: SharedPhoto.Visibility?
    public var audience: [UUID]?

    public init(
        challengeID: String, caption: String? = nil, visibility: SharedPhoto.Visibility? = nil, audience: [UUID]? = nil
    ) {
        self.challengeID = challengeID
        self.caption = caption
        self.visibility = visibility
        self.audience = audience
    }
}

/// `PATCH /api/v1/social/photos/{id}`: what the owner changes; an absent field stays, an empty
/// caption is removed.
public struct UpdateSharedPhotoRequest: Codable, Sendable, Hashable {
    public var caption: String?
    public var visibility: SharedPhoto.Visibility?
    public var audience: [UUID]?

    public init(caption: String? = nil, visibility: SharedPhoto.Visibility? = nil, audience: [UUID]? = nil) {
        self.caption = caption
        self.visibility = visibility
        self.audience = audience
    }
}

/// `POST /api/v1/social/comments`.
public struct PhotoCommentRequest: Codable, Sendable, Hashable {
    public var photoID: UUID
    public var text: String

    public init(photoID: UUID, text: String) {
        self.photoID = photoID
        self.text = text
    }
}
