import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync

/// Where the trash is kept: on the server for a signed-in device (it sweeps and restores for
/// every device), on this device when it has never signed in to one.
enum TrashPlace {
    case server(SyncTransport, SyncEngine<DeviceStore>)
    case device(DefaultTrashService<DeviceStore>)

    /// The place for `device`; a device signed out of its server is told to sign in, as the
    /// server, not this device, keeps its trash.
    static func of(_ device: Device) async throws -> TrashPlace {
        if let server = try await DeviceServer.connected(device) { return .server(server.transport, server.engine) }
        return .device(try await device.container.trashService())
    }

    /// What is in the trash, the most recently deleted first.
    func entries(limit: Int) async throws -> [TrashEntry] {
        switch self {
        case .server(let transport, _): try await transport.trash(limit: limit)
        case .device(let service): try await service.trash(limit: limit)
        }
    }
}

/// `reality trash`
struct TrashCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash", abstract: "What you deleted, and when it is purged for good.",
        discussion: """
            Deleted annotations and layers, and annotations past their expiry, stay in the trash for \
            30 days; `reality restore ID` brings one back until then.
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "At most this many entries.") var limit = 100

    func run() async throws {
        try await Device.run(global) { device in
            guard (1...RestoreCommand.listing).contains(limit) else {
                throw CLIError.invalid("--limit must be from 1 to \(RestoreCommand.listing).")
            }
            let entries = try await TrashPlace.of(device).entries(limit: limit)
            let zone = try await device.timeZone()
            try device.output.table(entries, headers: ["KIND", "TITLE", "DELETED", "PURGED", "ID"]) {
                [
                    $0.type.map { "annotation (\($0.rawValue))" } ?? $0.kind.rawValue, Show.clip($0.title ?? "-"),
                    Show.when($0.deletedAt, in: zone), Show.when($0.purgeAt, in: zone), $0.id.uuidString.lowercased(),
                ]
            }
        }
    }
}

/// `reality restore ID`
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring back a deleted annotation or layer from the trash.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Its ID, or a prefix of it, as `reality trash` shows.") var id: String

    func run() async throws {
        try await Device.run(global) { device in
            let place = try await TrashPlace.of(device)
            let entry = try await Self.entry(id, in: place.entries(limit: Self.listing))
            let title: String
            switch (entry.kind, place) {
            case (.annotation, .server(let transport, let engine)):
                title = try await transport.restoreAnnotation(AnnotationID(entry.id)).title ?? entry.title ?? ""
                try await engine.sync()
            case (.layer, .server(let transport, let engine)):
                title = try await transport.restoreLayer(LayerID(entry.id)).name
                try await engine.sync()
            case (.annotation, .device(let service)):
                title = try await service.restoreAnnotation(id: AnnotationID(entry.id)).title ?? entry.title ?? ""
            case (.layer, .device(let service)):
                title = try await service.restoreLayer(id: LayerID(entry.id)).name
            }
            try device.output.print(entry) {
                "Restored \(entry.kind.rawValue) \(Show.clip(title)) (\(entry.id.uuidString.lowercased()))"
            }
        }
    }

    /// How many entries are looked through: the most one page of `GET /api/v1/trash` holds.
    static var listing: Int { APIRoute.QueryParameter.limit.pageSize?.range.upperBound ?? 50 }

    /// The one entry whose ID is `text` or starts with it.
    static func entry(_ text: String, in entries: [TrashEntry]) throws -> TrashEntry {
        try DeviceServer.pick(
            text, in: entries, id: \.id,
            missing: "Nothing in the trash has the ID \(text) (`reality trash` lists what is there).")
    }

}
