import ArgumentParser
import Foundation
import RealityCore

/// `reality layer …`
struct LayerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layer", abstract: "Create, list, change and delete layers.",
        subcommands: [Create.self, List.self, Show.self, Update.self, Delete.self, Hide.self, Unhide.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a layer.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The layer's name (1–50 characters).") var name: String
        @Option(help: "red, orange, yellow, green, blue, purple, pink or gray.") var color: LayerColor?
        @Option(help: "An SF Symbol name.") var icon: String = Layer.defaultIcon
        @Option(help: "Nest it in this layer.") var parent: ShortID<Layer>?

        func run() async throws {
            try await Device.run(global, flags: ["name": "NAME", "icon": "--icon", "parentLayerID": "--parent"]) {
                device in
                let user = try await device.container.userService().getCurrentUser()
                let layer = try await device.container.layerService().createLayer(
                    name: name, icon: icon, color: color ?? user.preferences.defaultLayerColor,
                    parentLayerID: parent?.resolve(device))
                try device.output.print(layer) { "Created layer \(layer.name) \(layer.id)" }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the layers you can see.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let layers = try await device.container.layerService().fetchLayers()
                let labels = try await TableLabels.load(
                    device, users: layers.map(\.ownerID), layers: layers.compactMap(\.parentLayerID),
                    ids: [.layer: layers.map(\.id.uuidString)])
                try device.output.table(
                    layers, headers: ["ID", "NAME", "COLOR", "VISIBLE", "PUBLIC", "PARENT", "OWNER"]
                ) {
                    [
                        labels.short($0.id, .layer), $0.name, $0.color.rawValue, $0.isVisible ? "yes" : "no",
                        $0.isPublic ? "yes" : "no", $0.parentLayerID.map(labels.layer) ?? "", labels.user($0.ownerID),
                    ]
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Layer>

        func run() async throws {
            try await Device.run(global) { device in
                let id = try await self.id.resolve(device)
                guard let layer = try await device.container.layerService().fetchLayer(id: id) else {
                    throw ServiceError.notFound(.layer, id: id.uuidString)
                }
                let level = try await device.container.permissionService().level(onLayer: id)
                let text = try await LayerSharing.describe(layer, level: level, on: device)
                try device.output.print(layer) { text }
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a layer: name, colour, icon, and (its owner) public, auto-expiry, default level, parent.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Layer>
        @Option var name: String?
        @Option var color: LayerColor?
        @Option var icon: String?
        @Flag(inversion: .prefixedEnableDisable, help: "Let anyone view it (a paid plan shares).") var `public`: Bool?
        @Option(help: "Move its annotations to the trash this many days after they are made (1–3650), or off.")
        var autoExpire: DaysOrOff?
        @Option(help: "The level a share gets when none is named: view, comment, edit or admin.")
        var defaultLevel: SharingLevel?
        @Option(help: "Nest it in this layer, or none for the top level.") var parent: String?

        func run() async throws {
            try await Device.run(global, flags: ["name": "--name", "icon": "--icon"]) { device in
                let service = try await device.container.layerService()
                let id = try await self.id.resolve(device)
                guard var layer = try await service.fetchLayer(id: id) else {
                    throw ServiceError.notFound(.layer, id: id.uuidString)
                }
                if let name { layer.name = name }
                if let color { layer.color = color }
                if let icon { layer.icon = icon }
                if let `public` { layer.isPublic = `public` }
                if let autoExpire { layer.autoExpireDays = autoExpire.days }
                if let defaultLevel { layer.defaultPermission = defaultLevel.level }
                if let parent {
                    layer.parentLayerID =
                        parent.lowercased() == "none"
                        ? nil : try await ShortID<Layer>(argument: parent)?.resolve(device)
                }
                try await service.updateLayer(layer)
                let updated = try await service.fetchLayer(id: id) ?? layer
                try device.output.print(updated) { "Updated layer \(updated.name) \(updated.id)" }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a layer and the layers in it; their annotations move to your default layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Layer>

        func run() async throws {
            try await Device.run(global) { device in
                let service = try await device.container.layerService()
                let id = try await self.id.resolve(device)
                guard let layer = try await service.fetchLayer(id: id) else {
                    throw ServiceError.notFound(.layer, id: id.uuidString)
                }
                let nested = Self.nested(in: id, among: try await service.fetchLayers())
                var moved = 0
                for layerID in [id] + nested {
                    moved += try await device.container.annotationService().fetchAnnotations(in: layerID).count
                }
                try await service.deleteLayer(id: id)
                let home = try await service.defaultLayer()
                let report = LayerDeletion(deleted: id, nestedLayers: nested, annotationsMoved: moved, movedTo: home.id)
                try device.output.print(report) {
                    let inner =
                        nested.isEmpty ? "" : " and the \(nested.count) layer\(nested.count == 1 ? "" : "s") in it"
                    return
                        "Deleted layer \(layer.name)\(inner); \(moved) annotation\(moved == 1 ? "" : "s") moved to \(home.name)."
                }
            }
        }

        /// The layers nested in `parent`, at any depth.
        static func nested(in parent: LayerID, among layers: [Layer]) -> [LayerID] {
            let children = layers.filter { $0.parentLayerID == parent }.map(\.id)
            return children + children.flatMap { nested(in: $0, among: layers) }
        }
    }

    /// What `layer delete` did.
    struct LayerDeletion: Encodable {
        var deleted: LayerID
        var nestedLayers: [LayerID]
        var annotationsMoved: Int
        var movedTo: LayerID
    }

    struct Hide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Hide a layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Layer>

        func run() async throws {
            try await setVisible(global, id, false)
        }
    }

    struct Unhide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a hidden layer again.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Layer>

        func run() async throws {
            try await setVisible(global, id, true)
        }
    }
}

private func setVisible(_ global: GlobalOptions, _ layer: ShortID<Layer>, _ visible: Bool) async throws {
    try await Device.run(global) { device in
        let id = try await layer.resolve(device)
        let service = try await device.container.layerService()
        try await service.setLayerVisible(id, visible: visible)
        guard let layer = try await service.fetchLayer(id: id) else {
            throw ServiceError.notFound(.layer, id: id.uuidString)
        }
        try device.output.print(layer) { "\(visible ? "Showing" : "Hid") layer \(layer.name)" }
    }
}

/// A number of days, or `off` (`--auto-expire`).
struct DaysOrOff: ExpressibleByArgument {
    /// The days; nil for off.
    let days: Int?

    init?(argument: String) {
        if argument.lowercased() == "off" || argument.lowercased() == "none" {
            days = nil
        } else if let days = Int(argument) {
            self.days = days
        } else {
            return nil
        }
    }

    static var defaultValueDescription: String { "DAYS|off" }
}
