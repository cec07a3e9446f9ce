import ArgumentParser
import Foundation
import RealityCore
import RealityStore

/// `reality conflicts` and `reality conflicts resolve ID --use local|remote`
struct ConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts", abstract: "List the conflicts kept for you to settle (the manual strategy).",
        subcommands: [ListConflicts.self, ResolveConflict.self], defaultSubcommand: ListConflicts.self)

    /// A conflict as `reality conflicts` shows it.
    struct Listed: Encodable {
        var recordType: RecordType
        var recordID: String
        var localModifiedAt: Date
        var remoteModifiedAt: Date
        var local: JSONFragment
        var remote: JSONFragment
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

    struct ListConflicts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List open conflicts.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let conflicts = try await device.container.store().openConflicts().map {
                    Listed(
                        recordType: $0.recordType, recordID: $0.recordID, localModifiedAt: $0.data.localModifiedAt,
                        remoteModifiedAt: $0.data.remoteModifiedAt, local: JSONFragment(data: $0.data.localVersion),
                        remote: JSONFragment(data: $0.data.remoteVersion))
                }
                let zone = try await device.timeZone()
                try device.output.table(conflicts, headers: ["TYPE", "ID", "LOCAL EDIT", "SERVER EDIT"]) {
                    [$0.recordType.rawValue, $0.recordID, Show.when($0.localModifiedAt, in: zone),
                     Show.when($0.remoteModifiedAt, in: zone)]
                }
            }
        }
    }

    struct ResolveConflict: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "resolve", abstract: "Settle a conflict: keep your version (local) or the server's (remote).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The record's ID.") var id: String
        @Option(name: .customLong("use"), help: "local or remote.") var choice: ConflictChoice

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                let key = UUID(uuidString: id)?.lowercasedString ?? id
                guard try await store.resolveConflict(recordID: key, with: choice) else {
                    throw CLIError(message: "No open conflict on \(id).", status: .notFound, code: "not_found")
                }
                try device.output.print(["resolved": key, "use": choice.rawValue]) {
                    "Resolved \(key) with the \(choice.rawValue) version; the next sync sends it."
                }
            }
        }
    }
}

extension ConflictChoice: ExpressibleByArgument {}

/// Any JSON value, to re-encode stored JSON inside another document.
indirect enum JSONValue: Codable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
