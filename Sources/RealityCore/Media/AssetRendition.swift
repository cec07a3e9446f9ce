import Foundation

/// An image the server makes from an asset to show it without its whole bytes (issue 19).
public enum RenditionKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// A square, cropped to the centre, for lists and markers.
    case thumbnail
    /// A screen-sized image, the whole picture.
    case preview

    /// The side (thumbnail) or longest side (preview) in pixels.
    public var size: Int {
        switch self {
        case .thumbnail: 256
        case .preview: 1_600
        }
    }
}

/// A rendition of an asset, kept as a blob of its own.
public struct AssetRendition: Hashable, Sendable {
    /// The SHA-256 of the asset it shows.
    public var sha256: String
    /// Which rendition it is.
    public var kind: RenditionKind
    /// The SHA-256 of the rendition's own bytes (its blob).
    public var blobSHA256: String
    /// Their MIME type.
    public var contentType: String
    /// Their length.
    public var byteCount: Int64
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int

    /// A rendition with the given parts.
    public init(
        sha256: String, kind: RenditionKind, blobSHA256: String, contentType: String, byteCount: Int64, width: Int,
        height: Int
    ) {
        self.sha256 = sha256
        self.kind = kind
        self.blobSHA256 = blobSHA256
        self.contentType = contentType
        self.byteCount = byteCount
        self.width = width
        self.height = height
    }
}

/// What the server reads from an asset's media (issue 19): an image's or video's upright size, an
/// audio or video file's duration.
public struct MediaFacts: Codable, Hashable, Sendable {
    /// Width in pixels, upright.
    public var width: Int?
    /// Height in pixels, upright.
    public var height: Int?
    /// Length in seconds.
    public var durationSeconds: Double?

    /// Facts with the given parts.
    public init(width: Int? = nil, height: Int? = nil, durationSeconds: Double? = nil) {
        self.width = width
        self.height = height
        self.durationSeconds = durationSeconds
    }
}

extension MediaFormat.Kind {
    /// Whether the server makes renditions or reads facts of media of this kind (a 3D model it
    /// does not render).
    public var hasRenditionJob: Bool { self != .model }

    /// Whether the server makes a thumbnail and a preview of media of this kind (an image, a
    /// video's poster frame).
    public var hasRenditions: Bool { self == .image || self == .video }
}

extension MediaFormat {
    /// The MIME types of the formats the server makes renditions of (``MediaFormat/Kind/hasRenditions``).
    public static var renditionMIMETypes: [String] { allCases.filter(\.kind.hasRenditions).map(\.mimeType) }
}
