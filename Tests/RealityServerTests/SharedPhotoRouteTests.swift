import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Out of Box's shared photos and comments over HTTP (issue 22), on both backends: a completion's
/// photo shared with every friend or with chosen ones, seen by them and no one else (bytes
/// included), commented on with the owner told, reported content hidden from its reporter at once
/// and taken down by an administrator, and everything gone with its owner's account.
@Suite struct SharedPhotoRouteTests {
    @Test(arguments: Backend.allCases)
    func aSharedPhoto_reachesTheFriendsItsVisibilityNames_andNoOneElse(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let (ana, bob, cleo, dan) = try await (
                api.register("Ana"), api.register("Bob"), api.register("Cleo"), api.register("Dan")
            )
            try await SocialRouteTests.befriend(api, ana, bob)
            try await SocialRouteTests.befriend(api, cleo, ana)
            let image = try GeneratedMedia.png(width: 64, height: 48)
            let challenge = try await Self.complete(api, ana, photo: image)

            // Not before a completion with a photo, and once per completion.
            let none = try await api.send(
                .post, "/api/v1/social/photos", token: bob.token, json: SharePhotoRequest(challengeID: challenge))
            #expect(none.status == .badRequest && none.errorCode == "invalid")
            let made = try await api.send(
                .post, "/api/v1/social/photos", token: ana.token,
                json: SharePhotoRequest(challengeID: challenge, caption: "Found it!"))
            #expect(made.status == .created)
            let photo = try made.decode(SharedPhoto.self)
            #expect(photo.visibility == .friends && photo.caption == "Found it!" && photo.ownerName == "Ana")
            #expect(photo.challengeTitle != nil && photo.commentCount == 0)
            let twice = try await api.send(
                .post, "/api/v1/social/photos", token: ana.token, json: SharePhotoRequest(challengeID: challenge))
            #expect(twice.status == .conflict && twice.errorCode == "already_shared")

            // Friends see it, and its preview (the original, which may carry where it was taken,
            // is its owner's); Dan, no friend, sees nothing of it.
            let original = try await api.send(.get, "/api/v1/social/photos/\(photo.id)/image", token: ana.token)
            #expect(original.status == .ok && original.body == image)
            for friend in [bob, cleo] {
                #expect(try await Self.feed(api, friend).map(\.id) == [photo.id])
                let bytes = try await Self.image(api, photo.id, friend)
                #expect(bytes.status == .ok && !bytes.body.isEmpty && bytes.body != image)
            }
            #expect(try await Self.feed(api, dan).isEmpty)
            for path in ["/api/v1/social/photos/\(photo.id)", "/api/v1/social/photos/\(photo.id)/image"] {
                let hidden = try await api.send(.get, path, token: dan.token)
                #expect(hidden.status == .notFound, "\(path)")
            }
            let asset = try await api.send(.get, "/api/v1/assets/\(photo.photoAssetID)", token: bob.token)
            #expect(asset.status == .notFound, "the share grants the photo through its own route, not the asset")
            let thumbnail = try await Self.image(api, photo.id, bob, size: "thumbnail")
            #expect(thumbnail.status == .ok && !thumbnail.body.isEmpty && thumbnail.body != image)
            let badSize = try await api.send(
                .get, "/api/v1/social/photos/\(photo.id)/image?size=huge", token: bob.token)
            #expect(badSize.status == .badRequest)

            // Chosen friends only: Cleo no longer sees it; a stranger cannot be chosen.
            let narrowed = try await api.send(
                .patch, "/api/v1/social/photos/\(photo.id)", token: ana.token,
                json: UpdateSharedPhotoRequest(visibility: .selectedFriends, audience: [bob.id.rawValue]))
            #expect(try narrowed.decode(SharedPhoto.self).audience == [bob.id.rawValue])
            #expect(try await Self.feed(api, cleo).isEmpty)
            #expect(try await Self.feed(api, bob).first?.audience == [], "only the owner reads the audience")
            for bad in [
                UpdateSharedPhotoRequest(visibility: .selectedFriends, audience: [dan.id.rawValue]),
                UpdateSharedPhotoRequest(visibility: .selectedFriends, audience: []),
                UpdateSharedPhotoRequest(caption: String(repeating: "c", count: 501)),
                UpdateSharedPhotoRequest(visibility: .friends, audience: [bob.id.rawValue]),
            ] {
                let refused = try await api.send(
                    .patch, "/api/v1/social/photos/\(photo.id)", token: ana.token, json: bad)
                #expect(refused.status == .badRequest, "\(bad)")
            }
            let notHers = try await api.send(
                .patch, "/api/v1/social/photos/\(photo.id)", token: bob.token,
                json: UpdateSharedPhotoRequest(caption: "x"))
            #expect(notHers.status == .notFound)

            // Comments: by those who see the photo; its owner is told.
            let said = try await api.send(
                .post, "/api/v1/social/comments", token: bob.token,
                json: PhotoCommentRequest(photoID: photo.id, text: "Lovely blue!"))
            #expect(said.status == .created)
            let comment = try said.decode(PhotoComment.self)
            let told = try await api.send(.get, "/api/v1/notifications", token: ana.token)
                .decode(Page<AppNotification>.self).items.filter { $0.type == .social && $0.title == "New comment" }
            #expect(told.map(\.actorID) == [bob.id] && told[0].body == "Bob commented on your photo.")
            for outsider in [cleo, dan] {
                let refused = try await api.send(
                    .post, "/api/v1/social/comments", token: outsider.token,
                    json: PhotoCommentRequest(photoID: photo.id, text: "Hi"))
                #expect(refused.status == .notFound && refused.errorCode == "photo_not_found")
                let list = try await api.send(
                    .get, "/api/v1/social/comments?photoID=\(photo.id)", token: outsider.token)
                #expect(list.status == .notFound)
            }
            for bad in [
                #"{"photoID": "\#(photo.id)", "text": "   "}"#,
                #"{"photoID": "\#(photo.id)", "text": "\#(String(repeating: "w", count: 1_001))"}"#,
                #"{"photoID": "\#(photo.id)", "text": "bell\u0007"}"#, #"{"photoID": "nope", "text": "hi"}"#, "{}",
            ] {
                let refused = try await api.send(.post, "/api/v1/social/comments", token: bob.token, raw: bad)
                #expect(refused.status == .badRequest, "\(bad.prefix(50))")
            }
            let thread = try await api.send(.get, "/api/v1/social/comments?photoID=\(photo.id)", token: ana.token)
                .decode(Page<PhotoComment>.self).items
            #expect(thread.map(\.text) == ["Lovely blue!"] && thread[0].authorName == "Bob")
            #expect(try await Self.feed(api, ana).first?.commentCount == 1)
            #expect(
                try await api.send(.get, "/api/v1/social/comments", token: ana.token).status == .badRequest,
                "photoID is required")

