import ArgumentParser
import Foundation
import RealityCore

/// `reality comment …`
struct CommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment", abstract: "Comment on annotations.",
        subcommands: [Add.self, Reply.self, Edit.self, List.self, Delete.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Comment on an annotation; @name mentions notify.")
        @OptionGroup var global: GlobalOptions
        @Argument var annotation: ShortID<Annotation>
        @Option(parsing: .unconditional) var text: String

        func run() async throws {
            try await Device.run(global, flags: ["text": "--text"]) { device in
                let comment = try await device.container.collaborationService().addComment(
                    to: annotation.resolve(device), text: text)
                try device.output.print(comment) { "Added comment \(comment.id)" }
            }
        }
    }

    struct Reply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reply to a comment.")
        @OptionGroup var global: GlobalOptions
        @Argument var comment: ShortID<Comment>
        @Option(parsing: .unconditional) var text: String

        func run() async throws {
            try await Device.run(global, flags: ["text": "--text"]) { device in
                let reply = try await device.container.collaborationService().replyToComment(
                    comment.resolve(device), text: text)
                try device.output.print(reply) { "Added reply \(reply.id)" }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The comments on an annotation, oldest first.")
        @OptionGroup var global: GlobalOptions
        @Argument var annotation: ShortID<Annotation>

        func run() async throws {
            try await Device.run(global) { device in
                let comments = try await device.container.collaborationService().getComments(
                    for: annotation.resolve(device))
                let zone = try await device.timeZone()
                let labels = try await TableLabels.load(
                    device, users: comments.map(\.authorID),
                    ids: [.comment: comments.map(\.id.uuidString) + comments.compactMap(\.parentCommentID?.uuidString)])
                try device.output.table(comments, headers: ["ID", "AUTHOR", "WHEN", "REPLY TO", "TEXT"]) {
                    [
                        labels.short($0.id, .comment), labels.user($0.authorID), Show.when($0.createdAt, in: zone),
                        $0.parentCommentID.map { labels.short($0, .comment) } ?? "", Show.clip($0.text, 60),
                    ]
                }
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change the text of a comment of yours.")
        @OptionGroup var global: GlobalOptions
        @Argument var comment: ShortID<Comment>
        @Option(parsing: .unconditional) var text: String

        func run() async throws {
            try await Device.run(global, flags: ["text": "--text"]) { device in
                let edited = try await device.container.collaborationService().editComment(
                    comment.resolve(device), text: text)
                try device.output.print(edited) { "Edited comment \(edited.id)" }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a comment.")
        @OptionGroup var global: GlobalOptions
        @Argument var comment: ShortID<Comment>

        func run() async throws {
            try await Device.run(global) { device in
                let comment = try await self.comment.resolve(device)
                try await device.container.collaborationService().deleteComment(comment)
                try device.output.print(["deleted": comment]) { "Deleted comment \(comment)" }
            }
        }
    }
}

/// `reality react ANNOTATION EMOJI [--remove]`
struct ReactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "react", abstract: "React to an annotation with an emoji.")
    @OptionGroup var global: GlobalOptions
    @Argument var annotation: ShortID<Annotation>
    @Argument var emoji: String
    @Flag(help: "Remove your reaction instead.") var remove = false

    func run() async throws {
        try await Device.run(global) { device in
            let service = try await device.container.collaborationService()
            let annotation = try await self.annotation.resolve(device)
            if remove {
                try await service.removeReaction(from: annotation, emoji: emoji)
            } else {
                try await service.addReaction(to: annotation, emoji: emoji)
            }
            let reactions =
                try await device.container.annotationService().fetchAnnotation(id: annotation)?.reactions ?? []
            try device.output.print(reactions) {
                "\(remove ? "Removed" : "Added") \(emoji); reactions: " + reactions.map(\.emoji).joined(separator: " ")
            }
        }
    }
}

/// `reality notifications [--unread] [--limit N] [--show ID | --mark-read ID | --mark-all-read]`
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notifications", abstract: "Your notification inbox.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only unread ones.") var unread = false
    @Option(parsing: .unconditional, help: "How many (1–1000).") var limit: Int = 50
    @Option(help: "Print this notification in full (an ID or a unique prefix) and mark it read.") var show: String?
    @Option(help: "Mark this notification read (an ID or a unique prefix).") var markRead: String?
    @Flag(help: "Mark every notification read.") var markAllRead = false

    func run() async throws {
        try await Device.run(global) { device in
            let service = try await device.container.notificationService()
            let zone = try await device.timeZone()
            if let show {
                var notification = try await Self.find(show, on: device)
                try await service.markAsRead(notification.id)
                notification.isRead = true
                return try device.output.print(notification) {
                    var lines = [notification.title, notification.body, ""]
                    lines.append(
                        "\(notification.type.rawValue), \(Show.when(notification.createdAt, in: zone))  \(notification.id.lowercasedString)"
                    )
                    if let annotationID = notification.annotationID { lines.append("annotation \(annotationID)") }
                    if let commentID = notification.commentID { lines.append("comment \(commentID)") }
                    return lines.joined(separator: "\n")
                }
            }
            if let markRead { try await service.markAsRead(try await Self.find(markRead, on: device).id) }
            if markAllRead {
                for notification in try await service.getNotifications(limit: Self.everything, unreadOnly: true) {
                    try await service.markAsRead(notification.id)
                }
            }
            let notifications = try await service.getNotifications(limit: limit, unreadOnly: unread)
            let labels = try await TableLabels.load(
                device, ids: [.notification: notifications.map(\.id.lowercasedString)])
            try device.output.table(notifications, headers: ["ID", "TYPE", "WHEN", "READ", "MESSAGE"]) {
                [
                    labels.short($0.id.lowercasedString, .notification), $0.type.rawValue,
                    Show.when($0.createdAt, in: zone),
                    $0.isRead ? "yes" : "no", Show.clip($0.body, 60),
                ]
            }
        }
    }

    /// The most notifications one read returns.
    private static let everything = 1_000

    /// The one notification whose ID is or starts with `text`.
    private static func find(
        _ text: String, on device: Device
    ) async throws -> AppNotification {
        let id = try await IDPrefix.resolve(text, kind: .notification, noun: "notification", on: device)
        let me = try await device.container.context().userID
        guard let uuid = UUID(uuidString: id),
            let notification = try await device.container.store().notification(id: uuid),
            notification.recipientID == me
        else {
            throw CLIError(message: "No notification \(text).", status: .notFound, code: "not_found")
        }
        return notification
    }
}

/// `reality activity [--limit N]`
struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity", abstract: "What happened lately on things you can see.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "How many (1–1000).") var limit: Int = 50

    func run() async throws {
        try await Device.run(global) { device in
            let feed = try await device.container.collaborationService().getActivityFeed(limit: limit)
            let zone = try await device.timeZone()
            let labels = try await TableLabels.load(
                device, users: feed.map(\.actorID), layers: feed.compactMap(\.layerID),
                ids: [.annotation: feed.compactMap(\.annotationID?.uuidString)])
            try device.output.table(feed, headers: ["WHEN", "WHO", "WHAT", "ANNOTATION", "LAYER"]) {
                [
                    Show.when($0.createdAt, in: zone), labels.user($0.actorID), Show.clip($0.summary, 60),
                    $0.annotationID.map { labels.short($0, .annotation) } ?? "", $0.layerID.map(labels.layer) ?? "",
                ]
            }
        }
    }
}
