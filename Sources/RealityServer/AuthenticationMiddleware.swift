import Hummingbird
import Logging
import RealityCore

/// Reads `Authorization: Bearer TOKEN` and, when the token's hash names a live session, sets the
/// context's user. A token that is sent but not valid answers 401 at once; no token leaves the
/// request anonymous, for ``RequireUserMiddleware`` to refuse where a user is needed.
struct AuthenticationMiddleware<Store: AccountRepository>: RouterMiddleware {
    typealias Context = APIRequestContext
    let store: Store

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // The admin routes carry the admin token, checked by their own middleware.
        guard !request.uri.path.hasPrefix("/api/v1/admin/"), let header = request.headers[.authorization] else {
            return try await next(request, context)
        }
        guard let token = BearerToken.parse(header) else { throw APIError.unauthorized }
        let hash = TokenDigest.sha256(token)
        guard let userID = try await store.sessionUser(tokenHash: hash) else { throw APIError.unauthorized }
        var context = context
        context.userID = userID
        context.tokenHash = hash
        context.logger[metadataKey: "user.id"] = .string(userID.uuidString)
        return try await next(request, context)
    }
}

/// The `Bearer` scheme of the `Authorization` header.
enum BearerToken {
    /// The token of a `Bearer` header; nil for any other scheme or an absurd length.
    static func parse(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, token.utf8.count <= 512 else { return nil }
        return token
    }
}

/// Refuses anonymous requests with 401: everything behind it needs a signed-in user.
struct RequireUserMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        _ = try context.requireUser()
        return try await next(request, context)
    }
}

/// Lets a request through only with `Authorization: Bearer ADMIN_TOKEN`; without a configured
/// admin token nothing gets through.
struct AdminTokenMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let adminToken: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let adminToken, !adminToken.isEmpty,
            let header = request.headers[.authorization],
            let token = BearerToken.parse(header),
            TokenDigest.constantTimeEquals(token, adminToken)
        else { throw APIError.unauthorized }
        return try await next(request, context)
    }
}
