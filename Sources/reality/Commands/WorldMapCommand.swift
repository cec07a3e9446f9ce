import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync

/// The world map this device is relocalised in, kept in the store's metadata.
enum CurrentWorldMap {
    static let key = "worldmap.current"

    static func id(on device: Device) async throws -> WorldMapID? {
        try await device.container.store().metadata(key).flatMap(WorldMapID.init(uuidString:))
    }

    static func set(_ id: WorldMapID?, on device: Device) async throws {
        try await device.container.store().setMetadata(key, to: id?.uuidString)
    }

    /// The map `text` names among the device's: its ID, a prefix of it, or its name.
    static func resolve(_ text: String, on device: Device) async throws -> WorldMap {
        try DeviceServer.pick(
            text, in: try await device.container.anchorManager().worldMaps(), id: \.id.rawValue, name: \.locationName,
            missing:
                "No world map \(text) on this device (`reality worldmap list`; `reality sync` brings the server's).")
    }
}

/// `reality worldmap …`
struct WorldMapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worldmap", abstract: "Saved AR world maps: list, save, use, leave, delete.",
        discussion: """
            A world map is a scanned place; annotations anchor to the map this device uses. `use` picks \
            it for new annotations (here, and on the server for this session); `reality relocalize` \
            moves your annotations to its anchors after maps were merged.
            """,
        subcommands: [List.self, ShowMap.self, Save.self, Use.self, Leave.self, Delete.self])

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "World maps you own or that are shared with you.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let maps = try await device.container.anchorManager().worldMaps()
                let current = try await CurrentWorldMap.id(on: device)
                let zone = try await device.timeZone()
                try device.output.table(maps, headers: ["", "NAME", "ANCHORS", "SHARED", "USED", "ID"]) {
                    [
                        $0.id == current ? "*" : "", $0.locationName ?? "-", "\($0.anchors.count)",
                        $0.isShared ? "\($0.sharedWith.count)" : "no", Show.when($0.lastUsedAt, in: zone),
                        $0.id.uuidString,
                    ]
                }
            }
        }
    }

    struct ShowMap: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "One world map and its anchors.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its ID, a prefix of it, or its name.") var map: String

        func run() async throws {
            try await Device.run(global) { device in
                let map = try await CurrentWorldMap.resolve(self.map, on: device)
                var lines = ["\(map.locationName ?? "(unnamed)")  \(map.id)"]
                if let description = map.locationDescription { lines.append(description) }
                lines.append("bytes \(map.worldMapAssetID)")
                let sharing = map.isShared ? ", shared with \(map.sharedWith.count)" : ""
                lines.append("\(map.anchors.count) anchors\(sharing)")
                for anchor in map.anchors {
                    lines.append("  \(anchor.id)  at \(Show.position(anchor.position))")
                }
                try device.output.print(map) { lines.joined(separator: "\n") }
            }
        }
    }

    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Upload a scanned world map (its file) with anchors, and use it on this device.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The serialised map.") var file: String
        @Option(help: "A name for the place.") var name: String?
        @Option(help: "A longer description.") var description: String?
        @Option(parsing: .unconditionalSingleValue, help: "An anchor at X,Y,Z; repeat for more.") var anchor: [Point] =
            []

        func run() async throws {
            try await Device.run(global) { device in
                guard let (transport, engine) = try await DeviceServer.connected(device) else {
                    throw CLIError.invalid("World maps are kept on a server: sign in first (reality login).")
                }
                guard FileManager.default.isReadableFile(atPath: file) else {
                    throw CLIError(message: "Cannot read \(file).", status: .notFound, code: "not_found")
                }
                let asset = try await transport.uploadAsset(path: file)
                let map = try await transport.createWorldMap(
                    CreateWorldMapRequest(
                        worldMapAssetID: asset.sha256,
                        anchors: anchor.map { WorldAnchor(transform: Transform(translation: $0.value)) },
                        locationName: name, locationDescription: description))
                _ = try await transport.setCurrentWorldMap(map.id)
                try await CurrentWorldMap.set(map.id, on: device)
                try await engine.sync()
                try device.output.print(map) { "Saved world map \(map.locationName ?? "") \(map.id); using it" }
            }
        }
    }

    struct Use: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Relocalise this device in a world map.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its ID, a prefix of it, or its name.") var map: String

        func run() async throws {
            try await Device.run(global) { device in
                let map = try await CurrentWorldMap.resolve(self.map, on: device)
                if let (transport, _) = try await DeviceServer.connected(device) {
                    _ = try await transport.setCurrentWorldMap(map.id)
                }
                try await CurrentWorldMap.set(map.id, on: device)
                try device.output.print(map) { "Using world map \(map.locationName ?? "") \(map.id)" }
            }
        }
    }

    struct Leave: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop using a world map on this device.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                if let (transport, _) = try await DeviceServer.connected(device) {
                    try await transport.clearCurrentWorldMap()
                }
                try await CurrentWorldMap.set(nil, on: device)
                try device.output.print(["current": String?.none]) { "No world map in use" }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a world map you own.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its ID, a prefix of it, or its name.") var map: String

        func run() async throws {
            try await Device.run(global) { device in
                let map = try await CurrentWorldMap.resolve(self.map, on: device)
                try await device.container.anchorManager().deleteWorldMap(id: map.id)
                if try await CurrentWorldMap.id(on: device) == map.id { try await CurrentWorldMap.set(nil, on: device) }
                try device.output.print(["deleted": map.id.uuidString]) { "Deleted world map \(map.id)" }
            }
        }
    }
}

/// `reality relocalize [MAP]`
struct RelocalizeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relocalize",
        abstract: "Move your annotations to the nearest anchors of a world map (the one in use by default).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The map: its ID, a prefix of it, or its name.") var map: String?

    func run() async throws {
        try await Device.run(global) { device in
            let id: WorldMapID
            if let map = self.map {
                id = try await CurrentWorldMap.resolve(map, on: device).id
            } else if let current = try await CurrentWorldMap.id(on: device) {
                id = current
            } else {
                throw CLIError.invalid("No world map in use: name one, or `reality worldmap use MAP` first.")
            }
            let updated: Int
            if let (transport, engine) = try await DeviceServer.connected(device) {
                updated = try await transport.relocalize(in: id).annotationsUpdated
                try await engine.sync()
            } else {
                updated = try await device.container.anchorManager().relocalize(in: id)
            }
            try device.output.print(RelocalizeReport(annotationsUpdated: updated)) {
                "\(updated) annotation\(updated == 1 ? "" : "s") took anchors of world map \(id)"
            }
        }
    }
}
