import Hummingbird
import RealityAPI

/// The largest body each kind of route accepts. A body whose declared length is over its route's
/// limit is refused with 413 before it is read; bodies without a length are cut off at the same
/// limit when they are read (``Request/collectBody(upTo:)``).
struct BodyLimits: Sendable {
    /// JSON bodies.
    var json: Int
    /// Asset uploads.
    var asset: Int

    /// The limit for a request to `path`.
    func limit(for path: String) -> Int {
        if path.hasPrefix("/api/v1/assets") { return asset }
        if path == "/api/v1/sync/push" { return SyncLimits.server.maxBytes }
        return json
    }

    /// Throws 413 (or the sync protocol's own error for a push) when `request` declares a body
    /// longer than its route's limit, 400 when the declared length is not one number.
    func check(_ request: Request) throws {
        guard let field = request.headers.single(.contentLength) else { return }
        guard case .one(let text) = field, let length = Int(text), length >= 0 else {
            throw APIError(.badRequest, code: "bad_request", message: "Content-Length must be one number.")
        }
        if length > limit(for: request.uri.path) {
            if request.uri.path == "/api/v1/sync/push" { throw SyncBatchTooLarge(limits: .server) }
            throw APIError.payloadTooLarge
        }
    }
}
