import Foundation

/// Completion photos shared with friends, and their comments (seed 004's `/social/photos` and
/// `/social/comments`, issue 22). A photo is seen by its owner and by the friends its visibility
/// names while they stay friends (a block ends a friendship); never by someone who reported it.
/// A comment is seen by whoever sees its photo, unless they reported it or a block stands
/// between them and its author. Anything the caller may not see is "not found".
public struct SharedPhotos<Store: SocialRepository & ChallengeRepository>: Sendable {
    let store: Store
    let notifier: any SocialNotifier
    let clock: @Sendable () -> Date

    /// Shared photos over `store`, telling owners of comments through `notifier`.
    public init(store: Store, notifier: any SocialNotifier, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
    }

    /// `userID` shares the photo of their latest completion of `challengeID`.
    public func share(
        _ challengeID: String, by userID: UUID, caption: String?, visibility: SharedPhoto.Visibility,
        audience: [UUID]
    ) async throws -> SharedPhoto {
        guard Challenge.isSlug(challengeID),
            let done = try await store.latestAssignment(of: userID, challengeID: challengeID),
            done.status == .completed, let photo = done.photoAssetID
        else {
            throw ChallengeError.invalid(field: "challengeID", reason: "has no completion of yours with a photo")
        }
        let shared = SharedPhoto(
            ownerID: userID, assignmentID: done.id, challengeID: challengeID, photoAssetID: photo,
            caption: try Self.caption(caption), visibility: visibility,
            audience: try await checkedAudience(audience, of: userID, for: visibility), createdAt: clock())
        guard try await store.saveSharedPhoto(shared) else { throw ChallengeError.alreadyShared }
        return try await described([shared], for: userID)[0]
    }

    /// The owner changes a photo's caption (an empty one removes it), visibility or audience.
    public func update(
        _ id: UUID, by userID: UUID, caption: String?, visibility: SharedPhoto.Visibility?, audience: [UUID]?
    ) async throws -> SharedPhoto {
        guard var photo = try await store.sharedPhoto(id: id), photo.ownerID == userID else {
            throw ChallengeError.photoNotFound
        }
        if let caption { photo.caption = try Self.caption(caption) }
        if let visibility {
            photo.visibility = visibility
            if visibility == .friends, audience == nil { photo.audience = [] }
        }
        if let audience {
            photo.audience = audience
        } else {
            // Those kept from before who are friends no more are left out, not refused.
            let friends = Set(try await store.friends(of: userID).map(\.userID))
            photo.audience = photo.audience.filter(friends.contains)
        }
        photo.audience = try await checkedAudience(photo.audience, of: userID, for: photo.visibility)
        try await store.updateSharedPhoto(photo)
        return try await described([photo], for: userID)[0]
    }

    /// The owner stops sharing photo `id`; its comments go with it.
    public func unshare(_ id: UUID, by userID: UUID) async throws {
        guard let photo = try await store.sharedPhoto(id: id), photo.ownerID == userID,
            try await store.deleteSharedPhoto(id: id)
        else { throw ChallengeError.photoNotFound }
    }

    /// The photos `viewerID` may see, newest first, after `cursor` (the previous page's last photo);
    /// answers the page and the cursor of the next one (nil on the last).
    public func feed(for viewerID: UUID, cursor: String?, limit: Int) async throws -> (
        photos: [SharedPhoto], next: String?
    ) {
        let after = try cursor.map(Self.position(of:))
        let photos = try await store.photoFeed(for: viewerID, before: after, limit: limit + 1)
        let page = Array(photos.prefix(limit))
        let next = photos.count > limit ? page.last.map(Self.cursor(of:)) : nil
        return (try await described(page, for: viewerID), next)
    }

    /// Photo `id`, to someone who may see it.
    public func photo(_ id: UUID, for viewerID: UUID) async throws -> SharedPhoto {
        try await described([try await visiblePhoto(id, to: viewerID)], for: viewerID)[0]
    }

    /// Photo `id` to someone who may see it, as stored (its audience included).
    public func visiblePhoto(_ id: UUID, to viewerID: UUID) async throws -> SharedPhoto {
        guard let photo = try await store.sharedPhoto(id: id), try await isVisible(photo, to: viewerID) else {
            throw ChallengeError.photoNotFound
        }
        return photo
    }

    /// The comments on photo `photoID` that `viewerID` may see, oldest first, with names.
    public func comments(on photoID: UUID, for viewerID: UUID, limit: Int) async throws -> [PhotoComment] {
        _ = try await visiblePhoto(photoID, to: viewerID)
        let shown = try await store.comments(on: photoID, visibleTo: viewerID, limit: limit)
        let names = try await store.displayNames(of: Set(shown.map(\.authorID)))
        return shown.map { comment in
            var comment = comment
            comment.authorName = names[comment.authorID].flatMap { $0.isEmpty ? nil : $0 }
            return comment
        }
    }

