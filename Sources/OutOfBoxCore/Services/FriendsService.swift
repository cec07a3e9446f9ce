import Foundation

/// Friends, friend requests and blocks (seed 004's `/social/friends` and `/social/requests`,
/// issue 22). A request reaches only someone whose privacy settings let the sender find and ask
/// them and who neither blocked nor was blocked by the sender; anyone else is "not found", the same
/// answer as for an email no one holds, so that the route tells no one who has an account or who
/// keeps whom out.
public struct FriendsService<Store: SocialRepository & ChallengeRepository>: Sendable {
    let store: Store
    let notifier: any SocialNotifier
    let clock: @Sendable () -> Date

    /// Friends over `store`, telling people through `notifier`; `clock` tells the time.
    public init(store: Store, notifier: any SocialNotifier, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
    }

    /// How the sender named the person they ask.
    public enum Reach: Sendable {
        /// By their email: their ``PrivacySettingsDTO/findableBy`` applies too.
        case email
        /// By their ID (seen beside a comment, say): only ``PrivacySettingsDTO/friendRequestsFrom``.
        case id
    }

    /// `userID`'s friends with their names, oldest friendship first.
    public func friends(of userID: UUID) async throws -> [Friend] {
        try await named(try await store.friends(of: userID))
    }

    /// Ends the friendship of `userID` and `friendID`; ``ChallengeError/notFriends`` when there is none.
    public func unfriend(_ friendID: UUID, by userID: UUID) async throws {
        guard try await store.endFriendship(between: userID, and: friendID) else { throw ChallengeError.notFriends }
    }

    /// The requests waiting that `userID` sent or received, newest first, with names.
    public func requests(of userID: UUID) async throws -> [FriendRequest] {
        try await named(try await store.pendingFriendRequests(involving: userID))
    }

    /// `userID` asks `targetID` (nil: the email named no one) to be friends. When `targetID` asked
    /// `userID` already, that request is accepted instead; either way the other person is told.
    public func send(from userID: UUID, to targetID: UUID?, reach: Reach) async throws -> FriendRequest {
        guard let targetID else { throw ChallengeError.personNotFound }
        guard targetID != userID else { throw ChallengeError.invalid(field: "userID", reason: "is you") }
        guard try await store.displayNames(of: [targetID])[targetID] != nil,
            try await !store.isBlocked(between: userID, and: targetID),
            try await mayAsk(targetID, from: userID, reach: reach)
        else { throw ChallengeError.personNotFound }
        if try await store.friendship(between: userID, and: targetID) != nil { throw ChallengeError.alreadyFriends }
        if let waiting = try await store.pendingFriendRequest(between: userID, and: targetID) {
            guard waiting.fromID == targetID else { throw ChallengeError.requestPending }
            return try await act(.accept, on: waiting.id, by: userID)
        }
        let now = clock()
        if let last = try await store.latestFriendRequest(from: userID, to: targetID), last.status == .declined,
            let declined = last.respondedAt, now.timeIntervalSince(declined) < SocialLimits.afterDecline
        {
            throw ChallengeError.requestDeclined
        }
        let request = FriendRequest(fromID: userID, toID: targetID, createdAt: now)
        guard try await store.saveFriendRequest(request, within: .standard) else {
            // A request that came first, or a block that did.
            if try await store.isBlocked(between: userID, and: targetID) { throw ChallengeError.personNotFound }
            throw ChallengeError.requestPending
        }
        let named = try await named([request])[0]
        try await notifier.notify(
            targetID, actor: userID, title: "Friend request",
            body: "\(Self.name(named.fromName)) would like to be friends on Out of Box.")
        return named
    }

    /// `userID` acts on request `id`: its recipient accepts, declines or blocks its sender; its
    /// sender cancels it. ``ChallengeError/friendRequestNotFound`` for a request that is not theirs
    /// to act on that way, or no longer waits.
    public func act(_ action: FriendRequestAction, on id: UUID, by userID: UUID) async throws -> FriendRequest {
        guard let request = try await store.friendRequest(id: id), request.status == .pending,
            action == .cancel ? request.fromID == userID : request.toID == userID
        else { throw ChallengeError.friendRequestNotFound }
        let now = clock()
        let status: FriendRequest.Status
        switch action {
        case .accept: status = .accepted
        case .decline, .block: status = .declined
        case .cancel: status = .cancelled
        }
        guard let settled = try await store.settleFriendRequest(id, as: status, at: now, within: .standard) else {
            throw ChallengeError.friendRequestNotFound
        }
        if action == .block { _ = try await store.block(request.fromID, by: userID, at: now) }
        let named = try await named([settled])[0]
        if status == .accepted {
            try await notifier.notify(
                request.fromID, actor: userID, title: "New friend",
                body: "\(Self.name(named.toName)) accepted your friend request.")
        }
        return named
    }

    /// `userID` blocks `targetID`: their friendship ends, requests between them are cancelled,
    /// neither can ask the other, and `userID` no longer sees the other's photos or comments.
    public func block(_ targetID: UUID, by userID: UUID) async throws -> Friend {
        guard targetID != userID else { throw ChallengeError.invalid(field: "userID", reason: "is you") }
        guard try await store.displayNames(of: [targetID])[targetID] != nil else {
            throw ChallengeError.personNotFound
        }
        _ = try await store.block(targetID, by: userID, at: clock())
        guard let block = try await blocked(by: userID).first(where: { $0.userID == targetID }) else {
            throw ChallengeError.personNotFound
        }
        return block
    }

    /// Lifts `userID`'s block of `targetID`; ``ChallengeError/personNotFound`` when there was none.
    public func unblock(_ targetID: UUID, by userID: UUID) async throws {
        guard try await store.unblock(targetID, by: userID) else { throw ChallengeError.personNotFound }
    }

    /// The people `userID` blocked, newest first, with names.
    public func blocked(by userID: UUID) async throws -> [Friend] {
        try await named(try await store.blocked(by: userID))
    }

    /// Whether `targetID`'s privacy settings let `userID` ask them, found by `reach`.
    private func mayAsk(_ targetID: UUID, from userID: UUID, reach: Reach) async throws -> Bool {
        let privacy = try await store.preferencesOrDefaults(of: targetID).privacySettings
        var audiences = [privacy.friendRequestsFrom ?? .everyone]
        if reach == .email { audiences.append(privacy.findableBy ?? .everyone) }
        if audiences.contains(.nobody) { return false }
        guard audiences.contains(.friendsOfFriends) else { return true }
        let theirs = Set(try await store.friends(of: targetID).map(\.userID))
        return try await store.friends(of: userID).contains { theirs.contains($0.userID) }
    }

    private func named(_ people: [Friend]) async throws -> [Friend] {
        let names = try await store.displayNames(of: Set(people.map(\.userID)))
        return people.map { person in
            var person = person
            person.displayName = names[person.userID].flatMap { $0.isEmpty ? nil : $0 }
            return person
        }
    }

    private func named(_ requests: [FriendRequest]) async throws -> [FriendRequest] {
        let names = try await store.displayNames(of: Set(requests.flatMap { [$0.fromID, $0.toID] }))
        return requests.map { request in
            var request = request
            request.fromName = names[request.fromID].flatMap { $0.isEmpty ? nil : $0 }
            request.toName = names[request.toID].flatMap { $0.isEmpty ? nil : $0 }
            return request
        }
    }

    /// A person's name in a sentence.
    static func name(_ displayName: String?) -> String { displayName ?? "Someone" }
}
