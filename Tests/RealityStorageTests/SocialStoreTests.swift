import Foundation
import OutOfBoxCore
import RealityTestSupport
import Testing

/// Out of Box's shared photos and comments over each real store (issue 22): a photo's comment
/// limit holds when comments race for its last places, and the comment count a viewer reads
/// leaves out what their comment list leaves out.
@Suite struct SocialStoreTests {
    static let epoch = Date(timeIntervalSince1970: 1_780_000_000)

    static func photo(of ownerID: UUID) -> SharedPhoto {
        SharedPhoto(
            ownerID: ownerID, assignmentID: UUID(), challengeID: "find-blue",
            photoAssetID: String(repeating: "a", count: 64),
            caption: nil, visibility: .friends, audience: [], createdAt: epoch)
    }

    @Test(arguments: StoreBackend.allCases)
    func commentsRacingForTheLastPlaces_neverPassThePhotosLimit(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            let photo = Self.photo(of: UUID())
            #expect(try await store.saveSharedPhoto(photo))
            let saved = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<24 {
                    group.addTask {
                        try await store.saveComment(
                            PhotoComment(photoID: photo.id, authorID: UUID(), text: "c\(index)", createdAt: Self.epoch),
                            limit: 5)
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(saved == 5)
            #expect(try await store.comments(on: photo.id, visibleTo: UUID(), limit: 100).count == 5)
            let full = PhotoComment(photoID: photo.id, authorID: UUID(), text: "late", createdAt: Self.epoch)
            #expect(try await store.saveComment(full, limit: 5) == false)
            #expect(try await store.comment(id: full.id) == nil, "a refused comment is not kept")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aViewersCommentCount_leavesOutWhatTheyReported_andPeopleBlockedEitherWay(backend: StoreBackend) async throws {
        try await withStore(backend) { store in
            let (ana, bob, cleo, dan) = (UUID(), UUID(), UUID(), UUID())
            let photo = Self.photo(of: ana)
            let other = Self.photo(of: ana)
            #expect(try await store.saveSharedPhoto(photo))
            #expect(try await store.saveSharedPhoto(other))
            func say(_ author: UUID, on target: SharedPhoto) async throws -> PhotoComment {
                let comment = PhotoComment(photoID: target.id, authorID: author, text: "hi", createdAt: Self.epoch)
                #expect(try await store.saveComment(comment, limit: 10))
                return comment
            }
            let fromCleo = try await say(cleo, on: photo)
            _ = try await say(dan, on: photo)
            _ = try await say(ana, on: photo)
            _ = try await say(dan, on: other)
            #expect(
                try await store.visibleCommentCounts(on: [photo.id, other.id], for: bob) == [photo.id: 3, other.id: 1])

            // Bob reports Cleo's comment, and Dan blocks Bob: Bob no longer reads either's.
            try await store.saveReport(
                ContentReport(
                    reporterID: bob, kind: .comment, targetID: fromCleo.id.uuidString.lowercased(), reason: .spam,
                    details: nil, createdAt: Self.epoch))
            #expect(try await store.block(bob, by: dan, at: Self.epoch))
            #expect(try await store.visibleCommentCounts(on: [photo.id, other.id], for: bob) == [photo.id: 1])
            #expect(
                try await store.comments(on: photo.id, visibleTo: bob, limit: 10).map(\.authorID) == [ana],
                "the list reads the rule the count does")
            #expect(try await store.comments(on: photo.id, visibleTo: ana, limit: 10).count == 3)
            #expect(
                try await store.visibleCommentCounts(on: [photo.id, other.id], for: ana) == [photo.id: 3, other.id: 1],
                "nobody else's count changes")
            #expect(try await store.visibleCommentCounts(on: [], for: bob).isEmpty)
        }
    }
}

/// Friend requests and acceptances racing for a person's last places (issue 22): the bounds are
/// counted inside the store's write, so however many run at once, none passes them.
@Suite struct FriendBoundsStoreTests {
    /// Runs `count` writes at once; answers how many returned and the errors the others threw.
    static func race(_ count: Int, _ write: @escaping @Sendable (Int) async throws -> Void) async -> (
        done: Int, refused: [ChallengeError]
    ) {
        await withTaskGroup(of: ChallengeError?.self) { group in
            for index in 0..<count {
                group.addTask {
                    do {
                        try await write(index)
                        return nil
                    } catch {
                        return error as? ChallengeError ?? .invalid(field: "unexpected", reason: "\(error)")
                    }
                }
            }
            var refused: [ChallengeError] = []
            var done = 0
            for await outcome in group {
                if let outcome { refused.append(outcome) } else { done += 1 }
            }
            return (done, refused)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func requestsRacingForTheSendersLastPlaces_neverPassItsBound(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            let bounds = FriendBounds(friends: 10, pendingRequests: 3)
            let sender = UUID()
            let outcome = await Self.race(12) { _ in
                let request = FriendRequest(fromID: sender, toID: UUID(), createdAt: SocialStoreTests.epoch)
                guard try await store.saveFriendRequest(request, within: bounds) else {
                    throw ChallengeError.requestPending
                }
            }
            #expect(outcome.done == 3)
            #expect(outcome.refused == Array(repeating: bounds.pendingReached, count: 9))
            let kept = try await store.pendingFriendRequests(involving: sender)
            #expect(kept.count == 3, "nothing else kept")
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func acceptancesRacingForAPersonsLastPlaces_neverPassItsBound(backend: StoreBackend) async throws {
        try await withStore(backend, connections: 8) { store in
            let bounds = FriendBounds(friends: 3, pendingRequests: 10)
            let popular = UUID()
            var requests: [FriendRequest] = []
            for _ in 0..<8 {
                let request = FriendRequest(fromID: UUID(), toID: popular, createdAt: SocialStoreTests.epoch)
                #expect(try await store.saveFriendRequest(request, within: bounds))
                requests.append(request)
            }
            let ids = requests.map(\.id)
            let outcome = await Self.race(ids.count) { index in
                guard
                    try await store.settleFriendRequest(
                        ids[index], as: .accepted, at: SocialStoreTests.epoch, within: bounds) != nil
                else { throw ChallengeError.friendRequestNotFound }
            }
            #expect(outcome.done == 3)
            #expect(outcome.refused == Array(repeating: bounds.friendsReached, count: 5))
            #expect(try await store.friends(of: popular).count == 3)
            let waiting = try await store.pendingFriendRequests(involving: popular)
            #expect(waiting.count == 5, "a refused acceptance leaves its request pending")

            // A full person can no longer be asked, nor ask.
            let late = FriendRequest(fromID: UUID(), toID: popular, createdAt: SocialStoreTests.epoch)
            await #expect(throws: bounds.friendsReached) { try await store.saveFriendRequest(late, within: bounds) }
            #expect(try await store.friendRequest(id: late.id) == nil)
        }
    }
}