    /// `userID` comments on photo `photoID`, which they may see; its owner is told.
    public func comment(on photoID: UUID, by userID: UUID, text: String) async throws -> PhotoComment {
        try PersonText.check(text, field: "text", limit: SocialLimits.comment, allowEmpty: false)
        let photo = try await visiblePhoto(photoID, to: userID)
        let names = try await store.displayNames(of: [userID])
        let comment = PhotoComment(
            photoID: photoID, authorID: userID, text: text, createdAt: clock(),
            authorName: names[userID].flatMap { $0.isEmpty ? nil : $0 })
        guard try await store.saveComment(comment, limit: SocialLimits.commentsPerPhoto) else {
            throw ChallengeError.limitReached("At most \(SocialLimits.commentsPerPhoto) comments on a photo")
        }
        if photo.ownerID != userID {
            try await notifier.notify(
                photo.ownerID, actor: userID, title: "New comment",
                body: "\(FriendsService<Store>.name(comment.authorName)) commented on your photo.")
        }
        return comment
    }

    /// Removes comment `id`: its author may, and so may the owner of its photo.
    public func deleteComment(_ id: UUID, by userID: UUID) async throws {
        guard let comment = try await store.comment(id: id),
            let photo = try await store.sharedPhoto(id: comment.photoID),
            comment.authorID == userID || photo.ownerID == userID, try await store.deleteComment(id: id)
        else { throw ChallengeError.commentNotFound }
    }

    /// Whether `viewerID` may see `photo` (see the type's rule).
    public func isVisible(_ photo: SharedPhoto, to viewerID: UUID) async throws -> Bool {
        if photo.ownerID == viewerID { return true }
        guard try await store.friendship(between: photo.ownerID, and: viewerID) != nil,
            photo.visibility == .friends || photo.audience.contains(viewerID)
        else { return false }
        let reported = try await store.reportedTargetIDs(by: viewerID, kind: .photo)
        return !reported.contains(photo.id.uuidString.lowercased())
    }

    /// `photos` as `viewerID` reads them: with names and titles, the audience only for the owner,
    /// and as many comments as their comment list shows them.
    private func described(_ photos: [SharedPhoto], for viewerID: UUID) async throws -> [SharedPhoto] {
        let names = try await store.displayNames(of: Set(photos.map(\.ownerID)))
        let counts = try await store.visibleCommentCounts(on: photos.map(\.id), for: viewerID)
        var titles: [String: String] = [:]
        var described: [SharedPhoto] = []
        for var photo in photos {
            if titles[photo.challengeID] == nil {
                titles[photo.challengeID] = try await store.challenge(id: photo.challengeID)?.title
            }
            photo.ownerName = names[photo.ownerID].flatMap { $0.isEmpty ? nil : $0 }
            photo.challengeTitle = titles[photo.challengeID]
            if photo.ownerID != viewerID { photo.audience = [] }
            photo.commentCount = counts[photo.id] ?? 0
            described.append(photo)
        }
        return described
    }

    /// The audience `audience` names for `visibility`: none for every friend; for chosen friends,
    /// between ``SocialLimits/audience`` of the owner's friends, each once.
    private func checkedAudience(_ audience: [UUID], of ownerID: UUID, for visibility: SharedPhoto.Visibility)
        async throws -> [UUID]
    {
        var seen = Set<UUID>()
        let unique = audience.filter { seen.insert($0).inserted }
        switch visibility {
        case .friends:
            guard unique.isEmpty else {
                throw ChallengeError.invalid(field: "audience", reason: "is for selectedFriends only")
            }
            return []
        case .selectedFriends:
            guard SocialLimits.audience.contains(unique.count) else {
                throw ChallengeError.invalid(
                    field: "audience",
                    reason:
                        "must name \(SocialLimits.audience.lowerBound) to \(SocialLimits.audience.upperBound) friends")
            }
            let friends = Set(try await store.friends(of: ownerID).map(\.userID))
            guard unique.allSatisfy(friends.contains) else {
                throw ChallengeError.invalid(field: "audience", reason: "names someone who is not your friend")
            }
            return unique
        }
    }

    /// A caption as kept: nil for none or a blank one.
    private static func caption(_ caption: String?) throws -> String? {
        guard let caption, !caption.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        try PersonText.check(caption, field: "caption", limit: SocialLimits.caption, allowEmpty: false)
        return caption
    }

    /// A page's cursor: its last photo's time (milliseconds) and ID.
    static func cursor(of photo: SharedPhoto) -> String {
        "\(Int64((photo.createdAt.timeIntervalSince1970 * 1000).rounded()))_\(photo.id.uuidString.lowercased())"
    }

    private static func position(of cursor: String) throws -> (Date, UUID) {
        let parts = cursor.split(separator: "_", maxSplits: 1)
        guard parts.count == 2, let milliseconds = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else {
            throw ChallengeError.invalid(field: "cursor", reason: "is not a cursor this list gave")
        }
        return (Date(timeIntervalSince1970: Double(milliseconds) / 1000), id)
    }
}
