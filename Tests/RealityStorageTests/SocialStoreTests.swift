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
