import Crypto
import Foundation
import RealityCore
import RealityStore

/// A file on this device read as the server will read it (issue 19): its SHA-256 (the asset ID an
/// annotation names), its length and the format its bytes show.
public struct MediaFile: Hashable, Sendable {
    /// The file, as an absolute path.
    public let path: String
    /// SHA-256 of the bytes, lowercase hex.
    public let sha256: String
    /// Their length.
    public let byteCount: Int64
    /// What the leading bytes show, if anything known.
    public let format: MediaFormat?

    /// The MIME type the server will record.
    public var contentType: String { format?.mimeType ?? MediaFormat.unknownMIMEType }

    /// Reads the file at `path` a megabyte at a time (memory stays bounded whatever its size).
    public static func inspect(path: String) throws -> MediaFile {
        let absolute = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), !isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: absolute)
        else { throw MediaFileError.unreadable(path: path) }
        defer { try? handle.close() }
        var hasher = SHA256()
        var byteCount: Int64 = 0
        var head = Data()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            byteCount += Int64(chunk.count)
            if head.count < MediaFormat.sniffLength { head += chunk.prefix(MediaFormat.sniffLength - head.count) }
        }
        guard byteCount > 0 else { throw MediaFileError.empty(path: path) }
        return MediaFile(
            path: absolute, sha256: hasher.finalize().withUnsafeBytes(Hex.lowercase),
            byteCount: byteCount, format: MediaFormat.sniff(head))
    }

    /// The file as a device records it, not yet on the server.
    public var deviceMedia: DeviceMedia {
        DeviceMedia(sha256: sha256, path: path, byteCount: byteCount, contentType: contentType, isUploaded: false)
    }
}

/// A media file that cannot be used.
public enum MediaFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No readable file at the path.
    case unreadable(path: String)
    /// The file is empty.
    case empty(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path) is not a readable file"
        case .empty(let path): "\(path) is empty"
        }
    }
}
