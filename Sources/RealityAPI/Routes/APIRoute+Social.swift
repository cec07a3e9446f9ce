import OutOfBoxCore

extension APIRoute {
    // Out of Box's friends and sharing (seed 004's `/api/v1/social/…`, issue 22).

    /// `GET /api/v1/social/friends`.
    public static let friends = APIRoute(
        .get, "/api/v1/social/friends", summary: "Your friends, oldest friendship first", tag: "social",
        answer: .page(Friend.self))
    /// `DELETE /api/v1/social/friends/{userID}`.
    public static let unfriend = APIRoute(
        .delete, "/api/v1/social/friends/{userID}", summary: "End a friendship", tag: "social", status: 204,
        answer: .empty)
    /// `GET /api/v1/social/requests`: the requests waiting that the caller sent or received.
    public static let friendRequests = APIRoute(
        .get, "/api/v1/social/requests", summary: "Friend requests waiting, sent and received, newest first",
        tag: "social", answer: .page(FriendRequest.self))
    /// `POST /api/v1/social/requests`: ask someone, by email or ID (rate-limited).
    public static let sendFriendRequest = APIRoute(
        .post, "/api/v1/social/requests",
        summary: "Ask someone to be friends, by email or ID (accepts theirs when they asked first)", tag: "social",
        body: .json(SendFriendRequest.self), status: 201, answer: .json(FriendRequest.self))
    /// `POST /api/v1/social/requests/{id}`: accept, decline, cancel or block.
    public static let actOnFriendRequest = APIRoute(
        .post, "/api/v1/social/requests/{id}",
        summary: "Accept, decline or block (its recipient), or cancel (its sender) a friend request", tag: "social",
        body: .json(FriendRequestActionBody.self), answer: .json(FriendRequest.self))
    /// `GET /api/v1/social/blocks`.
    public static let blocks = APIRoute(
        .get, "/api/v1/social/blocks", summary: "The people you blocked, newest first", tag: "social",
        answer: .page(Friend.self))
    /// `POST /api/v1/social/blocks`.
    public static let block = APIRoute(
        .post, "/api/v1/social/blocks", summary: "Block someone: no requests, photos or comments between you",
        tag: "social", body: .json(BlockRequest.self), status: 201, answer: .json(Friend.self))
    /// `DELETE /api/v1/social/blocks/{userID}`.
    public static let unblock = APIRoute(
        .delete, "/api/v1/social/blocks/{userID}", summary: "Lift a block", tag: "social", status: 204,
        answer: .empty)
    /// `GET /api/v1/social/photos`: the caller's feed.
    public static let sharedPhotos = APIRoute(
        .get, "/api/v1/social/photos", summary: "Photos shared with you and by you, newest first", tag: "social",
        query: [.socialLimit, .cursor], answer: .page(SharedPhoto.self))
    /// `POST /api/v1/social/photos`: share a completion's photo.
    public static let sharePhoto = APIRoute(
        .post, "/api/v1/social/photos", summary: "Share a completed challenge's photo with friends", tag: "social",
        body: .json(SharePhotoRequest.self), status: 201, answer: .json(SharedPhoto.self))
    /// `GET /api/v1/social/photos/{id}`.
    public static let sharedPhoto = APIRoute(
        .get, "/api/v1/social/photos/{id}", summary: "One shared photo", tag: "social",
        answer: .json(SharedPhoto.self))
    /// `PATCH /api/v1/social/photos/{id}`: its owner changes caption, visibility or audience.
    public static let updateSharedPhoto = APIRoute(
        .patch, "/api/v1/social/photos/{id}", summary: "Change a shared photo's caption or visibility",
        tag: "social", body: .json(UpdateSharedPhotoRequest.self), answer: .json(SharedPhoto.self))
    /// `DELETE /api/v1/social/photos/{id}`: its owner stops sharing it.
    public static let unsharePhoto = APIRoute(
        .delete, "/api/v1/social/photos/{id}", summary: "Stop sharing a photo (its comments go too)",
        tag: "social", status: 204, answer: .empty)
    /// `GET /api/v1/social/photos/{id}/image`: the photo's bytes, to whoever may see it.
    public static let sharedPhotoImage = APIRoute(
        .get, "/api/v1/social/photos/{id}/image",
        summary:
            "The photo (its owner; others get the preview), its thumbnail or preview (404 rendition_pending while made)",
        tag: "social",
        query: [.imageSize], answer: .raw)
    /// `GET /api/v1/social/comments?photoID=`.
    public static let photoComments = APIRoute(
        .get, "/api/v1/social/comments", summary: "A shared photo's comments, oldest first", tag: "social",
        query: [.photoID, .socialLimit], answer: .page(PhotoComment.self))
    /// `POST /api/v1/social/comments`: its owner is notified.
    public static let commentOnPhoto = APIRoute(
        .post, "/api/v1/social/comments", summary: "Comment on a shared photo", tag: "social",
        body: .json(PhotoCommentRequest.self), status: 201, answer: .json(PhotoComment.self))
    /// `DELETE /api/v1/social/comments/{id}`: by its author or the photo's owner.
    public static let deletePhotoComment = APIRoute(
        .delete, "/api/v1/social/comments/{id}", summary: "Remove a comment (its author or the photo's owner)",
        tag: "social", status: 204, answer: .empty)

    /// The social routes, in the order the server registers them.
    public static let socialRoutes = [
        friends, unfriend, friendRequests, sendFriendRequest, actOnFriendRequest, blocks, block, unblock,
        sharedPhotos, sharePhoto, sharedPhoto, updateSharedPhoto, unsharePhoto, sharedPhotoImage, photoComments,
        commentOnPhoto, deletePhotoComment,
    ]
}

extension APIRoute.QueryParameter {
    /// `limit` of social lists.
    public static let socialLimit = pageSize(APIRoute.PageSize(1...100, default: 30))
    /// `photoID`: the shared photo whose comments are asked for.
    public static let photoID = Self(
        name: "photoID", type: "string", description: "The shared photo's ID.", format: "uuid")
    /// `size` of a shared photo: `original` (the default), `thumbnail` or `preview`.
    public static let imageSize = Self(
        name: "size", type: "string", description: "original (the default), thumbnail or preview.")
}
