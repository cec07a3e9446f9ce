import Foundation

/// What a file is, as its bytes say (issue 19): the server records this, not what an uploader
/// claims, and serves the file with its ``mimeType``.
public enum MediaFormat: String, CaseIterable, Codable, Hashable, Sendable {
    case jpeg, png, heic, webp, gif
    case m4a, aac, mp3, wav, ogg
    case mp4, mov
    case gltf, glb, usdz

    /// What kind of media the format holds.
    public enum Kind: String, Codable, Hashable, Sendable {
        case image, audio, video, model
    }

    /// The kind of media.
    public var kind: Kind {
        switch self {
        case .jpeg, .png, .heic, .webp, .gif: .image
        case .m4a, .aac, .mp3, .wav, .ogg: .audio
        case .mp4, .mov: .video
        case .gltf, .glb, .usdz: .model
        }
    }

    /// The MIME type the server sends the file with.
    public var mimeType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        case .webp: "image/webp"
        case .gif: "image/gif"
        case .m4a: "audio/mp4"
        case .aac: "audio/aac"
        case .mp3: "audio/mpeg"
        case .wav: "audio/wav"
        case .ogg: "audio/ogg"
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        case .gltf: "model/gltf+json"
        case .glb: "model/gltf-binary"
        case .usdz: "model/vnd.usdz+zip"
        }
    }

    /// The format whose ``mimeType`` is `mimeType`, if any.
    public init?(mimeType: String) {
        guard let format = Self.allCases.first(where: { $0.mimeType == mimeType }) else { return nil }
        self = format
    }

    /// The type of bytes no format here recognises (a serialised AR world map, for one).
    public static let unknownMIMEType = "application/octet-stream"

    /// How many leading bytes ``sniff(_:)`` reads at most; give it at least this many when the file
    /// is that long.
    public static let sniffLength = 512

    /// The format the leading bytes of a file show, or nil when they show none of these.
    public static func sniff(_ prefix: some Collection<UInt8>) -> MediaFormat? {
        let bytes = Array(prefix.prefix(sniffLength))
        if let format = signature(bytes) { return format }
        if let format = isoMedia(bytes) { return format }
        if let format = audioFrame(bytes) { return format }
        if isGLTF(bytes) { return .gltf }
        return nil
    }

    /// Formats that start with a fixed signature.
    private static func signature(_ b: [UInt8]) -> MediaFormat? {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let want = Array(text.utf8)
            return b.count >= offset + want.count && Array(b[offset..<offset + want.count]) == want
        }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts("GIF87a") || starts("GIF89a") { return .gif }
        if starts("RIFF") && starts("WEBP", at: 8) { return .webp }
        if starts("RIFF") && starts("WAVE", at: 8) { return .wav }
        if starts("OggS") { return .ogg }
        if starts("glTF") { return .glb }
        if starts("ID3") { return .mp3 }
        // A USDZ is an uncompressed zip whose first entry is the USD layer (usdc or usda).
        if b.starts(with: [0x50, 0x4B, 0x03, 0x04]) && b.count >= 30 {
            let nameLength = Int(b[26]) | Int(b[27]) << 8
            if b.count >= 30 + nameLength,
                let name = String(bytes: b[30..<30 + nameLength], encoding: .utf8)?.lowercased(),
                name.hasSuffix(".usdc") || name.hasSuffix(".usda") || name.hasSuffix(".usd")
            {
                return .usdz
            }
        }
        return nil
    }

    /// ISO base media files (`ftyp` box first): HEIC, M4A, MP4 and QuickTime by their major brand.
    private static func isoMedia(_ b: [UInt8]) -> MediaFormat? {
        guard b.count >= 12, b[4...7].elementsEqual("ftyp".utf8) else { return nil }
        let brand = String(decoding: b[8..<12], as: UTF8.self)
        switch brand {
        case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1": return .heic
        case "M4A ", "M4B ", "M4P ", "F4A ": return .m4a
        case "qt  ": return .mov
        default: return .mp4
        }
    }

    /// Audio streams without a container: MPEG audio frames (MP3) and ADTS (AAC).
    private static func audioFrame(_ b: [UInt8]) -> MediaFormat? {
        guard b.count >= 4, b[0] == 0xFF, b[1] & 0xE0 == 0xE0 else { return nil }
        let layer = (b[1] >> 1) & 0x03
        let version = (b[1] >> 3) & 0x03
        if layer == 0 && (b[1] & 0xF6) == 0xF0 { return .aac }
        // MPEG version 1, 2 or 2.5, layer III, a valid bitrate and sample rate.
        guard layer == 1, version != 1 else { return nil }
        let bitrate = b[2] >> 4
        let sampleRate = (b[2] >> 2) & 0x03
        return bitrate != 0 && bitrate != 0x0F && sampleRate != 0x03 ? .mp3 : nil
    }

    /// A glTF JSON document: an object whose first key, after white space, is one glTF declares.
    private static func isGLTF(_ b: [UInt8]) -> Bool {
        let text = String(decoding: b, as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace })
        guard trimmed.first == "{" else { return false }
        return text.contains("\"asset\"") && (text.contains("\"version\"") || text.contains("\"generator\""))
    }
}
