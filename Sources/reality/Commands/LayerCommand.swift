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
        @Option(help: "Nest it in this layer.") var parent: ArgumentID<Layer>?

        func run() async throws {
            try await Device.run(global) { device in
                let user = try await device.container.userService().getCurrentUser()
                let layer = try await device.container.layerService().createLayer(
                    name: name, icon: icon, color: color ?? user.preferences.defaultLayerColor,
                    parentLayerID: parent?.value)
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
                try device.output.table(layers, headers: ["ID", "NAME", "COLOR", "VISIBLE", "PARENT"]) {
                    [$0.id.uuidString, $0.name, $0.color.rawValue, $0.isVisible ? "yes" : "no",
                     $0.parentLayerID?.uuidString ?? ""]
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ArgumentID<Layer>

        func run() async throws {
            try await Device.run(global) { device in
                guard let layer = try await device.container.layerService().fetchLayer(id: id.value) else {
                    throw ServiceError.notFound(.layer, id: id.value.uuidString)
                }
                try device.output.print(layer) {
                    """
                    \(layer.name)  (\(layer.id))
                    color \(layer.color.rawValue) \(layer.color.rgbHex), icon \(layer.icon), \
                    \(layer.isVisible ? "visible" : "hidden"), \(layer.isPublic ? "public" : "private")
                    owner \(layer.ownerID), created \(Timestamp.format(layer.createdAt))
                    """
                }
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename or recolour a layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ArgumentID<Layer>
        @Option var name: String?
        @Option var color: LayerColor?
        @Option var icon: String?

        func run() async throws {
            try await Device.run(global) { device in
                let service = try await device.container.layerService()
                guard var layer = try await service.fetchLayer(id: id.value) else {
                    throw ServiceError.notFound(.layer, id: id.value.uuidString)
                }
                if let name { layer.name = name }
                if let color { layer.color = color }
                if let icon { layer.icon = icon }
                try await service.updateLayer(layer)
                let updated = try await service.fetchLayer(id: id.value) ?? layer
                try device.output.print(updated) { "Updated layer \(updated.name) \(updated.id)" }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a layer and the layers in it; their annotations move to your default layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ArgumentID<Layer>

        func run() async throws {
            try await Device.run(global) { device in
                try await device.container.layerService().deleteLayer(id: id.value)
                try device.output.print(["deleted": id.value]) { "Deleted layer \(id.value)" }
            }
        }
    }

    struct Hide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Hide a layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ArgumentID<Layer>

        func run() async throws {
            try await setVisible(global, id.value, false)
        }
    }

    struct Unhide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a hidden layer again.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ArgumentID<Layer>

        func run() async throws {
            try await setVisible(global, id.value, true)
        }
    }
}

private func setVisible(_ global: GlobalOptions, _ id: LayerID, _ visible: Bool) async throws {
    try await Device.run(global) { device in
        let service = try await device.container.layerService()
        try await service.setLayerVisible(id, visible: visible)
        guard let layer = try await service.fetchLayer(id: id) else { throw ServiceError.notFound(.layer, id: id.uuidString) }
        try device.output.print(layer) { "\(visible ? "Showing" : "Hid") layer \(layer.name)" }
    }
}
