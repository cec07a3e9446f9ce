import Foundation
import HTTPTypes
import Hummingbird
import RealityAPI
import RealityCore

/// An error answer: a status and the body SPEC "Public interfaces" defines.
///
/// Every error a route throws reaches the client as one of these; ``APIError/init(_:)`` is the
/// one mapping from the core's errors to HTTP.
public struct APIError: Error, HTTPResponseError, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// The body.
    public var body: APIErrorBody
    /// Extra headers (`Retry-After`).
    public var headers: HTTPFields

    /// An error with the given parts.
    public init(
        _ status: HTTPResponse.Status, code: String, message: String, field: String? = nil, headers: HTTPFields = [:]
    ) {
        self.status = status
        self.body = APIErrorBody(code: code, message: message, field: field)
        self.headers = headers
    }

    /// The answer to a missing, malformed, revoked or unknown token.
    public static let unauthorized = APIError(
        .unauthorized, code: "unauthorized", message: "Sign in and send Authorization: Bearer TOKEN.")

    /// A 401 for an administrator's route asked without the server's admin token: not a person's
    /// session ending, so a client does not tell the person to sign in again.
    public static let adminTokenRefused = APIError(
        .unauthorized, code: "admin_token_refused",
        message: "This route takes the server's admin token (reality serve --admin-token) as Bearer TOKEN.")

    /// A 404 for a path or record that does not exist for the caller.
    public static let notFound = APIError(.notFound, code: "not_found", message: "Not found.")

    /// A 429 for a caller whose rate limit is spent: `what` ("Too many lookups") and the whole
    /// seconds to wait, also in `Retry-After`.
    public static func rateLimited(_ what: String, wait: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "rate_limited", message: "\(what); try again in \(wait) s.",
            headers: [.retryAfter: String(wait)])
    }

    /// A 400 for a query or path parameter that cannot be read.
    public static func badParameter(_ name: String, _ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_parameter", message: message, field: name)
    }

    /// A 400 for a declared query parameter that cannot be read; the field is its name.
    public static func badParameter(_ parameter: APIRoute.QueryParameter, _ message: String) -> APIError {
        badParameter(parameter.name, message)
    }

    /// Builds the JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data =
            (try? RealityJSON.encode(body)) ?? Data(#"{"error":{"code":"internal","message":"","field":null}}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
