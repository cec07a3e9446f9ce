import ArgumentParser
import Foundation
import RealityCore
import RealityStore

/// `reality rejections`, `reality rejections retry ID…|--all` and `reality rejections discard ID…|--all`
struct RejectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rejections",
        abstract: "Changes the server rejected, kept on this device: list, retry or discard them.",
        subcommands: [ListRejections.self, RetryRejections.self, DiscardRejections.self],
        defaultSubcommand: ListRejections.self)

    struct ListRejections: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the rejected changes with the server's reasons.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let rejections = try await device.container.store().syncRejections()
                try device.output.table(rejections, headers: ["ID", "TYPE", "RECORD", "WHAT", "REASON"]) {
                    ["\($0.id)", $0.recordType, $0.recordID, Show.clip($0.summary, 30), RejectionsCommand.reason($0)]
                }
            }
        }
    }

    struct RetryRejections: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retry",
            abstract: "Queue rejected changes again (after fixing the cause); the next sync pushes them.",
            discussion: "A change goes back with the rejected records it depends on (a note and its layer).")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var selection: Selection

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                let retried = try await store.retryRejections(try await selection.resolve(in: store))
                try device.output.print(["retried": retried]) {
                    RejectionsCommand.describe(retried) { "Queued \($0) again; the next `reality sync` pushes them:" }
                }
            }
        }
    }

    struct DiscardRejections: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "discard",
            abstract: "Drop rejected changes and undo them here: back to the server's version, or removed.")
        @OptionGroup var global: GlobalOptions
        @OptionGroup var selection: Selection

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                let discarded = try await store.discardRejections(try await selection.resolve(in: store))
                try device.output.print(["discarded": discarded]) {
                    RejectionsCommand.describe(discarded) { "Discarded \($0), undone on this device:" }
                }
            }
        }
    }

    /// The rejections a command acts on: numbers or record IDs, or all of them.
    struct Selection: ParsableArguments {
        @Argument(help: "Rejection numbers (the ID column) or record IDs.") var ids: [String] = []
        @Flag(help: "Every rejected change.") var all = false

        func validate() throws {
            if all == !ids.isEmpty { throw ValidationError("Name the rejections (ID…) or pass --all, not both.") }
        }

        /// The store's selection for these IDs; an ID that names no open rejection is refused.
        func resolve(in store: SQLiteStore) async throws -> RejectionSelection {
            if all { return .all }
            let open = try await store.syncRejections()
            return .ids(try ids.map { try Self.match($0, in: open) })
        }

        private static func match(_ given: String, in open: [SyncRejection]) throws -> Int64 {
            if let number = Int64(given), open.contains(where: { $0.id == number }) { return number }
            let matches = open.filter { $0.recordID.caseInsensitiveCompare(given) == .orderedSame }
            guard let match = matches.first else {
                throw CLIError(
                    message: "No rejected change \(given): see `reality rejections`.", status: .notFound, code: "not_found")
            }
            return match.id
        }
    }

    /// The server's reason, with the field it named.
    static func reason(_ rejection: SyncRejection) -> String {
        rejection.message + (rejection.field.map { " (\($0))" } ?? "")
    }

    /// The changes a retry or discard acted on, under `heading` (given "N changes").
    static func describe(_ rejections: [SyncRejection], heading: (String) -> String) -> String {
        guard !rejections.isEmpty else { return "No rejected changes." }
        let lines = rejections.map {
            "  \($0.id)  \($0.recordType) \($0.recordID)" + ($0.summary.map { " “\(Show.clip($0, 30))”" } ?? "")
        }
        return ([heading("\(rejections.count) change\(rejections.count == 1 ? "" : "s")")] + lines)
            .joined(separator: "\n")
    }
}
