import Foundation
import OutOfBoxCore
import RealityAPI

/// Out of Box's friends and sharing (`/api/v1/social/…`, issue 22), for `reality friends` and
/// `reality challenge share|photos|comments`.
extension SyncTransport {
    /// `GET /api/v1/social/friends`.
    public func friends() async throws -> [Friend] {
        let page: Page<Friend> = try await send(.friends)
        return page.items
    }

    /// `DELETE /api/v1/social/friends/{userID}`.
    public func unfriend(_ userID: UUID) async throws {
        _ = try await raw(.unfriend, APIRoute.unfriend.path(userID: userID), body: nil)
    }

    /// `GET /api/v1/social/requests`.
    public func friendRequests() async throws -> [FriendRequest] {
        let page: Page<FriendRequest> = try await send(.friendRequests)
        return page.items
    }

    /// `POST /api/v1/social/requests`.
    public func sendFriendRequest(_ request: SendFriendRequest) async throws -> FriendRequest {
        try await send(.sendFriendRequest, body: request)
    }

    /// `POST /api/v1/social/requests/{id}`.
    public func act(_ action: FriendRequestAction, onFriendRequest id: UUID) async throws -> FriendRequest {
        try await send(
            .actOnFriendRequest, APIRoute.actOnFriendRequest.path(id: id),
            body: FriendRequestActionBody(action: action))
    }

    /// `GET /api/v1/social/blocks`.
    public func blocked() async throws -> [Friend] {
        let page: Page<Friend> = try await send(.blocks)
        return page.items
    }

    /// `POST /api/v1/social/blocks`.
    public func block(_ userID: UUID) async throws -> Friend {
        try await send(.block, body: BlockRequest(userID: userID))
    }

    /// `DELETE /api/v1/social/blocks/{userID}`.
    public func unblock(_ userID: UUID) async throws {
        _ = try await raw(.unblock, APIRoute.unblock.path(userID: userID), body: nil)
    }

    /// `GET /api/v1/social/photos`: one page of the feed.
    public func sharedPhotos(limit: Int, cursor: String?) async throws -> Page<SharedPhoto> {
        try await send(
            .sharedPhotos, APIRoute.sharedPhotos.path(query: [.socialLimit: String(limit), .cursor: cursor]))
    }

    /// `GET /api/v1/social/photos/{id}`.
    public func sharedPhoto(_ id: UUID) async throws -> SharedPhoto {
        try await send(.sharedPhoto, APIRoute.sharedPhoto.path(id: id))
    }

    /// `POST /api/v1/social/photos`.
    public func sharePhoto(_ request: SharePhotoRequest) async throws -> SharedPhoto {
        try await send(.sharePhoto, body: request)
    }

    /// `PATCH /api/v1/social/photos/{id}`.
    public func updateSharedPhoto(_ id: UUID, _ request: UpdateSharedPhotoRequest) async throws -> SharedPhoto {
        try await send(.updateSharedPhoto, APIRoute.updateSharedPhoto.path(id: id), body: request)
    }

    /// `DELETE /api/v1/social/photos/{id}`.
    public func unsharePhoto(_ id: UUID) async throws {
        _ = try await raw(.unsharePhoto, APIRoute.unsharePhoto.path(id: id), body: nil)
    }

    /// `GET /api/v1/social/photos/{id}/image?size=`: the bytes.
    public func sharedPhotoImage(_ id: UUID, size: String) async throws -> Data {
        try await raw(.sharedPhotoImage, APIRoute.sharedPhotoImage.path(id: id, query: [.imageSize: size]), body: nil)
    }

    /// `GET /api/v1/social/comments?photoID=`.
    public func photoComments(_ photoID: UUID, limit: Int) async throws -> [PhotoComment] {
        let page: Page<PhotoComment> = try await send(
            .photoComments,
            APIRoute.photoComments.path(query: [
                .photoID: photoID.uuidString.lowercased(), .socialLimit: String(limit),
            ]))
        return page.items
    }

    /// `POST /api/v1/social/comments`.
    public func comment(on photoID: UUID, text: String) async throws -> PhotoComment {
        try await send(.commentOnPhoto, body: PhotoCommentRequest(photoID: photoID, text: text))
    }

    /// `DELETE /api/v1/social/comments/{id}`.
    public func deletePhotoComment(_ id: UUID) async throws {
        _ = try await raw(.deletePhotoComment, APIRoute.deletePhotoComment.path(id: id), body: nil)
    }
}
