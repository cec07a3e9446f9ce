import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

extension DeviceCommandLineTests {
    /// Friends and sharing through the command line, as processes against `reality serve`
    /// (issue 22): a request by email, answered by name on the other device; a completion's photo
    /// shared, seen, saved and commented on by the friend; privacy settings; a block and its end.
    @Suite struct ChallengeSocialCommandLineTests {
        @Test(arguments: Backend.allCases) func friends_share_comment_andBlock(backend: Backend) async throws {
            try await SyncTestServer.withServerProcess(backend) { server, harness in
                _ = try await harness.register("Ana")
                _ = try await harness.register("Bob")
                let phone = CommandLineRunner(store: harness.directory.appendingPathComponent("phone.sqlite").path)
                let laptop = CommandLineRunner(store: harness.directory.appendingPathComponent("laptop.sqlite").path)
                for (device, email) in [(phone, "ana@example.com"), (laptop, "bob@example.com")] {
                    let login = try await device.run(
                        "login", "--server", server.url, "--email", email, "--password", "correct horse")
                    #expect(login.status == 0, "\(login.error)")
                }

                // Ana asks Bob by email; Bob accepts by her name.
                let asked: FriendRequest = try await phone.run("friends", "add", "bob@example.com").decode()
                #expect(asked.status == .pending && asked.toName == "Bob")
                let waiting = try await laptop.runPlain("friends", "requests")
                #expect(waiting.text.contains("from") && waiting.text.contains("Ana"), "\(waiting.text)")
                let unknown = try await laptop.run("friends", "accept", "Zed")
                #expect(unknown.status == 4, "\(unknown.error)")
                let accepted: FriendRequest = try await laptop.run("friends", "accept", "ana").decode()
                #expect(accepted.status == .accepted)
                let anasFriends: [Friend] = try await phone.run("friends").decode()
                #expect(anasFriends.map(\.displayName) == ["Bob"])

                // Ana completes today's challenge with a photo and shares it.
                let photo = harness.directory.appendingPathComponent("photo.png")
                let image = try GeneratedMedia.png(width: 90, height: 60)
                try image.write(to: photo)
                #expect(try await phone.run("challenge", "complete", "--photo", photo.path).status == 0)
                let shared: SharedPhoto = try await phone.run("challenge", "share", "--caption", "Blue door").decode()
                #expect(shared.caption == "Blue door" && shared.visibility == .friends)
                let again = try await phone.run("challenge", "share")
                #expect(again.status == 7, "once per completion: \(again.error)")

                // Bob sees it, saves its image, and comments; Ana reads the comment.
                let feed: Page<SharedPhoto> = try await laptop.run("challenge", "photos").decode()
                #expect(feed.items.map(\.id) == [shared.id])
                let prefix = String(shared.id.uuidString.lowercased().prefix(8))
                // Bob gets its preview (made by the media pipeline, without the file's metadata);
                // the original is Ana's.
                let saved = harness.directory.appendingPathComponent("saved.jpg")
                var shown = try await laptop.runPlain("challenge", "photo", prefix, "--save", saved.path)
                for _ in 0..<120 where shown.status != 0 {
                    try await Task.sleep(for: .milliseconds(250))
                    shown = try await laptop.runPlain("challenge", "photo", prefix, "--save", saved.path)
                }
                #expect(shown.text.contains("Blue door") && shown.text.contains("Ana"), "\(shown.text)")
                let preview = try Data(contentsOf: saved)
                #expect(!preview.isEmpty && preview != image)
                let mine = harness.directory.appendingPathComponent("mine.png")
                #expect(try await phone.run("challenge", "photo", prefix, "--save", mine.path).status == 0)
                #expect(try Data(contentsOf: mine) == image)
                let comment: PhotoComment = try await laptop.run("challenge", "comment", prefix, "Love it").decode()
                #expect(comment.text == "Love it")
                let told: [AppNotification] = try await phone.run("challenge", "notifications").decode()
                #expect(told.map(\.title).contains("New comment") && told.allSatisfy { $0.type == .social }, "\(told)")
                let thread: SharedPhotoThread = try await phone.run("challenge", "photo", prefix).decode()
                #expect(thread.comments.map(\.authorName) == ["Bob"])
                let empty = try await laptop.run("challenge", "comment", prefix, "   ")
                #expect(empty.status == 3, "\(empty.error)")

                // Privacy settings.
                let prefs: UserPreferencesDTO = try await laptop.run(
                    "challenge", "prefs", "--findable-by", "nobody", "--requests-from", "friendsOfFriends"
                ).decode()
                #expect(prefs.privacySettings.findableBy == .nobody)
                #expect(prefs.privacySettings.friendRequestsFrom == .friendsOfFriends)
                let badPrivacy = try await laptop.run("challenge", "prefs", "--findable-by", "aliens")
                #expect(badPrivacy.status == 3, "\(badPrivacy.error)")

                // Bob blocks Ana: no friendship, no photo; then lifts it.
                let blocked: Friend = try await laptop.run("friends", "block", "Ana").decode()
                #expect(blocked.displayName == "Ana")
                let afterBlock: [Friend] = try await phone.run("friends").decode()
                #expect(afterBlock.isEmpty)
                let gone: Page<SharedPhoto> = try await laptop.run("challenge", "photos").decode()
                #expect(gone.items.isEmpty)
                let list: [Friend] = try await laptop.run("friends", "blocked").decode()
                #expect(list.map(\.displayName) == ["Ana"])
                #expect(try await laptop.run("friends", "unblock", "Ana").status == 0)
                let none: [Friend] = try await laptop.run("friends", "blocked").decode()
                #expect(none.isEmpty)
            }
        }
    }
}

/// What `reality challenge photo --json` prints.
private struct SharedPhotoThread: Decodable {
    var photo: SharedPhoto
    var comments: [PhotoComment]
}
