import Foundation
import RealityCore

/// `POST /api/v1/annotations/{id}/move`.
public struct MoveRequest: Codable, Hashable, Sendable {
    /// The layer to move to (the caller must be able to edit it).
    public var layerID: LayerID

    /// A request for `layerID`.
    public init(layerID: LayerID) {
        self.layerID = layerID
    }
}

/// `PATCH /api/v1/comments/{id}`: a comment's new text.
public struct CommentEdit: Codable, Hashable, Sendable {
    /// The new text.
    public var text: String

    /// An edit to `text`.
    public init(text: String) {
        self.text = text
    }
}

/// `POST /api/v1/annotations/{id}/comments`: a comment or a reply.
public struct CommentRequest: Codable, Hashable, Sendable {
    /// The comment's text.
    public var text: String
    /// The comment this replies to, on the same annotation.
    public var parentCommentID: CommentID?

    /// A request with the given parts.
    public init(text: String, parentCommentID: CommentID? = nil) {
        self.text = text
        self.parentCommentID = parentCommentID
    }
}

/// `POST /api/v1/annotations/{id}/reactions`.
public struct ReactionRequest: Codable, Hashable, Sendable {
    /// One emoji (one grapheme).
    public var emoji: String

    /// A request for `emoji`.
    public init(emoji: String) {
        self.emoji = emoji
    }
}
