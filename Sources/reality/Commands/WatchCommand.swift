import ArgumentParser
import Foundation
import Logging
import RealityCore
import RealityStore
import RealitySync
import Synchronization

/// `reality watch`
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Stay in sync and show your notifications as they arrive, until interrupted.",
        discussion: """
            What `reality sync --watch` does (pushes what this device commits, pulls on each live \
            event), and a line for each notification that reaches you: a comment, a mention, a share, \
            a reaction, a status change, an Out of Box reminder. With --json, one JSON object per line.
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in try await Self.watch(device, global) }
    }

    /// Stays in sync on `device` and reports each notification that arrives (of `kinds` only, when
    /// given) until interrupted.
    static func watch(_ device: Device, _ global: GlobalOptions, only kinds: Set<NotificationType>? = nil) async throws
    {
        let store = try await device.container.store()
        var logger = Logger(label: "reality.watch")
        logger.logLevel = .error
        let engine = try await SyncEngine.signedIn(store, logger: logger)
        let inbox = try await device.container.notificationService()
        let report = WatchReport(json: global.json)
        // What the device held before the watch began is not news.
        let seen = Mutex(
            Set(try await inbox.getNotifications(limit: AnnotationQuery.maxLimit, unreadOnly: false).map(\.id)))
        try await SyncCommand.watch(store, engine: engine, logger: logger, report: report, global) { _ in
            guard let recent = try? await inbox.getNotifications(limit: 100, unreadOnly: false) else { return }
            for notification in recent.reversed() where kinds?.contains(notification.type) ?? true {
                if seen.withLock({ $0.insert(notification.id).inserted }) { report.notified(notification) }
            }
        }
    }
}
