import ArgumentParser
import Foundation
import RealityCore

/// `reality nearby --at X,Y,Z [--radius R]`
struct NearbyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearby", abstract: "Annotations near a point, nearest first.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "The point, in world metres.") var at: Point
    @Option(help: "Metres (default: your annotationDisplayDistance preference).") var radius: Float?

    func run() async throws {
        try await Device.run(global) { device in
            let distance: Float
            if let radius {
                distance = radius
            } else {
                distance = try await device.container.userService().getCurrentUser().preferences.annotationDisplayDistance
            }
            let annotations = try await device.container.annotationService().fetchNearby(position: at.value, radius: distance)
            try AnnotationTable.print(annotations, to: device.output, distanceFrom: at.value)
        }
    }
}

/// `reality visible [--at DATE] [--viewer X,Y,Z]`
struct VisibleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visible", abstract: "Annotations whose visibility rules show them at a time and place.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "The instant (default: now).") var at: ArgumentDate?
    @Option(help: "Where the viewer stands, X,Y,Z.") var viewer: Point?

    func run() async throws {
        try await Device.run(global) { device in
            let annotations = try await device.container.annotationService().fetchVisible(
                at: at?.value ?? Timestamp.now(), viewerPosition: viewer?.value)
            try AnnotationTable.print(annotations, to: device.output)
        }
    }
}

/// `reality search [QUERY] [filters]`
struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find annotations by words in their title, text or comments, and filters.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Words that must all appear (as word beginnings).") var query: String?
    @Option(help: "Only this layer (repeatable).") var layer: [ArgumentID<Layer>] = []
    @Option(help: "Only this type (repeatable).") var type: [AnnotationType] = []
    @Option(help: "Only annotations made by this user.") var creator: ArgumentID<User>?
    @Option(help: "Created at or after (ISO 8601 or YYYY-MM-DD).") var from: ArgumentDate?
    @Option(help: "Created before (ISO 8601 or YYYY-MM-DD).") var to: ArgumentDate?

    func run() async throws {
        try await Device.run(global) { device in
            var range: DateInterval?
            if from != nil || to != nil {
                let start = from?.value ?? Date(timeIntervalSince1970: 0)
                let end = to?.value ?? Timestamp.parse("9999-12-31T23:59:59Z") ?? .distantFuture
                guard start <= end else { throw CLIError.invalid("--from must not be after --to") }
                range = DateInterval(start: start, end: end)
            }
            let results = try await device.container.searchService().search(
                query: query, layerIDs: layer.isEmpty ? nil : layer.map(\.value), types: type.isEmpty ? nil : type,
                dateRange: range, creatorID: creator?.value)
            try AnnotationTable.print(results, to: device.output)
        }
    }
}

/// `reality recent [--limit N]`
struct RecentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "recent", abstract: "The newest annotations.")
    @OptionGroup var global: GlobalOptions
    @Option(help: "How many (1–1000).") var limit: Int = 20

    func run() async throws {
        try await Device.run(global) { device in
            try AnnotationTable.print(try await device.container.searchService().getRecent(limit: limit), to: device.output)
        }
    }
}

/// `reality unread`
struct UnreadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unread", abstract: "Annotations by others you have not read.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            try AnnotationTable.print(try await device.container.searchService().getUnread(), to: device.output)
        }
    }
}

/// `reality starred`
struct StarredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "starred", abstract: "Annotations you starred.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Device.run(global) { device in
            try AnnotationTable.print(try await device.container.searchService().getStarred(), to: device.output)
        }
    }
}

/// `reality star ID [--remove]`
struct StarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "star", abstract: "Star (or unstar) an annotation.")
    @OptionGroup var global: GlobalOptions
    @Argument var id: ArgumentID<Annotation>
    @Flag(help: "Unstar it instead.") var remove = false

    func run() async throws {
        try await Device.run(global) { device in
            try await device.container.searchService().setStarred(id.value, starred: !remove)
            try device.output.print(["annotationID": id.value.uuidString, "starred": remove ? "false" : "true"]) {
                "\(remove ? "Unstarred" : "Starred") \(id.value)"
            }
        }
    }
}

/// `reality read ID`
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Mark an annotation read.")
    @OptionGroup var global: GlobalOptions
    @Argument var id: ArgumentID<Annotation>

    func run() async throws {
        try await Device.run(global) { device in
            try await device.container.searchService().markAsRead(id.value)
            try device.output.print(["read": id.value]) { "Marked \(id.value) read" }
        }
    }
}