            // Removing a comment: its author or the photo's owner, nobody else.
            let other = try await api.send(
                .post, "/api/v1/social/comments", token: ana.token,
                json: PhotoCommentRequest(photoID: photo.id, text: "Thanks")
            ).decode(PhotoComment.self)
            #expect(
                try await api.send(.delete, "/api/v1/social/comments/\(other.id)", token: bob.token).status == .notFound
            )
            #expect(
                try await api.send(.delete, "/api/v1/social/comments/\(comment.id)", token: ana.token).status
                    == .noContent)
            #expect(
                try await api.send(.delete, "/api/v1/social/comments/\(other.id)", token: ana.token).status
                    == .noContent)

            // Unsharing: only its owner; it leaves every feed.
            #expect(
                try await api.send(.delete, "/api/v1/social/photos/\(photo.id)", token: bob.token).status == .notFound)
            #expect(
                try await api.send(.delete, "/api/v1/social/photos/\(photo.id)", token: ana.token).status == .noContent)
            #expect(try await Self.feed(api, bob).isEmpty)
            #expect(try await Self.feed(api, ana).isEmpty)
        }
    }

    @Test(arguments: Backend.allCases)
    func reportedContent_isHiddenFromItsReporter_andAnAdministratorTakesItDown(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let (ana, bob, cleo) = try await (api.register("Ana"), api.register("Bob"), api.register("Cleo"))
            try await SocialRouteTests.befriend(api, ana, bob)
            try await SocialRouteTests.befriend(api, ana, cleo)
            // Bob shares every completion's photo with his friends as he completes it.
            try await SocialRouteTests.setPrivacy(api, bob) { $0.shareCompletionsWithFriends = true }
            _ = try await Self.complete(api, bob, photo: try GeneratedMedia.png(width: 32, height: 32))
            let challenge = try await Self.complete(api, ana, photo: try GeneratedMedia.png(width: 40, height: 30))
            let photo = try await api.send(
                .post, "/api/v1/social/photos", token: ana.token, json: SharePhotoRequest(challengeID: challenge)
            ).decode(SharedPhoto.self)
            let anasFeed = try await Self.feed(api, ana)
            #expect(anasFeed.count == 2 && anasFeed.contains { $0.ownerID == bob.id.rawValue }, "Bob's came by itself")

            // A page at a time.
            let first = try await api.send(.get, "/api/v1/social/photos?limit=1", token: ana.token)
                .decode(Page<SharedPhoto>.self)
            let cursor = try #require(first.nextCursor)
            let second = try await api.send(.get, "/api/v1/social/photos?limit=1&cursor=\(cursor)", token: ana.token)
                .decode(Page<SharedPhoto>.self)
            #expect(first.items.count == 1 && second.items.count == 1 && second.nextCursor == nil)
            #expect(Set((first.items + second.items).map(\.id)) == Set(anasFeed.map(\.id)))
            let badCursor = try await api.send(.get, "/api/v1/social/photos?cursor=junk", token: ana.token)
            #expect(badCursor.status == .badRequest)

            // Cleo comments; Bob reports the comment and Cleo reports the photo.
            let comment = try await api.send(
                .post, "/api/v1/social/comments", token: cleo.token,
                json: PhotoCommentRequest(photoID: photo.id, text: "meh")
            ).decode(PhotoComment.self)
            let ownReport = try await api.send(
                .post, "/api/v1/content/report", token: cleo.token,
                json: ReportContentRequest(kind: .comment, targetID: comment.id.uuidString, reason: .spam, details: nil)
            )
            #expect(ownReport.status == .badRequest, "not one's own")
            let commentReport = try await api.send(
                .post, "/api/v1/content/report", token: bob.token,
                json: ReportContentRequest(kind: .comment, targetID: comment.id.uuidString, reason: .spam, details: nil)
            ).decode(ContentReport.self)
            #expect(commentReport.targetID == comment.id.uuidString.lowercased())
            let seenBy = { (session: Session) in
                try await api.send(.get, "/api/v1/social/comments?photoID=\(photo.id)", token: session.token)
                    .decode(Page<PhotoComment>.self).items.map(\.id)
            }
            #expect(try await seenBy(bob).isEmpty, "hidden from Bob at once")
            #expect(try await seenBy(ana) == [comment.id], "and from nobody else")
            let countFor = { (session: Session) in
                try await Self.feed(api, session).first { $0.id == photo.id }?.commentCount
            }
            #expect(try await countFor(bob) == 0, "the count says what the list shows")
            #expect(try await countFor(ana) == 1)
            let photoReport = try await api.send(
                .post, "/api/v1/content/report", token: cleo.token,
                json: ReportContentRequest(
                    kind: .photo, targetID: photo.id.uuidString, reason: .inappropriate, details: nil)
            ).decode(ContentReport.self)
            #expect(try await !Self.feed(api, cleo).contains { $0.id == photo.id })
            #expect(
                try await api.send(.get, "/api/v1/social/photos/\(photo.id)/image", token: cleo.token).status
                    == .notFound)
            #expect(try await Self.feed(api, bob).contains { $0.id == photo.id })
            for unseen in [
                ReportContentRequest(kind: .photo, targetID: UUID().uuidString, reason: .spam, details: nil),
                ReportContentRequest(kind: .comment, targetID: "nope", reason: .spam, details: nil),
            ] {
                #expect(
                    try await api.send(.post, "/api/v1/content/report", token: bob.token, json: unseen).status
                        == .notFound)
            }

            // The administrator: `retire` is for challenges; `remove` takes them down and tells the owners.
            let wrong = try await api.send(
                .post, "/api/v1/admin/reports/\(commentReport.id.uuidString.lowercased())/resolve",
                token: TestServer.adminToken, json: ResolveReportRequest(action: .retire))
            #expect(wrong.status == .badRequest)
            for report in [commentReport, photoReport] {
                let resolved = try await api.send(
                    .post, "/api/v1/admin/reports/\(report.id.uuidString.lowercased())/resolve",
                    token: TestServer.adminToken, json: ResolveReportRequest(action: .remove)
                ).decode(ContentReport.self)
                #expect(resolved.status == .actioned)
            }
            #expect(try await !Self.feed(api, ana).contains { $0.id == photo.id }, "taken down for everyone")
            let again = try await api.send(
                .post, "/api/v1/social/photos", token: ana.token, json: SharePhotoRequest(challengeID: challenge))
            #expect(again.status == .conflict, "a completion taken down is not shared again")
            #expect(try await !Self.feed(api, bob).contains { $0.id == photo.id })
            for session in [ana, cleo] {
                let notices = try await api.send(.get, "/api/v1/notifications", token: session.token)
                    .decode(Page<AppNotification>.self).items.map(\.title)
                #expect(notices.contains { $0.hasSuffix("taken down") }, "\(session.user.displayName ?? "")")
            }

            // Bob's export holds his side; deleting his account takes it all away.
            let export = try await api.send(.get, "/api/v1/me/export", token: bob.token)
            let social = try #require(
                (try JSONSerialization.jsonObject(with: export.body) as? [String: Any])
                    .flatMap { $0["outOfBox"] as? [String: Any] }?["social"] as? [String: Any])
            #expect((social["friends"] as? [Any])?.count == 1 && (social["sharedPhotos"] as? [Any])?.count == 1)
            #expect(try await api.send(.delete, "/api/v1/me", token: bob.token).status == .noContent)
            let anasFriends = try await api.send(.get, "/api/v1/social/friends", token: ana.token)
                .decode(Page<Friend>.self).items.map(\.userID)
            #expect(anasFriends == [cleo.id.rawValue])
            #expect(try await Self.feed(api, ana).isEmpty)
        }
    }

    /// Completes `session`'s challenge of today with `photo`; answers its ID.
    static func complete(_ api: APIClient, _ session: Session, photo: Data) async throws -> String {
        let today = try await api.send(.get, "/api/v1/challenges/today", token: session.token).decode(
            AssignedChallenge.self)
        let upload = try await api.upload(photo, token: session.token).decode(AssetResponse.self)
        let done = try await api.send(
            .post, "/api/v1/challenges/\(today.challenge.id)/complete", token: session.token,
            json: CompleteChallengeRequest(photoAssetID: upload.sha256))
        #expect(done.status == .ok)
        return today.challenge.id
    }

    /// The photo's image of `size` as `session` reads it, once the media pipeline has made it.
    static func image(_ api: APIClient, _ id: UUID, _ session: Session, size: String = "original") async throws
        -> APIResult
    {
        let path = "/api/v1/social/photos/\(id)/image?size=\(size)"
        var answer = try await api.send(.get, path, token: session.token)
        let start = ContinuousClock.now
        while answer.errorCode == "rendition_pending" && ContinuousClock.now - start < .seconds(60) {
            try await Task.sleep(for: .milliseconds(200))
            answer = try await api.send(.get, path, token: session.token)
        }
        return answer
    }

    static func feed(_ api: APIClient, _ session: Session) async throws -> [SharedPhoto] {
        try await api.send(.get, "/api/v1/social/photos", token: session.token).decode(Page<SharedPhoto>.self).items
    }
}
