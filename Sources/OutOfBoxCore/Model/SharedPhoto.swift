import Foundation

/// A completed challenge's photo shared with friends (seed 004's `/social/photos`, issue 22), with
/// its own visibility: every friend of its owner, or the friends it names. Seen by its owner and
/// by those friends while they stay friends; never by someone who reported it.
public struct SharedPhoto: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    @LowercaseUUID public var ownerID: UUID
    /// The completion it shows (one share per completion).
    @LowercaseUUID public var assignmentID: UUID
    public var challengeID: String
    /// The photo: an asset of the owner's, read through `/api/v1/social/photos/{id}/image`.
    public var photoAssetID: String
    public var caption: String?
    public var visibility: Visibility
    /// The friends a `selectedFriends` photo is shown to; only its owner reads them.
    public var audience: [UUID]
    public var createdAt: Date
    /// Read with the photo: the owner's name, the challenge's title, and how many comments it has.
    public var ownerName: String?
    public var challengeTitle: String?
    public var commentCount: Int

    /// Who sees a shared photo besides its owner.
    public enum Visibility: String, Codable, Sendable, CaseIterable {
        /// Every friend of the owner.
        case friends
        /// The friends in ``SharedPhoto/audience``.
        case selectedFriends
    }

    public init(
        id: UUID = UUID(), ownerID: UUID, assignmentID: UUID, challengeID: String, photoAssetID: String,
        caption: String?, visibility: Visibility, audience: [UUID], createdAt: Date, ownerName: String? = nil,
        challengeTitle: String? = nil, commentCount: Int = 0
    ) {
        self.id = id
        self.ownerID = ownerID
        self.assignmentID = assignmentID
        self.challengeID = challengeID
        self.photoAssetID = photoAssetID
        self.caption = caption
        self.visibility = visibility
        self.audience = audience
        self.createdAt = createdAt
        self.ownerName = ownerName
        self.challengeTitle = challengeTitle
        self.commentCount = commentCount
    }

    private enum CodingKeys: String, CodingKey {
        case id, ownerID, assignmentID, challengeID, photoAssetID, caption, visibility, audience, createdAt
        case ownerName, challengeTitle, commentCount
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            ownerID: try container.decode(UUID.self, forKey: .ownerID),
            assignmentID: try container.decode(UUID.self, forKey: .assignmentID),
            challengeID: try container.decode(String.self, forKey: .challengeID),
            photoAssetID: try container.decode(String.self, forKey: .photoAssetID),
            caption: try container.decodeIfPresent(String.self, forKey: .caption),
            visibility: try container.decode(Visibility.self, forKey: .visibility),
            audience: try container.decodeIfPresent([UUID].self, forKey: .audience) ?? [],
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            ownerName: try container.decodeIfPresent(String.self, forKey: .ownerName),
            challengeTitle: try container.decodeIfPresent(String.self, forKey: .challengeTitle),
            commentCount: try container.decodeIfPresent(Int.self, forKey: .commentCount) ?? 0)
    }

    /// IDs lowercase, as every ID the platform writes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(LowercaseUUID(wrappedValue: id), forKey: .id)
        try container.encode(LowercaseUUID(wrappedValue: ownerID), forKey: .ownerID)
        try container.encode(LowercaseUUID(wrappedValue: assignmentID), forKey: .assignmentID)
        try container.encode(challengeID, forKey: .challengeID)
        try container.encode(photoAssetID, forKey: .photoAssetID)
        try container.encodeIfPresent(caption, forKey: .caption)
        try container.encode(visibility, forKey: .visibility)
        try container.encode(audience.map { LowercaseUUID(wrappedValue: $0) }, forKey: .audience)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(ownerName, forKey: .ownerName)
        try container.encodeIfPresent(challengeTitle, forKey: .challengeTitle)
        try container.encode(commentCount, forKey: .commentCount)
    }
}

/// A comment on a shared photo (seed 004's `/social/comments`), by someone who can see the photo.
public struct PhotoComment: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    @LowercaseUUID public var photoID: UUID
    @LowercaseUUID public var authorID: UUID
    public var text: String
    public var createdAt: Date
    /// The author's display name, read with the comment.
    public var authorName: String?

    public init(
        id: UUID = UUID(), photoID: UUID, authorID: UUID, text: String, createdAt: Date, authorName: String? = nil
    ) {
        self.id = id
        self.photoID = photoID
        self.authorID = authorID
        self.text = text
        self.createdAt = createdAt
        self.authorName = authorName
    }
}
