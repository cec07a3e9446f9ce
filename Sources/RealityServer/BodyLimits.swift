import Hummingbird
import RealityAPI

/// The largest body each kind of route accepts (``APIRoute/bodyLimit``). A body whose declared
/// length is over its route's limit is refused with 413 before it is read; bodies without a
/// length are cut off at the same limit when they are read (``Request/collectBody(upTo:)``).
struct BodyLimits: Sendable {
    /// JSON bodies.
    var json: Int
    /// Asset uploads.
    var asset: Int

    /// The limit of a route declaring `kind`.
    func limit(for kind: APIRoute.BodyLimit) -> Int {
        switch kind {
        case .json: json
        case .asset: asset
        case .syncPush: SyncLimits.server.maxBytes
        }
    }

    /// Throws 413 (or the sync protocol's own error for a push) when `request` declares a body
    /// longer than `limit`, its route's limit of `kind`; 400 when the declared length is not one
    /// number.
    func check(_ request: Request, limit: Int, of kind: APIRoute.BodyLimit) throws {
        guard let field = request.headers.single(.contentLength) else { return }
        guard case .one(let text) = field, let length = Int(text), length >= 0 else {
            throw APIError(.badRequest, code: "bad_request", message: "Content-Length must be one number.")
        }
        if length > limit {
            if kind == .syncPush { throw SyncBatchTooLarge(limits: .server) }
            throw APIError.payloadTooLarge
        }
    }
}
