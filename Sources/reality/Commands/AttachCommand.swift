import ArgumentParser
import Foundation
import RealityCore
import RealitySync

/// `reality attach ANNOTATION FILE…` (issue 19): attaches media files to an annotation; each goes
/// up with the next sync, as `annotation create --media` does.
struct AttachCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Attach files (photos, recordings, video, 3D models, documents) to an annotation.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The annotation (ID or prefix).") var id: ShortID<Annotation>
    @Argument(help: "The files, on this device.") var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one file to attach.") }
    }

    func run() async throws {
        try await Device.run(global, flags: ["attachments": "FILE"]) { device in
            let service = try await device.container.annotationService()
            let id = try await self.id.resolve(device)
            guard var annotation = try await service.fetchAnnotation(id: id) else {
                throw ServiceError.notFound(.annotation, id: id.uuidString)
            }
            var read: [MediaFile] = []
            for path in files {
                do {
                    read.append(try MediaFile.inspect(path: path))
                } catch let error as MediaFileError {
                    throw CLIError.invalid("\(error)")
                }
            }
            for file in read {
                annotation.attachments.append(
                    Attachment(
                        fileName: URL(fileURLWithPath: file.path).lastPathComponent, fileType: file.contentType,
                        fileSize: file.byteCount, localURL: URL(fileURLWithPath: file.path), cloudAssetID: file.sha256))
            }
            try await service.updateAnnotation(annotation)
            let store = try await device.container.store()
            for file in read { try await store.registerMedia(file.deviceMedia) }
            let updated = try await service.fetchAnnotation(id: id) ?? annotation
            try device.output.print(updated) {
                "Attached \(read.count) file\(read.count == 1 ? "" : "s") to annotation \(updated.id)"
            }
        }
    }
}
