import Foundation
import Hummingbird
import OutOfBoxCore
import RealityAPI
import RealityCore

/// Out of Box's friends and sharing over HTTP (seed 004's `/api/v1/social/…`, issue 22): friends,
/// requests, blocks, shared photos with their bytes, and comments, each for the signed-in person
/// only; what they may not see answers 404.
struct SocialController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
    let files: AssetFiles

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.friends, use: friends)
        router.on(.unfriend, use: unfriend)
        router.on(.friendRequests, use: requests)
        router.on(.sendFriendRequest, use: send)
        router.on(.actOnFriendRequest, use: act)
        router.on(.blocks, use: blocks)
        router.on(.block, use: block)
        router.on(.unblock, use: unblock)
        router.on(.sharedPhotos, use: feed)
        router.on(.sharePhoto, use: share)
        router.on(.sharedPhoto, use: photo)
        router.on(.updateSharedPhoto, use: update)
        router.on(.unsharePhoto, use: unshare)
        router.on(.sharedPhotoImage, use: image)
        router.on(.photoComments, use: comments)
        router.on(.commentOnPhoto, use: comment)
        router.on(.deletePhotoComment, use: deleteComment)
    }

    private var people: FriendsService<Store> {
        FriendsService(store: services.store, notifier: ServerSocialNotifier(store: services.store))
    }

    private var photos: SharedPhotos<Store> {
        SharedPhotos(store: services.store, notifier: ServerSocialNotifier(store: services.store))
    }

    // MARK: Friends, requests, blocks

    @Sendable func friends(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Friend>> {
        JSONResponse(Page(items: try await people.friends(of: try context.requireUser().rawValue)))
    }

    @Sendable func unfriend(_ request: Request, context: APIRequestContext) async throws -> Response {
        try await people.unfriend(try Self.uuid("userID", context), by: try context.requireUser().rawValue)
        return Response(status: .noContent)
    }

    @Sendable func requests(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<FriendRequest>>
    {
        JSONResponse(Page(items: try await people.requests(of: try context.requireUser().rawValue)))
    }

    /// Asks the person the body names by exactly one of their email and their ID.
    @Sendable func send(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<FriendRequest> {
        let userID = try context.requireUser()
        let body = try await request.decodeJSON(SendFriendRequest.self, limit: context.maxBodyBytes)
        guard (body.email == nil) != (body.userID == nil) else {
            throw ChallengeError.invalid(field: "email", reason: "or userID: give exactly one")
        }
        let email = try body.email.map { try PeopleController<Store>.email($0, field: "email") }
        if let wait = try await services.store.takeToken(.friendRequests, subject: userID.uuidString, now: Date()) {
            throw APIError.rateLimited("Too many friend requests", wait: wait)
        }
        let sent: FriendRequest
        if let email {
            let account = try await services.store.account(email: email)
            sent = try await people.send(from: userID.rawValue, to: account?.userID.rawValue, reach: .email)
        } else {
            sent = try await people.send(from: userID.rawValue, to: body.userID, reach: .id)
        }
        return JSONResponse(sent, status: .created)
    }

    @Sendable func act(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<FriendRequest> {
        let userID = try context.requireUser().rawValue
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw ChallengeError.friendRequestNotFound
        }
        let body = try await request.decodeJSON(FriendRequestActionBody.self, limit: context.maxBodyBytes)
        return JSONResponse(try await people.act(body.action, on: id, by: userID))
    }

    @Sendable func blocks(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Friend>> {
        JSONResponse(Page(items: try await people.blocked(by: try context.requireUser().rawValue)))
    }

    @Sendable func block(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Friend> {
        let userID = try context.requireUser().rawValue
        let body = try await request.decodeJSON(BlockRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(try await people.block(body.userID, by: userID), status: .created)
    }

    @Sendable func unblock(_ request: Request, context: APIRequestContext) async throws -> Response {
        try await people.unblock(try Self.uuid("userID", context), by: try context.requireUser().rawValue)
        return Response(status: .noContent)
    }

    // MARK: Photos and comments

    @Sendable func feed(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<SharedPhoto>>
    {
        let userID = try context.requireUser().rawValue
        let parameters = context.query(of: request)
        let page = try await photos.feed(
            for: userID, cursor: try parameters(.cursor), limit: try parameters.pageSize(.socialLimit))
        return JSONResponse(Page(items: page.photos, nextCursor: page.next))
    }

    @Sendable func share(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<SharedPhoto> {
        let userID = try context.requireUser().rawValue
        let body = try await request.decodeJSON(SharePhotoRequest.self, limit: context.maxBodyBytes)
        let shared = try await photos.share(
            body.challengeID, by: userID, caption: body.caption, visibility: body.visibility ?? .friends,
            audience: body.audience ?? [])
        return JSONResponse(shared, status: .created)
    }

    @Sendable func photo(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<SharedPhoto> {
        JSONResponse(try await photos.photo(try Self.photoID(context), for: try context.requireUser().rawValue))
    }

    @Sendable func update(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<SharedPhoto> {
        let userID = try context.requireUser().rawValue
        let id = try Self.photoID(context)
        let body = try await request.decodeJSON(UpdateSharedPhotoRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(
            try await photos.update(
                id, by: userID, caption: body.caption, visibility: body.visibility, audience: body.audience))
    }

    @Sendable func unshare(_ request: Request, context: APIRequestContext) async throws -> Response {
        try await photos.unshare(try Self.photoID(context), by: try context.requireUser().rawValue)
        return Response(status: .noContent)
    }

    /// The photo's bytes, or its thumbnail or preview from the media pipeline, to whoever may see
    /// it (the owner's asset is read through the share, never by its hash alone); the original to
    /// its owner only, the preview to the others.
    @Sendable func image(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser().rawValue
        let size = try context.query(of: request)(.imageSize) ?? "original"
        let requested: RenditionKind?
        switch size {
        case "original": requested = nil
        default:
            guard let rendition = RenditionKind(rawValue: size) else {
                throw APIError.badParameter(.imageSize, "size must be original, thumbnail or preview.")
            }
            requested = rendition
        }
        let photo = try await photos.visiblePhoto(try Self.photoID(context), to: userID)
        // The original, as uploaded, may carry where it was taken: it stays its owner's, and the
        // others get the preview, made anew without the file's metadata.
        let kind = photo.ownerID == userID ? requested : requested ?? .preview
        guard let asset = try await files.store.asset(sha256: photo.photoAssetID) else {
            throw ChallengeError.photoNotFound
        }
        guard let kind else {
            return try await files.response(blob: asset.sha256, contentType: asset.contentType, for: request)
        }
        let pending = try await services.store.isJobQueued(.mediaRenditions, subject: asset.sha256)
        return try await files.rendition(kind, of: asset.sha256, pending: pending, for: request)
    }

    @Sendable func comments(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<PhotoComment>>
    {
        let userID = try context.requireUser().rawValue
        let parameters = context.query(of: request)
        guard let text = try parameters(.photoID), let photoID = UUID(uuidString: text) else {
            throw APIError.badParameter(.photoID, "photoID must be a shared photo's ID.")
        }
        let limit = try parameters.pageSize(.socialLimit)
        return JSONResponse(Page(items: try await photos.comments(on: photoID, for: userID, limit: limit)))
    }

    @Sendable func comment(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<PhotoComment> {
        let userID = try context.requireUser().rawValue
        let body = try await request.decodeJSON(PhotoCommentRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(try await photos.comment(on: body.photoID, by: userID, text: body.text), status: .created)
    }

    @Sendable func deleteComment(_ request: Request, context: APIRequestContext) async throws -> Response {
        let userID = try context.requireUser().rawValue
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw ChallengeError.commentNotFound
        }
        try await photos.deleteComment(id, by: userID)
        return Response(status: .noContent)
    }

    private static func photoID(_ context: APIRequestContext) throws -> UUID {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw ChallengeError.photoNotFound
        }
        return id
    }

    private static func uuid(_ name: String, _ context: APIRequestContext) throws -> UUID {
        guard let id = context.parameters.get(name).flatMap(UUID.init(uuidString:)) else {
            throw APIError.badParameter(name, "\(name) must be a UUID.")
        }
        return id
    }
}
