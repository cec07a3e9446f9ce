import ArgumentParser
import Foundation
import RealityCore

/// Saved searches on this device: kept in its store and synced to the person's other devices.
enum SavedSearches {
    /// Saves `search` as `name`, replacing the person's saved search of that name, in any letter
    /// case, as ``resolve(_:on:)`` finds names (its ID and first date kept).
    static func save(_ search: SavedSearch, named name: String, on device: Device) async throws -> SavedSearch {
        let service = try await device.container.recordService(SavedSearch.self)
        var search = search
        search.name = name
        let key = name.lowercased().trimmingCharacters(in: .whitespaces)
        if let existing = try await service.list().first(where: { $0.name.lowercased() == key }) {
            search.id = existing.id
            search.createdAt = existing.createdAt
        }
        search.updatedAt = Timestamp.now()
        return try await service.save(search)
    }

    /// Runs `search` and prints what it finds; with no layers named, hidden layers stay out
    /// unless `includeAll`.
    static func run(_ search: SavedSearch, on device: Device, includeAll: Bool) async throws {
        var layerIDs = search.layerIDs
        if layerIDs.isEmpty, let shown = try await HiddenLayers.on(device, includeAll: includeAll).queryLayers {
            layerIDs = shown
            guard !shown.isEmpty else { return try await AnnotationTable.print([], on: device) }
        }
        var range: DateInterval?
        if search.from != nil || search.to != nil {
            range = DateInterval(
                start: search.from ?? Date(timeIntervalSince1970: 0),
                end: search.to ?? Timestamp.parse("9999-12-31T23:59:59Z") ?? .distantFuture)
        }
        let results = try await device.container.searchService().search(
            query: search.query, layerIDs: layerIDs.isEmpty ? nil : layerIDs,
            types: search.types.isEmpty ? nil : search.types, dateRange: range, creatorID: search.creatorID)
        try await AnnotationTable.print(results, on: device)
    }

    /// The person's saved search `text` names: its name, its ID or a prefix of it.
    static func resolve(_ text: String, on device: Device) async throws -> SavedSearch {
        try DeviceServer.pick(
            text, in: try await device.container.recordService(SavedSearch.self).list(), id: \.id.rawValue,
            name: \.name, missing: "No saved search \(text) (`reality searches` lists yours).")
    }
}

/// `reality searches …`
struct SavedSearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "searches", abstract: "Your saved searches: list, run, delete.",
        discussion: "`reality search WORDS [filters] --save NAME` saves one; they sync to your other devices.",
        subcommands: [List.self, Run.self, Delete.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Your saved searches, oldest first.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let searches = try await device.container.recordService(SavedSearch.self).list()
                try device.output.table(searches, headers: ["NAME", "WORDS", "FILTERS", "ID"]) {
                    [$0.name, $0.query ?? "-", Self.filters(of: $0), $0.id.uuidString]
                }
            }
        }

        private static func filters(of search: SavedSearch) -> String {
            var parts: [String] = []
            if !search.layerIDs.isEmpty { parts.append("\(search.layerIDs.count) layers") }
            if !search.types.isEmpty { parts.append(search.types.map(\.rawValue).joined(separator: ",")) }
            if search.creatorID != nil { parts.append("creator") }
            if search.from != nil || search.to != nil { parts.append("dates") }
            return parts.isEmpty ? "-" : parts.joined(separator: "; ")
        }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run a saved search.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its name, its ID or a prefix of it.") var search: String
        @Flag(help: "Include annotations in hidden layers.") var all = false

        func run() async throws {
            try await Device.run(global) { device in
                try await SavedSearches.run(
                    try await SavedSearches.resolve(search, on: device), on: device, includeAll: all)
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a saved search (on every device).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its name, its ID or a prefix of it.") var search: String

        func run() async throws {
            try await Device.run(global) { device in
                let found = try await SavedSearches.resolve(search, on: device)
                try await device.container.recordService(SavedSearch.self).delete(id: found.id)
                try device.output.print(["deleted": found.id.uuidString]) { "Deleted \"\(found.name)\"" }
            }
        }
    }
}
