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
                let labels = try await TableLabels.load(device, ids: [.rejection: rejections.map(\.recordID)])
                try device.output.table(rejections, headers: ["ID", "TYPE", "RECORD", "WHAT", "REASON"]) {
                    [
                        "\($0.id)", $0.recordType, labels.short($0.recordID, .rejection), Show.clip($0.summary, 30),
                        RejectionsCommand.reason($0),
                    ]
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
                let retried = try await store.retryRejections(try await selection.resolve(on: device))
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
                let discarded = try await store.discardRejections(try await selection.resolve(on: device))
                try device.output.print(["discarded": discarded]) {
                    RejectionsCommand.describe(discarded) { "Discarded \($0), undone on this device:" }
                }
            }
        }
    }

    /// The rejections a command acts on: numbers or record IDs (or unique prefixes of them), or all of them.
    struct Selection: ParsableArguments {
        @Argument(help: "Rejection numbers (the ID column) or record IDs, or unique prefixes of them.") var ids:
            [String] = []
        @Flag(help: "Every rejected change.") var all = false

        func validate() throws {
            if all == !ids.isEmpty { throw ValidationError("Name the rejections (ID…) or pass --all, not both.") }
        }

        /// The store's selection for these IDs; an ID that names no open rejection is refused.
        func resolve(on device: Device) async throws -> RejectionSelection {
            if all { return .all }
            let open = try await device.container.store().syncRejections()
            var selected: [Int64] = []
            for given in ids {
                if let number = Int64(given), open.contains(where: { $0.id == number }) {
                    selected.append(number)
                    continue
                }
                let recordID =
                    given.count < IDPrefix.minimumTyped
                    ? nil : try await IDPrefix.resolve(given, kind: .rejection, noun: "rejected record", on: device)
                let matches = open.filter { $0.recordID == recordID }.map(\.id)
                guard !matches.isEmpty else {
                    throw CLIError(
                        message: "No rejected change \(given): see `reality rejections`.", status: .notFound,
                        code: "not_found")
                }
                selected += matches
            }
            return .ids(selected)
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
