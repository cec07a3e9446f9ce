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
        @Argument var annotation: ArgumentID<Annotation>
        @Option var text: String

        func run() async throws {
            try await Device.run(global) { device in
                let comment = try await device.container.collaborationService().addComment(to: annotation.value, text: text)
                try device.output.print(comment) { "Added comment \(comment.id)" }
            }
        }
    }

    struct Reply: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reply to a comment.")
        @OptionGroup var global: GlobalOptions
        @Argument var comment: ArgumentID<Comment>
        @Option var text: String

        func run() async throws {
            try await Device.run(global) { device in
                let reply = try await device.container.collaborationService().replyToComment(comment.value, text: text)
                try device.output.print(reply) { "Added reply \(reply.id)" }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The comments on an annotation, oldest first.")
        @OptionGroup var global: GlobalOptions
        @Argument var annotation: ArgumentID<Annotation>

        func run() async throws {
            try await Device.run(global) { device in
                let comments = try await device.container.collaborationService().getComments(for: annotation.value)
                try device.output.table(comments, headers: ["ID", "AUTHOR", "WHEN", "REPLY TO", "TEXT"]) {
                    [$0.id.uuidString, $0.authorName ?? $0.authorID.uuidString, Show.date($0.createdAt),
                     $0.parentCommentID?.uuidString ?? "", Show.clip($0.text, 60)]
                }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a comment.")
        @OptionGroup var global: GlobalOptions
        @Argument var comment: ArgumentID<Comment>

        func run() async throws {
            try await Device.run(global) { device in
                try await device.container.collaborationService().deleteComment(comment.value)
                try device.output.print(["deleted": comment.value]) { "Deleted comment \(comment.value)" }
            }
        }
    }
}

/// `reality react ANNOTATION EMOJI [--remove]`
struct ReactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "react", abstract: "React to an annotation with an emoji.")
    @OptionGroup var global: GlobalOptions
    @Argument var annotation: ArgumentID<Annotation>
    @Argument var emoji: String
    @Flag(help: "Remove your reaction instead.") var remove = false

    func run() async throws {
        try await Device.run(global) { device in
            let service = try await device.container.collaborationService()
            if remove {
                try await service.removeReaction(from: annotation.value, emoji: emoji)
            } else {
                try await service.addReaction(to: annotation.value, emoji: emoji)
            }
            let reactions = try await device.container.annotationService().fetchAnnotation(id: annotation.value)?.reactions ?? []
            try device.output.print(reactions) {
                "\(remove ? "Removed" : "Added") \(emoji); reactions: " + reactions.map(\.emoji).joined(separator: " ")
            }
        }
    }
}

/// `reality notifications [--unread] [--limit N]`
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notifications", abstract: "Your notification inbox.")
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Only unread ones.") var unread = false
    @Option(help: "How many (1–1000).") var limit: Int = 50
    @Option(help: "Mark this notification read.") var markRead: String?

    func run() async throws {
        try await Device.run(global) { device in
            let service = try await device.container.notificationService()
            if let markRead {
                guard let id = UUID(uuidString: markRead) else { throw CLIError.invalid("--mark-read takes a notification ID") }
                try await service.markAsRead(id)
            }
            let notifications = try await service.getNotifications(limit: limit, unreadOnly: unread)
            try device.output.table(notifications, headers: ["ID", "TYPE", "WHEN", "READ", "MESSAGE"]) {
                [$0.id.lowercasedString, $0.type.rawValue, Show.date($0.createdAt), $0.isRead ? "yes" : "no",
                 Show.clip($0.body, 60)]
            }
        }
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
            try device.output.table(feed, headers: ["WHEN", "WHO", "WHAT", "ANNOTATION"]) {
                [Show.date($0.createdAt), $0.actorID.uuidString, $0.summary, $0.annotationID?.uuidString ?? ""]
            }
        }
    }
}
