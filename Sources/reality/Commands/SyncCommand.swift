import ArgumentParser
import Foundation
import Logging
import RealityCore
import RealityStore
import RealitySync
import ServiceLifecycle

/// `reality sync [--watch] [--strategy S]`
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push local changes and pull everyone's; --watch keeps syncing live until interrupted.")
    @OptionGroup var global: GlobalOptions
    @Flag(
        help: """
            Keep running: pull on the server's live hints, push on every commit to the store (from \
            any process); one line per pushed or pulled batch (JSON lines with --json); Ctrl-C stops.
            """)
    var watch = false
    @Option(
        help: ArgumentHelp(
            "How conflicts are settled from now on: \(ConflictWord.help(ConflictWord.allCases)).",
            valueName: ConflictWord.list(ConflictWord.allCases)))
    var strategy: ConflictWord?

    func run() async throws {
        try await Device.run(global) { device in
            let store = try await device.container.store()
            if let strategy { try await store.setConflictStrategy(strategy.strategy) }
            var logger = Logger(label: "reality.sync")
            // A watch reports failures on its own lines; the log would say them twice.
            logger.logLevel = watch ? .error : .warning
            let engine = try await SyncEngine.signedIn(store, logger: logger)
            await engine.observeTransfers(TransferBar.make(for: device.output)?.observer)
            guard watch else {
                let summary = try await engine.sync()
                try await Self.sendChallengesDoneOffline(device)
                try device.output.print(summary) { Self.describe(summary) }
                return
            }
            try await Self.watch(store, engine: engine, logger: logger, report: WatchReport(json: global.json), global)
        }
    }

    /// Sends what the person did in Out of Box while offline (their day's challenge, completing,
    /// skipping, rating), saying how many on standard error.
    static func sendChallengesDoneOffline(_ device: Device) async throws {
        let store = try await device.container.store()
        guard let account = try await store.deviceAccount(),
            try await !store.pendingAssignments(of: account.userID.rawValue).isEmpty
        else { return }
        guard try await ChallengeCommand.service(device).isOnline else {
            throw SyncError.network("Out of Box changes made offline could not be sent")
        }
        FileHandle.standardError.write(Data("Sent what you did in Out of Box while offline.\n".utf8))
    }

    /// Syncs live until SIGINT or SIGTERM, reporting each round to `report` and then to `after`.
    static func watch(
        _ store: DeviceStore, engine: SyncEngine<DeviceStore>, logger: Logger, report: WatchReport,
        _ global: GlobalOptions, after: @escaping @Sendable (SyncSummary) async -> Void = { _ in }
    ) async throws {
        guard let account = try await store.deviceAccount(), let token = account.token else {
            throw SyncError.notSignedIn
        }
        let service = SyncService(
            engine: engine, events: LiveEventsClient(serverURL: account.serverURL, token: token, logger: logger),
            logger: logger,
            onSynced: {
                report.synced($0)
                await after($0)
            }, onFailed: { report.failed($0) })
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        report.started(store: global.storePath, server: account.serverURL, userID: account.userID)
        try await group.run()
        report.stopped()
    }

    static func describe(_ summary: SyncSummary) -> String {
        let pulled = SyncScope.allCases.map { scope in
            let count = "\(scope.rawValue) \(summary.pulled[scope.rawValue] ?? 0)"
            return scope == .public && summary.published > 0
                ? count + " (\(summary.published) of them Out of Box challenges)" : count
        }.joined(separator: ", ")
        let hint = summary.conflicts > 0 ? " (see `reality conflicts`)" : ""
        let rejected = summary.pushed.rejected > 0 ? " (see `reality rejections`)" : ""
        return """
            pushed     \(summary.pushed.saved) saved, \(summary.pushed.conflicts) conflicts, \(summary.pushed.rejected) rejected\(rejected)
            pulled     \(pulled), removed \(summary.removed)
            conflicts  \(summary.conflictsFound) found: \(summary.merged) merged automatically, \(summary.conflicts) left for you\(hint)
            media      \(summary.pushed.mediaUploaded) uploaded, \(summary.mediaDownloaded) downloaded, \(summary.thumbnailsDownloaded) thumbnails
            """
    }
}
