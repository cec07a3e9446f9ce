import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI
import RealitySync

extension ChallengeCommand {
    /// `reality challenge share [ID] [--caption T] [--with FRIEND …]`: share a completion's photo.
    struct Share: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Share the photo of a completed challenge with your friends (or --with some of them).",
            discussion: """
                The challenge is today's unless you name it. `reality challenge photos` shows what you \
                and your friends shared; `reality challenge prefs --share-completions on` shares each \
                completion's photo with every friend as you complete it.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The challenge's ID (default: today's).") var id: String?
        @Option(help: "A caption (at most 500 characters).") var caption: String?
        @Option(help: "Only these friends (name, ID or ID prefix); repeat for more.") var with: [String] = []

        func run() async throws {
            try await Device.run(global, flags: ["caption": "--caption", "audience": "--with", "challengeID": "ID"]) {
                device in
                let challengeID = try await ChallengeCommand.challengeID(id, try await ChallengeCommand.service(device))
                let transport = try await FriendsCommand.transport(device)
                var audience: [UUID] = []
                if !with.isEmpty {
                    let friends = try await transport.friends().map { (id: $0.userID, name: $0.displayName) }
                    audience = try with.map { try FriendsCommand.person($0, among: friends, what: "friend") }
                }
                let shared = try await transport.sharePhoto(
                    SharePhotoRequest(
                        challengeID: challengeID, caption: caption,
                        visibility: audience.isEmpty ? .friends : .selectedFriends,
                        audience: audience.isEmpty ? nil : audience))
                try device.output.print(shared) {
                    let who = audience.isEmpty ? "your friends" : "\(audience.count) friend(s)"
                    return "Shared with \(who) (photo \(shared.id.uuidString.lowercased()))."
                }
            }
        }
    }

    /// `reality challenge photos`: the feed.
    struct Photos: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Photos you and your friends shared, newest first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "How many (1–100).") var limit = 30
        @Option(help: "Start after this cursor (the previous page's, from --json).") var cursor: String?

        func run() async throws {
            try await Device.run(global, flags: ["limit": "--limit", "cursor": "--cursor"]) { device in
                let page = try await FriendsCommand.transport(device).sharedPhotos(limit: limit, cursor: cursor)
                try device.output.print(page) {
                    guard !page.items.isEmpty else { return "(none)" }
                    return Table(
                        headers: ["WHEN", "WHO", "CHALLENGE", "CAPTION", "COMMENTS", "ID"],
                        rows: page.items.map {
                            [
                                Show.date($0.createdAt), $0.ownerName ?? "—", Show.clip($0.challengeTitle, 30),
                                Show.clip($0.caption, 30), String($0.commentCount), $0.id.uuidString.lowercased(),
                            ]
                        }
                    ).rendered
                }
            }
        }
    }

    /// `reality challenge photo ID [--save FILE] [--size S]`: one shared photo and its comments.
    struct Photo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One shared photo with its comments; --save writes its image to a file.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's ID or ID prefix (among the newest 100).") var photo: String
        @Option(help: "Write the image to this file.") var save: String?
        @Option(help: "original (yours; a friend's gives its preview), thumbnail or preview.") var size = "original"

        func run() async throws {
            try await Device.run(global, flags: ["size": "--size"]) { device in
                let transport = try await FriendsCommand.transport(device)
                let id = try await ChallengeCommand.photoID(photo, transport)
                let shared = try await transport.sharedPhoto(id)
                let me = try await device.container.store().deviceAccount()?.userID.rawValue
                let comments = try await transport.photoComments(id, limit: 100)
                if let save {
                    let bytes = try await transport.sharedPhotoImage(id, size: size)
                    try bytes.write(to: URL(fileURLWithPath: save), options: .atomic)
                }
                try device.output.print(SharedPhotoWithComments(photo: shared, comments: comments)) {
                    var lines = [
                        "\(shared.ownerName ?? "—") · \(shared.challengeTitle ?? shared.challengeID) · "
                            + Show.date(shared.createdAt)
                    ]
                    if let caption = shared.caption { lines.append(caption) }
                    if let save {
                        // The server answers others' asks for an original with the preview.
                        lines.append(
                            size == "original" && shared.ownerID != me
                                ? "Saved its preview to \(save) (the original is its owner's)."
                                : "Saved the \(size) image to \(save).")
                    }
                    lines += comments.map {
                        "  \($0.authorName ?? "—"): \($0.text)  (\($0.id.uuidString.lowercased()))"
                    }
                    return lines.joined(separator: "\n")
                }
            }
        }
    }

    /// `reality challenge comment PHOTO TEXT` (or `--delete COMMENT`).
    struct Comment: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Comment on a shared photo (its owner is told), or --delete a comment.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's ID or ID prefix.") var photo: String?
        @Argument(help: "What you say (at most 1,000 characters).") var text: String?
        @Option(help: "Remove this comment (yours, or one on your photo).") var delete: String?

        func validate() throws {
            guard (delete == nil) == (photo != nil && text != nil) else {
                throw ValidationError("Give PHOTO and TEXT, or --delete COMMENT.")
            }
        }

        func run() async throws {
            try await Device.run(global, flags: ["text": "TEXT", "photoID": "PHOTO"]) { device in
                let transport = try await FriendsCommand.transport(device)
                if let delete {
                    guard let id = UUID(uuidString: delete) else {
                        throw CLIError.invalid("--delete takes a comment's ID.")
                    }
                    try await transport.deletePhotoComment(id)
                    return try device.output.print(["deleted": id.uuidString.lowercased()]) { "Removed." }
                }
                guard let photo, let text else { return }
                let comment = try await transport.comment(
                    on: try await ChallengeCommand.photoID(photo, transport), text: text)
                try device.output.print(comment) { "Commented (\(comment.id.uuidString.lowercased()))." }
            }
        }
    }

    /// `reality challenge unshare PHOTO`.
    struct Unshare: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop sharing a photo; its comments go too.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The photo's ID or ID prefix.") var photo: String

        func run() async throws {
            try await Device.run(global) { device in
                let transport = try await FriendsCommand.transport(device)
                let id = try await ChallengeCommand.photoID(photo, transport)
                try await transport.unsharePhoto(id)
                try device.output.print(["unshared": id.uuidString.lowercased()]) { "No longer shared." }
            }
        }
    }

    /// The shared photo `text` names: a whole ID, or a prefix of one of the newest 100 in the feed.
    static func photoID(_ text: String, _ transport: SyncTransport) async throws -> UUID {
        if let id = UUID(uuidString: text) { return id }
        let feed = try await transport.sharedPhotos(limit: 100, cursor: nil).items
        return try FriendsCommand.person(text, among: feed.map { (id: $0.id, name: nil) }, what: "shared photo")
    }
}

/// What `reality challenge photo --json` prints.
struct SharedPhotoWithComments: Encodable {
    var photo: SharedPhoto
    var comments: [PhotoComment]
}
