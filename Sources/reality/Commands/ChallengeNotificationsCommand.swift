import ArgumentParser
import Foundation
import RealityCore
import RealitySync

extension ChallengeCommand {
    /// `reality challenge notifications [--watch]`: Out of Box's notifications (issue 22).
    struct Notifications: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Out of Box's notifications (reminders, friend requests, comments); --watch shows them arrive.",
            discussion: """
                The list is brought from the server first when it answers (else this device's copy). \
                `reality notifications` is the whole inbox.
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Stay and show each as it arrives, until interrupted.") var watch = false
        @Option(help: "How many (1–100).") var limit = 30

        /// The kinds of notification Out of Box sends.
        static let kinds: Set<NotificationType> = [.challenge, .social]

        func run() async throws {
            try await Device.run(global, flags: ["limit": "--limit"]) { device in
                guard (1...100).contains(limit) else { throw CLIError.invalid("--limit is 1 to 100.") }
                if watch { return try await WatchCommand.watch(device, global, only: Self.kinds) }
                let store = try await device.container.store()
                // Fresh when the server answers; this device's copy when it does not.
                _ = try? await SyncEngine.signedIn(store).pull(scopes: [.private])
                let inbox = try await device.container.notificationService()
                let items = try await inbox.getNotifications(limit: AnnotationQuery.maxLimit, unreadOnly: false)
                    .filter { Self.kinds.contains($0.type) }.prefix(limit)
                let zone = try await device.timeZone()
                try device.output.table(Array(items), headers: ["WHEN", "TYPE", "TITLE", "MESSAGE"]) {
                    [Show.when($0.createdAt, in: zone), $0.type.rawValue, $0.title, Show.clip($0.body, 60)]
                }
            }
        }
    }
}
