import ArgumentParser
import Foundation
import RealityCore
import RealityStore
import RealitySync

/// `reality media list|get|rm|eager-limit` (issue 19): the media files this device knows.
struct MediaCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media", abstract: "Media files on this device and the server: list, fetch, delete.",
        subcommands: [List.self, Get.self, Remove.self, EagerLimit.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The media this device knows: its own files and what sync brought or left on the server.")
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await Device.run(global) { device in
                let media = try await device.container.store().allMedia()
                try device.output.table(
                    media, headers: ["SHA-256", "SIZE", "TYPE", "ON SERVER", "FILE", "THUMBNAIL"]
                ) {
                    [
                        String($0.sha256.prefix(12)), MediaCommand.size($0.byteCount), $0.contentType,
                        $0.isUploaded ? "yes" : "not yet", $0.path ?? "(on the server only)", $0.thumbnailPath ?? "-",
                    ]
                }
            }
        }
    }

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch an asset (by its SHA-256, or the media of an annotation) and say where it is.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A SHA-256, or an annotation (ID or prefix).") var target: String
        @Option(name: .shortAndLong, help: "Also copy the file here.") var output: String?

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                let sha256 = try await MediaCommand.assetID(target, on: device)
                var media = try await store.media(sha256: sha256)
                if media?.path.map(FileManager.default.isReadableFile(atPath:)) != true {
                    guard let directory = store.mediaDirectory else {
                        throw CLIError.invalid("this store keeps no media")
                    }
                    let transport = try await SyncEngine.signedIn(store).serverTransport
                    let bar = TransferBar.make(for: device.output)
                    guard
                        case .stored(let fetched) = try await transport.downloadAsset(
                            sha256: sha256, into: directory, observer: bar?.observer)
                    else { throw CLIError.invalid("the server did not send \(sha256)") }
                    try await store.registerMedia(fetched)
                    media = fetched
                }
                guard let media, let path = media.path else { throw CLIError.invalid("no file for \(sha256)") }
                var shown = media
                if let output {
                    let destination = URL(fileURLWithPath: (output as NSString).expandingTildeInPath)
                    if FileManager.default.fileExists(atPath: destination.path) {
                        try FileManager.default.removeItem(at: destination)
                    }
                    try FileManager.default.copyItem(atPath: path, toPath: destination.path)
                    shown.path = destination.path
                }
                try device.output.print(shown) { "\(shown.path ?? path) (\(MediaCommand.size(media.byteCount)))" }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Delete your copy of an asset on the server (not while your annotations use it).",
            discussion: "The bytes go from the server with the last account that holds them; your own file stays.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The asset's SHA-256.") var sha256: String

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                let transport = try await SyncEngine.signedIn(store).serverTransport
                try await transport.deleteAsset(sha256: sha256)
                if let media = try await store.media(sha256: sha256) {
                    // A copy sync downloaded goes; a file the person named stays theirs.
                    if let path = media.path, let directory = store.mediaDirectory,
                        path.hasPrefix(directory.path + "/")
                    {
                        try? FileManager.default.removeItem(atPath: path)
                    }
                    try await store.forgetMedia(sha256: sha256)
                }
                try device.output.print(["deleted": sha256]) { "Deleted \(sha256) from the server" }
            }
        }
    }

    struct EagerLimit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "eager-limit",
            abstract: "Show or set the size up to which sync downloads media with their annotations.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Bytes (0: download only when asked, with `reality media get`).") var bytes: Int64?

        func run() async throws {
            try await Device.run(global) { device in
                let store = try await device.container.store()
                if let bytes {
                    guard bytes >= 0 else { throw CLIError.invalid("the limit must be 0 or more bytes") }
                    try await store.setMediaEagerLimit(bytes)
                }
                let limit = try await store.mediaEagerLimit()
                try device.output.print(["eagerLimit": limit]) {
                    "Media up to \(MediaCommand.size(limit)) download with sync"
                }
            }
        }
    }

    /// The asset `target` names: a SHA-256, or the media of the annotation it names.
    static func assetID(_ target: String, on device: Device) async throws -> String {
        let lowered = target.lowercased()
        if lowered.count == 64, lowered.allSatisfy(\.isHexDigit) { return lowered }
        guard let id = ShortID<Annotation>(argument: target) else { throw CLIError.invalid("no asset \(target)") }
        let resolved = try await id.resolve(device)
        guard let annotation = try await device.container.annotationService().fetchAnnotation(id: resolved) else {
            throw CLIError(message: "No annotation \(target).", status: .notFound, code: "not_found")
        }
        guard let sha256 = annotation.content.cloudAssetID else {
            throw CLIError.invalid("annotation \(annotation.id) has no media on the server")
        }
        return sha256
    }

    /// A size for people: bytes, KB, MB or GB.
    static func size(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }
}
