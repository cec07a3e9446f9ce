import ArgumentParser
import Foundation
import RealityCore

/// `reality nearby --at X,Y,Z [--radius R]`
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby", abstract: "Annotations near a point, nearest first.")
    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "The point, in world metres (X,Y,Z; negative numbers allowed).") var at:
        Point
    @Option(parsing: .unconditional, help: "Metres (default: your annotationDisplayDistance preference).")
    var radius: Float?
    @Flag(help: "Include annotations in hidden layers.") var all = false

    func run() async throws {
        try await Device.run(global, flags: ["radius": "--radius", "position": "--at"]) { device in
            let distance: Float
            if let radius {
                distance = radius
            } else {
                distance = try await device.container.userService().getCurrentUser().preferences
                    .annotationDisplayDistance
            }
            let annotations = try await device.container.annotationService().fetchNearby(
                position: at.value, radius: distance)
            let shown = try await HiddenLayers.on(device, includeAll: all).filter(annotations)
            try await AnnotationTable.print(shown, on: device, distanceFrom: at.value)
        }
    }
}

/// `reality visible [--at DATE] [--viewer X,Y,Z]`
struct VisibleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visible", abstract: "Annotations whose visibility rules show them at a time and place.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "The instant: ISO 8601, YYYY-MM-DD, today, yesterday (default: now).") var at: ArgumentDate?
    @Option(parsing: .unconditional, help: "Where the viewer stands, X,Y,Z (negative numbers allowed).") var viewer:
        Point?
    @Flag(help: "Include annotations in hidden layers.") var all = false

    func run() async throws {
        try await Device.run(global) { device in
            let instant = if let at { try await device.instant(at) } else { Timestamp.now() }
            let annotations = try await device.container.annotationService().fetchVisible(
                at: instant, viewerPosition: viewer?.value)
            let shown = try await HiddenLayers.on(device, includeAll: all).filter(annotations)
            try await AnnotationTable.print(shown, on: device)
        }
    }
}

/// `reality search [QUERY] [filters] [--save NAME]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find annotations by words in their title, text or comments, and filters.",
        discussion: "--save NAME keeps the search to run again on any of your devices (`reality searches`).")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Words that must all appear (as word beginnings).") var query: String?
    @Option(help: "Only this layer (repeatable).") var layer: [ShortID<Layer>] = []
    @Option(help: "Only this type (repeatable).") var type: [AnnotationType] = []
    @Option(help: "Only annotations made by this user (an ID, a prefix, or me).") var creator: ShortID<User>?
    @Option(help: "Created at or after (ISO 8601, YYYY-MM-DD, today, yesterday).") var from: ArgumentDate?
    @Option(help: "Created before (ISO 8601, YYYY-MM-DD, today, yesterday).") var to: ArgumentDate?
    @Option(help: "Save the search under this name (replacing your saved search of that name).") var save: String?
    @Flag(help: "Include annotations in hidden layers.") var all = false

    func run() async throws {
        try await Device.run(global) { device in
            let start = if let from { try await device.instant(from) } else { nil as Date? }
            let end = if let to { try await device.instant(to) } else { nil as Date? }
            if let start, let end, start > end { throw CLIError.invalid("--from must not be after --to") }
            var layerIDs: [LayerID] = []
            for named in layer { layerIDs.append(try await named.resolve(device)) }
            var search = SavedSearch(
                ownerID: try await device.container.context().userID, name: save ?? "", query: query,
                layerIDs: layerIDs, types: type, creatorID: try await creator?.resolve(device), from: start, to: end)
            if let save {
                search = try await SavedSearches.save(search, named: save, on: device)
                FileHandle.standardError.write(Data("Saved as \"\(search.name)\" (\(search.id)).\n".utf8))
            }
            try await SavedSearches.run(search, on: device, includeAll: all)
        }
    }
}

/// `reality recent [--limit N]`
struct RecentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recent", abstract: "The newest annotations.")
    @OptionGroup var global: GlobalOptions
    @Option(parsing: .unconditional, help: "How many (1–1000).") var limit: Int = 20

    func run() async throws {
        try await Device.run(global) { device in
            try await AnnotationTable.print(
                try await device.container.searchService().getRecent(limit: limit), on: device)
        }
    }
}

/// `reality unread`
struct UnreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unread", abstract: "Annotations by others you have not read.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            try await AnnotationTable.print(try await device.container.searchService().getUnread(), on: device)
        }
    }
}

/// `reality starred`
struct StarredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "starred", abstract: "Annotations you starred.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            try await AnnotationTable.print(try await device.container.searchService().getStarred(), on: device)
        }
    }
}

/// `reality star ID [--remove]`
struct StarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "star", abstract: "Star (or unstar) an annotation.")
    @OptionGroup var global: GlobalOptions
    @Argument var id: ShortID<Annotation>
    @Flag(help: "Unstar it instead.") var remove = false

    func run() async throws {
        try await Device.run(global) { device in
            let id = try await self.id.resolve(device)
            try await device.container.searchService().setStarred(id, starred: !remove)
            try device.output.print(["annotationID": id.uuidString, "starred": remove ? "false" : "true"]) {
                "\(remove ? "Unstarred" : "Starred") \(id)"
            }
        }
    }
}

/// `reality read ID`
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Mark an annotation read.")
    @OptionGroup var global: GlobalOptions
    @Argument var id: ShortID<Annotation>

    func run() async throws {
        try await Device.run(global) { device in
            let id = try await self.id.resolve(device)
            try await device.container.searchService().markAsRead(id)
            try device.output.print(["read": id]) { "Marked \(id) read" }
        }
    }
}
