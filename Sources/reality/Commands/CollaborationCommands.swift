import ArgumentParser
import Foundation
import RealityCore

/// `reality comment …`
struct CommentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comment", abstract: "Comment on annotations.",
        subcommands: [Add.self, Reply.self, List.self, Delete.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Comment on an annotation; @name mentions notify.")
        @OptionGroup var global: GlobalOptions
        @Argument var annotation: ShortID<Annotation>
        @Option(parsing: .unconditional) var text: String

        func run() async throws {
            try await Device.run(global, flags: ["text": "--text"]) { device in
                let comment = try await device.container.collaborationService().addComment(to: annotation.resolve(device), text: text)
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
                let reply = try await device.container.collaborationService().replyToComment(comment.resolve(device), text: text)
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
                let comments = try await device.container.collaborationService().getComments(for: annotation.resolve(device))
                let zone = try await device.timeZone()
                try device.output.table(comments, headers: ["ID", "AUTHOR", "WHEN", "REPLY TO", "TEXT"]) {
                    [$0.id.uuidString, $0.authorName ?? $0.authorID.uuidString, Show.when($0.createdAt, in: zone),
                     $0.parentCommentID?.uuidString ?? "", Show.clip($0.text, 60)]
                }
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
    static let configuration = CommandConfiguration(commandName: "react", abstract: "React to an annotation with an emoji.")
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
            let reactions = try await device.container.annotationService().fetchAnnotation(id: annotation)?.reactions ?? []
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
                var notification = try await Self.find(show, in: service)
                try await service.markAsRead(notification.id)
                notification.isRead = true
                return try device.output.print(notification) {
                    var lines = [notification.title, notification.body, ""]
                    lines.append("\(notification.type.rawValue), \(Show.when(notification.createdAt, in: zone))  \(notification.id.lowercasedString)")
                    if let annotationID = notification.annotationID { lines.append("annotation \(annotationID)") }
                    if let commentID = notification.commentID { lines.append("comment \(commentID)") }
                    return lines.joined(separator: "\n")
                }
            }
            if let markRead { try await service.markAsRead(try await Self.find(markRead, in: service).id) }
            if markAllRead {
                for notification in try await service.getNotifications(limit: Self.everything, unreadOnly: true) {
                    try await service.markAsRead(notification.id)
                }
            }
            let notifications = try await service.getNotifications(limit: limit, unreadOnly: unread)
            try device.output.table(notifications, headers: ["ID", "TYPE", "WHEN", "READ", "MESSAGE"]) {
                [String($0.id.lowercasedString.prefix(8)), $0.type.rawValue, Show.when($0.createdAt, in: zone),
                 $0.isRead ? "yes" : "no", Show.clip($0.body, 60)]
            }
        }
    }

    /// The most notifications one read returns.
    private static let everything = 1_000

    /// The one notification whose ID is or starts with `text`.
    private static func find(_ text: String, in service: some NotificationService) async throws -> AppNotification {
        let prefix = text.lowercased()
        let matches = try await service.getNotifications(limit: everything, unreadOnly: false)
            .filter { $0.id.lowercasedString.hasPrefix(prefix) }
        guard prefix.count >= ShortID<Layer>.minimumPrefix, matches.count <= 1 else {
            throw CLIError(
                message: prefix.count < ShortID<Layer>.minimumPrefix
                    ? "\(text) is too short: give at least \(ShortID<Layer>.minimumPrefix) characters of the ID"
                    : "\(text) is ambiguous: " + matches.map(\.id.lowercasedString).joined(separator: ", "),
                status: .invalidInput, code: "ambiguous_id")
        }
        guard let match = matches.first else {
            throw CLIError(message: "No notification \(text).", status: .notFound, code: "not_found")
        }
        return match
    }
}

/// `reality activity [--limit N]`
struct ActivityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "activity", abstract: "What happened lately on things you can see.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "How many (1–1000).") var limit: Int = 50

    func run() async throws {
        try await Device.run(global) { device in
            let feed = try await device.container.collaborationService().getActivityFeed(limit: limit)
            let zone = try await device.timeZone()
            try device.output.table(feed, headers: ["WHEN", "WHO", "WHAT", "ANNOTATION"]) {
                [Show.when($0.createdAt, in: zone), $0.actorID.uuidString, $0.summary, $0.annotationID?.uuidString ?? ""]
            }
        }
    }
}
