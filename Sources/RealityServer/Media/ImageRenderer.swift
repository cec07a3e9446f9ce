import CImageRenditions
import Foundation
import NIOPosix
import RealityCore

/// Thumbnails and previews of images through libvips (issue 19, the C target
/// `CImageRenditions`): one decode per image, shrinking on load (a 12 MP JPEG is decoded at an
/// eighth or a quarter of its size), EXIF orientation applied, and every rendition encoded with no
/// metadata, so that a photo's location never reaches someone it is shown to. Work runs on NIO's
/// thread pool, off the tasks that serve requests.
public struct ImageRenderer: Sendable {
    /// Images with more pixels are refused before decoding (a 100 MP photo passes).
    public static let maxPixels: Int64 = 1 << 28
    /// WebP (the default) or JPEG.
    public var webp = true
    /// The encoders' quality, 1–100.
    public var quality = 80

    /// A renderer of WebP at quality 80.
    public init() {}

    /// The MIME type of what ``render(_:)`` makes.
    public var contentType: String { webp ? "image/webp" : "image/jpeg" }

    /// An encoded rendition.
    public struct Encoded: Sendable {
        /// The encoded bytes.
        public let data: Data
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
    }

    /// Both renditions of an image, and its upright size.
    public struct Rendered: Sendable {
        /// The screen-sized preview.
        public let preview: Encoded
        /// The square thumbnail.
        public let thumbnail: Encoded
        /// The image's upright width.
        public let width: Int
        /// The image's upright height.
        public let height: Int
    }

    /// Renders the image in the file at `path` on NIO's thread pool.
    func render(_ path: String) async throws -> Rendered {
        try await NIOThreadPool.singleton.runIfActive { try renderNow(path) }
    }

    /// Renders the image in the file at `path` on the calling thread.
    public func renderNow(_ path: String) throws -> Rendered {
        let request = reality_render_request(
            preview_size: Int32(RenditionKind.preview.size), thumbnail_size: Int32(RenditionKind.thumbnail.size),
            quality: Int32(quality), webp: webp ? 1 : 0, max_pixels: Self.maxPixels)
        var preview = reality_encoded_image()
        var thumbnail = reality_encoded_image()
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let result = reality_render_image(
            path, request, &preview, &thumbnail, &width, &height, &message, message.count)
        guard result == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw result == 1 ? RenditionFailure.tooLarge(text) : RenditionFailure.undecodable(text)
        }
        defer {
            reality_renditions_free(preview.data)
            reality_renditions_free(thumbnail.data)
        }
        func encoded(_ image: reality_encoded_image) -> Encoded {
            Encoded(
                data: Data(bytes: image.data, count: image.length), width: Int(image.width), height: Int(image.height))
        }
        return Rendered(
            preview: encoded(preview), thumbnail: encoded(thumbnail), width: Int(width), height: Int(height))
    }
}

/// Why media could not be rendered; none of these goes away by trying again.
enum RenditionFailure: Error, CustomStringConvertible {
    /// The bytes are not an image libvips can decode (truncated, or a format it lacks).
    case undecodable(String)
    /// More pixels than ``ImageRenderer/maxPixels``.
    case tooLarge(String)
    /// ffmpeg or ffprobe could not read the file.
    case unreadable(String)

    var description: String {
        switch self {
        case .undecodable(let detail): "not an image libvips can decode: \(detail)"
        case .tooLarge(let detail): "image too large: \(detail)"
        case .unreadable(let detail): "not media ffmpeg can read: \(detail)"
        }
    }
}
