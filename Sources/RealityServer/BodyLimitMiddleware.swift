import Hummingbird
import RealityAPI

/// Answers 413 before reading a body whose declared length is over the route's limit; bodies
/// without a length are cut off at the same limit when they are read (``Request/collectBody``).
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let limits: BodyLimits

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let text = request.headers[.contentLength] {
            guard let length = Int(text), length >= 0 else {
                throw APIError(.badRequest, code: "bad_request", message: "Content-Length is not a number.")
            }
            if length > limits.limit(for: request.uri.path) {
                if request.uri.path == "/api/v1/sync/push" { throw SyncBatchTooLarge(limits: .server) }
                throw APIError.payloadTooLarge
            }
        }
        return try await next(request, context)
    }
}

/// The largest body each kind of route accepts.
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
}
