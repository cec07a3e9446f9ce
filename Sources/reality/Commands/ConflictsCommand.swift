import ArgumentParser
import Foundation
import RealityCore
import RealityStore

/// `reality conflicts [list]`, `reality conflicts show ID` and `reality conflicts resolve ID --use WORD`
struct ConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", abstract: "List the conflicts kept for you to settle (the manual strategy).",
        subcommands: [ListConflicts.self, ShowConflict.self, ResolveConflict.self],
        defaultSubcommand: ListConflicts.self)

    /// A conflict as `reality conflicts` shows it.
    struct Listed: Encodable {
        var recordType: RecordType
        var recordID: String
        var localModifiedAt: Date
        var remoteModifiedAt: Date
        /// The fields on which the two versions differ, with both values.
        var fields: [FieldDifference]
        var local: JSONFragment
        var remote: JSONFragment

        init(_ conflict: SyncConflict) {
            recordType = conflict.recordType
            recordID = conflict.recordID
            localModifiedAt = conflict.data.localModifiedAt
            remoteModifiedAt = conflict.data.remoteModifiedAt
            fields = ConflictFields.differences(
                conflict.recordType, local: conflict.data.localVersion, remote: conflict.data.remoteVersion)
            local = JSONFragment(data: conflict.data.localVersion)
            remote = JSONFragment(data: conflict.data.remoteVersion)
        }
    }

    /// JSON text embedded as it is.
    struct JSONFragment: Encodable {
        var data: Data
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            let value = try JSONDecoder().decode(JSONValue.self, from: data)
            try container.encode(value)
        }
    }

    /// The labels a table of `conflicts` needs: short record IDs and the layers their values name.
    static func labels(for conflicts: [Listed], on device: Device) async throws -> TableLabels {
        try await TableLabels.load(
            device, layers: conflicts.flatMap { ConflictFields.layers(in: $0.fields) },
            ids: [.conflict: conflicts.map(\.recordID)])
    }

    struct ListConflicts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List open conflicts: each field that differs, with both values.")
        @OptionGroup var global: GlobalOptions

        /// One row of the table: a field of a conflict.
        struct Row {
            var conflict: Listed
            var field: FieldDifference?
        }

        func run() async throws {
            try await Device.run(global) { device in
                let conflicts = try await device.container.store().openConflicts().map(Listed.init)
                let labels = try await ConflictsCommand.labels(for: conflicts, on: device)
                try device.output.print(conflicts) { Self.table(conflicts, labels: labels) }
            }
        }

        /// A row per differing field of each conflict, both values side by side.
        static func table(_ conflicts: [Listed], labels: TableLabels) -> String {
            let rows = conflicts.flatMap { conflict in
                conflict.fields.isEmpty
                    ? [Row(conflict: conflict)] : conflict.fields.map { Row(conflict: conflict, field: $0) }
            }
            guard !rows.isEmpty else { return "(none)" }
            let table = Table(
                headers: ["ID", "TYPE", "FIELD", "THIS DEVICE", "SERVER"],
                rows: rows.map { row in
                    [
                        labels.short(row.conflict.recordID, .conflict), row.conflict.recordType.rawValue,
                        row.field?.name ?? "(no field differs)",
                        row.field.map { ConflictFields.show($0.local, of: $0, labels: labels) } ?? "",
                        row.field.map { ConflictFields.show($0.remote, of: $0, labels: labels) } ?? "",
                    ]
                })
            return table.rendered + "\n\nSettle one with `reality conflicts resolve ID --use "
                + ConflictWord.list(ConflictWord.choices) + "`."
        }
    }

    struct ShowConflict: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show one conflict: when each side edited it, and each field that differs.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The record's ID, or a unique prefix of it.") var id: String

        func run() async throws {
            try await Device.run(global) { device in
                let key = try await IDPrefix.resolve(id, kind: .conflict, noun: "open conflict", on: device)
                guard
                    let conflict = try await device.container.store().openConflicts().first(where: {
                        $0.recordID == key
                    })
                else { throw CLIError(message: "No open conflict on \(id).", status: .notFound, code: "not_found") }
                let listed = Listed(conflict)
                let labels = try await ConflictsCommand.labels(for: [listed], on: device)
                let zone = try await device.timeZone()
                try device.output.print(listed) {
                    let table = Table(
                        headers: ["FIELD", "THIS DEVICE", "SERVER"],
                        rows: [
                            [
                                "edited", Show.when(listed.localModifiedAt, in: zone),
                                Show.when(listed.remoteModifiedAt, in: zone),
                            ]
                        ]
                            + listed.fields.map {
                                [
                                    $0.name, ConflictFields.show($0.local, of: $0, labels: labels),
                                    ConflictFields.show($0.remote, of: $0, labels: labels),
                                ]
                            })
                    return "\(listed.recordType.rawValue) \(listed.recordID)\n\(table.rendered)\n\n"
                        + "Keep one with `reality conflicts resolve \(labels.short(listed.recordID, .conflict)) --use "
                        + ConflictWord.list(ConflictWord.choices) + "`."
                }
            }
        }
    }

    struct ResolveConflict: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve",
            abstract: "Settle a conflict: keep your version, take the server's, or merge them field by field.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The record's ID, or a unique prefix of it.") var id: String
        @Option(
            name: .customLong("use"),
            help: ArgumentHelp(
                "Which version: \(ConflictWord.help(ConflictWord.choices)).",
                valueName: ConflictWord.list(ConflictWord.choices)))
        var word: ConflictWord

        func validate() throws {
            guard word.choice != nil else {
                throw ValidationError(
                    "--use takes \(ConflictWord.list(ConflictWord.choices)); \(word.rawValue) is a strategy for "
                        + "`reality sync --strategy`.")
            }
        }

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                guard let choice = word.choice else {
                    throw CLIError.invalid("--use takes \(ConflictWord.list(ConflictWord.choices))")
                }
                let key = try await IDPrefix.resolve(id, kind: .conflict, noun: "open conflict", on: device)
                guard try await store.resolveConflict(recordID: key, with: choice) else {
                    throw CLIError(message: "No open conflict on \(id).", status: .notFound, code: "not_found")
                }
                try device.output.print(["resolved": key, "use": word.rawValue]) {
                    "Resolved \(key): \(word.meaning); the next sync sends it."
                }
            }
        }
    }
}
