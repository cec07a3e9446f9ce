import Foundation
import RealityCore
import RealityStore
import RealitySync

/// `reality export --media DIR` (issue 19): the export's JSON and the media files it names.
enum MediaExport {
    /// What an export with media wrote.
    struct Report: Codable {
        /// The directory.
        var directory: String
        /// The media files written (SHA-256s).
        var files: [String]
        /// Files named but neither on this device nor obtainable from the server, with why.
        var missing: [String: String]
    }

    /// Writes `json` as `DIRECTORY/export.json` and every asset `export` names as
    /// `DIRECTORY/media/SHA256`, from this device's copy or else from the server when signed in.
    static func write(_ export: AccountExport, json: Data, into directory: String, on device: Device) async throws
        -> Report
    {
        let root = URL(fileURLWithPath: (directory as NSString).expandingTildeInPath, isDirectory: true)
        let mediaDirectory = root.appendingPathComponent("media", isDirectory: true)
        try FileManager.default.createDirectory(at: mediaDirectory, withIntermediateDirectories: true)
        try json.write(to: root.appendingPathComponent("export.json"), options: .atomic)
        let store = try await device.container.store()
        let names = Set(
            export.annotations.flatMap(DeviceStore.assetIDs(of:))
                + export.worldMaps.flatMap { [$0.worldMapAssetID] + [$0.thumbnailAssetID].compactMap { $0 } })
        var transport: SyncTransport?
        var report = Report(directory: root.path, files: [], missing: [:])
        for sha256 in names.sorted() {
            let target = mediaDirectory.appendingPathComponent(sha256)
            if let path = try await store.media(sha256: sha256)?.path,
                (try? MediaFile.inspect(path: path))?.sha256 == sha256
            {
                if FileManager.default.fileExists(atPath: target.path) {
                    try FileManager.default.removeItem(at: target)
                }
                try FileManager.default.copyItem(atPath: path, toPath: target.path)
                report.files.append(sha256)
                continue
            }
            do {
                let server: SyncTransport
                if let transport {
                    server = transport
                } else {
                    server = try await SyncEngine.signedIn(store).serverTransport
                    transport = server
                }
                let download = try await server.downloadAsset(
                    sha256: sha256, into: mediaDirectory, observer: TransferBar.make(for: device.output)?.observer)
                guard case .stored = download else {
                    report.missing[sha256] = "not sent"
                    continue
                }
                report.files.append(sha256)
            } catch {
                report.missing[sha256] = "\(error)"
            }
        }
        return report
    }
}
