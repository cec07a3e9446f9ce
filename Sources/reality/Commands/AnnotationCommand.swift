import ArgumentParser
import Foundation
import RealityCore
import RealitySync

/// `reality annotation …`
struct AnnotationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "annotation", abstract: "Create, list, change, move and delete annotations.",
        subcommands: [Create.self, List.self, Show.self, Update.self, Delete.self, Move.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Pin an annotation at a point.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "The layer to put it in (default: your default layer).") var layer: ShortID<Layer>?
        @Option(parsing: .unconditional, help: "The note's text.") var text: String?
        @Option(parsing: .unconditional, help: "Where, in world metres (X,Y,Z; negative numbers allowed).") var at:
            Point
        @Option(parsing: .unconditional, help: "A short title (up to 100 characters).") var title: String?
        @Option(
            help: """
                text, drawing, photo, voiceMemo, video or object3D (default: what --media's bytes are, else text).
                """)
        var type: AnnotationType?
        @Option(
            help: """
                The media: a file on this device (uploaded when the device syncs, from wherever it is then),                 or the URL of one elsewhere.
                """)
        var media: String?
        @Option(help: "The SHA-256 of an uploaded asset holding the media.") var asset: String?
        @OptionGroup var placement: PlacementOptions

        func run() async throws {
            try await Device.run(global, flags: AnnotationFlags.forDraft(type ?? .text)) { device in
                let layerID: LayerID
                if let layer {
                    layerID = try await layer.resolve(device)
                } else {
                    layerID = try await device.container.layerService().defaultLayer().id
                }
                var content = AnnotationContent(text: text, cloudAssetID: asset)
                var type = self.type ?? .text
                if let media {
                    if let file = try MediaOption.localFile(media) {
                        type = try MediaOption.type(of: file, declared: self.type)
                        if let asset, asset != file.sha256 {
                            throw CLIError.invalid("--asset names other bytes than --media's file")
                        }
                        content.mediaURL = URL(fileURLWithPath: file.path)
                        content.cloudAssetID = file.sha256
                        try await device.container.store().registerMedia(file.deviceMedia)
                    } else {
                        guard let url = URL(string: media) else {
                            throw CLIError.invalid("--media is neither a file nor a URL: \(media)")
                        }
                        content.mediaURL = url
                    }
                }
                var draft = AnnotationDraft(
                    type: type, content: content, title: title, position: at.value, layerID: layerID)
                try placement.apply(
                    orientation: &draft.orientation, scale: &draft.scale, rules: &draft.visibilityRules,
                    in: try await device.timeZone(), now: Date())
                // Anchored in the world map this device uses, if any (`reality worldmap use`).
                if let map = try await CurrentWorldMap.id(on: device) {
                    let context = try await device.container.context()
                    draft.anchorID = try await device.container.container().inWorldMap(map).anchors(context.userID)
                        .anchorFor(position: draft.position)
                }
                let annotation = try await device.container.annotationService().createAnnotation(draft)
                try device.output.print(annotation) { "Created annotation \(annotation.id)" }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List annotations, newest first.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Only this layer.") var layer: ShortID<Layer>?
        @Option(parsing: .unconditional, help: "At most this many (1–1000).") var limit: Int = 100
        @Flag(help: "Include annotations in hidden layers.") var all = false

        func run() async throws {
            try await Device.run(global) { device in
                let service = try await device.container.annotationService()
                let context = try await device.container.context()
                guard (1...AnnotationQuery.maxLimit).contains(limit) else {
                    throw CLIError.invalid("--limit must be between 1 and \(AnnotationQuery.maxLimit)")
                }
                let annotations: [Annotation]
                if let layer {
                    annotations = try await service.fetchAnnotations(in: layer.resolve(device))
                } else {
                    let layers = try await HiddenLayers.on(device, includeAll: all).queryLayers
                    if layers?.isEmpty == true {
                        annotations = []
                    } else {
                        annotations = try await service.fetchAnnotations(
                            matching: AnnotationQuery(viewer: context.userID, layerIDs: layers, limit: limit))
                    }
                }
                try await AnnotationTable.print(Array(annotations.prefix(limit)), on: device)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one annotation with its comments.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Annotation>

        func run() async throws {
            try await Device.run(global) { device in
                let id = try await self.id.resolve(device)
                guard let annotation = try await device.container.annotationService().fetchAnnotation(id: id)
                else { throw ServiceError.notFound(.annotation, id: id.uuidString) }
                let detail = try await AnnotationTable.detail(annotation, on: device)
                try device.output.print(annotation) { detail }
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an annotation's title, text, status, place, rotation, scale or visibility rules.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Annotation>
        @Option(parsing: .unconditional) var title: String?
        @Option(parsing: .unconditional) var text: String?
        @Option(help: "open, inProgress, resolved or wontFix.") var status: AnnotationStatus?
        @Option(parsing: .unconditional, help: "Move it to a new position, X,Y,Z.") var at: Point?
        @OptionGroup var placement: PlacementOptions

        func run() async throws {
            try await Device.run(global, flags: AnnotationFlags.forDraft(.text)) { device in
                let service = try await device.container.annotationService()
                let id = try await self.id.resolve(device)
                guard var annotation = try await service.fetchAnnotation(id: id) else {
                    throw ServiceError.notFound(.annotation, id: id.uuidString)
                }
                if let title { annotation.title = title.isEmpty ? nil : title }
                if let text { annotation.content.text = text }
                if let status { annotation.status = status }
                if let at { annotation.position = at.value }
                try placement.apply(
                    orientation: &annotation.orientation, scale: &annotation.scale, rules: &annotation.visibilityRules,
                    in: try await device.timeZone(), now: Date())
                try await service.updateAnnotation(annotation)
                let updated = try await service.fetchAnnotation(id: id) ?? annotation
                try device.output.print(updated) { "Updated annotation \(updated.id)" }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete an annotation (kept 30 days for sync).")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Annotation>

        func run() async throws {
            try await Device.run(global) { device in
                let id = try await self.id.resolve(device)
                try await device.container.annotationService().deleteAnnotation(id: id)
                try device.output.print(["deleted": id]) { "Deleted annotation \(id)" }
            }
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move an annotation to another layer.")
        @OptionGroup var global: GlobalOptions
        @Argument var id: ShortID<Annotation>
        @Option(help: "The layer to move it to.") var layer: ShortID<Layer>

        func run() async throws {
            try await Device.run(global) { device in
                let service = try await device.container.annotationService()
                let id = try await self.id.resolve(device)
                let layerID = try await layer.resolve(device)
                try await service.moveAnnotation(id: id, to: layerID)
                let moved = try await service.fetchAnnotation(id: id)
                try device.output.print(moved) { "Moved annotation \(id) to layer \(layerID)" }
            }
        }
    }
}

/// Which flag sets which annotation field, for error messages in the user's words.
enum AnnotationFlags {
    /// The flags of `annotation create` and `update` for an annotation of `type`.
    static func forDraft(_ type: AnnotationType) -> [String: String] {
        [
            "content": type.isMedia ? "--media" : "--text", "content.text": "--text", "content.mediaURL": "--media",
            "content.cloudAssetID": "--asset", "title": "--title", "position": "--at", "layerID": "--layer",
            "type": "--type", "status": "--status",
        ]
    }
}

/// How annotations look in tables.
enum AnnotationTable {
    /// Prints `annotations` as a table (or JSON): short IDs, layer and owner names, and the
    /// distance from `center` when given.
    static func print(
        _ annotations: [Annotation], on device: Device, distanceFrom center: SIMD3<Float>? = nil
    ) async throws {
        let labels = try await TableLabels.load(
            device, users: annotations.map(\.ownerID), layers: annotations.map(\.layerID),
            ids: [.annotation: annotations.map(\.id.uuidString)])
        var headers = ["ID", "TYPE", "STATUS", "TITLE", "TEXT", "LAYER", "BY", "POSITION"]
        if center != nil { headers.append("DISTANCE") }
        try device.output.table(annotations, headers: headers) { annotation in
            var row = [
                labels.short(annotation.id, .annotation), annotation.type.rawValue, annotation.status.rawValue,
                Show.clip(annotation.title, 24), Show.clip(annotation.content.text),
                Show.clip(labels.layer(annotation.layerID), 20),
                Show.clip(labels.user(annotation.ownerID), 20), Show.position(annotation.position),
            ]
            if let center {
                row.append(String(format: "%.2f m", annotation.position.distance(to: center)))
            }
            return row
        }
    }

    /// One annotation in full, for `annotation show`.
    static func detail(_ annotation: Annotation, on device: Device) async throws -> String {
        let zone = try await device.timeZone()
        let labels = try await TableLabels.load(
            device, users: [annotation.ownerID] + annotation.comments.map(\.authorID), layers: [annotation.layerID],
            ids: [.comment: annotation.comments.map(\.id.uuidString)])
        var lines = [
            "\(annotation.title ?? "(untitled)")  \(annotation.id)",
            "\(annotation.type.rawValue), \(annotation.status.rawValue), layer \(labels.layer(annotation.layerID))",
            "at \(Show.position(annotation.position)), created \(Show.when(annotation.createdAt, in: zone)) "
                + "by \(labels.user(annotation.ownerID))",
        ]
        if annotation.orientation != .identity || annotation.scale != 1 {
            let q = annotation.orientation
            lines.append("rotation \(q.vector.x),\(q.vector.y),\(q.vector.z),\(q.real), scale \(annotation.scale)")
        }
        if let rules = annotation.visibilityRules {
            lines.append("visible: " + VisibilityPhrase.describe(rules, in: zone))
        }
        if let text = annotation.content.text { lines.append(text) }
        if !annotation.reactions.isEmpty {
            lines.append("reactions: " + annotation.reactions.map(\.emoji).joined(separator: " "))
        }
        lines.append("viewed \(annotation.viewCount) times by \(annotation.viewedBy.count) people")
        for comment in annotation.comments {
            let indent = comment.parentCommentID == nil ? "  " : "    ↳ "
            lines.append(
                "\(indent)\(labels.user(comment.authorID)): \(comment.text)  [\(labels.short(comment.id, .comment))]")
        }
        return lines.joined(separator: "\n")
    }
}
