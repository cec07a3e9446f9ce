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
    /// The longest token accepted; longer ones are refused before any work is done on them.
    static let maximumLength = 512

    /// The token of a `Bearer` header (the scheme in any case, then spaces or tabs, then the
    /// token, spaces or tabs after it ignored); nil for any other scheme, an empty token, one
    /// with spaces inside, or one longer than ``maximumLength``. Read byte by byte: every
    /// authenticated request comes through here.
    static func parse(_ header: String) -> String? {
        let bytes = Array(header.utf8)
        let scheme = "bearer".utf8
        guard bytes.count > scheme.count,
              zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 }),
              isBlank(bytes[scheme.count])
        else { return nil }
        var start = scheme.count
        while start < bytes.count, isBlank(bytes[start]) { start += 1 }
        var end = bytes.count
        while end > start, isBlank(bytes[end - 1]) { end -= 1 }
        let token = bytes[start..<end]
        guard !token.isEmpty, token.count <= maximumLength, !token.contains(where: isBlank) else { return nil }
        return String(decoding: token, as: UTF8.self)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
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
