import HTTPTypes
import Hummingbird
import NIOCore
import RealityCore

extension AssetFiles {
    /// The `kind` rendition of `sha256`, answered as ``response(blob:contentType:for:)`` does; 404
    /// `rendition_pending` while its job has yet to make it (`pending`, read before this call), 404
    /// `not_found` for media that has none.
    func rendition(_ kind: RenditionKind, of sha256: String, pending: Bool, for request: Request) async throws
        -> Response
    {
        guard let rendition = try await store.rendition(of: sha256, kind: kind) else {
            if pending {
                throw APIError(
                    .notFound, code: "rendition_pending",
                    message: "The \(kind.rawValue) is being made; try again soon.",
                    headers: [.retryAfter: "2"])
            }
            throw APIError.notFound
        }
        return try await response(blob: rendition.blobSHA256, contentType: rendition.contentType, for: request)
    }

    /// The blob `sha256` as an answer to `request`: whole (200), a range of it (206, one range of
    /// `bytes=`; several are answered whole), 416 for a range past the end, or 304 when
    /// `If-None-Match` names its ETag. The caller has checked that the person may read it.
    func response(blob sha256: String, contentType: String, for request: Request) async throws -> Response {
        guard let size = try await blobs.size(of: sha256), size > 0 else { throw APIError.notFound }
        let eTag = "\"\(sha256)\""
        var headers: HTTPFields = [
            .eTag: eTag,
            .cacheControl: "private, max-age=31536000, immutable",
            .acceptRanges: "bytes",
        ]
        if let match = request.headers[.ifNoneMatch], Self.matches(match, eTag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        var range = ByteRange(header: request.headers[.range], size: size)
        if let ifRange = request.headers[.ifRange], ifRange != eTag { range = .whole }
        switch range {
        case .whole:
            return Response(
                status: .ok, headers: headers, body: blobs.body(of: sha256, range: 0...(size - 1)))
        case .part(let part):
            headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(size)"
            return Response(
                status: .partialContent, headers: headers, body: blobs.body(of: sha256, range: part))
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }

    /// Whether an `If-None-Match` value names `eTag` (or is `*`).
    private static func matches(_ field: String, _ eTag: String) -> Bool {
        field.split(separator: ",").contains { candidate in
            let value = candidate.trimmingCharacters(in: .whitespaces)
            return value == "*" || value == eTag || value == "W/" + eTag
        }
    }
}
