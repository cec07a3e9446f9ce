import Hummingbird
import RealityCore

/// Which requests need what, by path: deny by default. Every path needs a signed-in user except
/// the few listed here as public; the admin routes authenticate with the admin token instead
/// (``AdminTokenMiddleware``); health and metrics are never rate limited, so that monitoring is
/// never refused. The account's own sessions and password (`/api/v1/me/sessions…`,
/// `/api/v1/me/password`) need a signed-in user like everything else, and act only on that
/// user's own sessions; login failures are slowed down by the ``LoginThrottle`` on top of the
/// rate limit.
enum AccessPolicy {
    /// The paths anyone may call without signing in.
    static let publicPaths: Set<String> = [
        "/health", "/metrics", "/api/v1/openapi.json", "/api/v1/auth/register", "/api/v1/auth/login",
    ]

    /// Paths under this prefix carry the admin token, not a user's.
    static let adminPrefix = "/api/v1/admin/"

    /// Whether a bearer token on a request to `path` is a user's session token.
    static func authenticates(_ path: String) -> Bool {
        !path.hasPrefix(adminPrefix)
    }

    /// Throws 401 when `path` needs a signed-in user and `context` has none.
    static func requireUser(_ path: String, context: APIRequestContext) throws {
        guard context.userID == nil, !publicPaths.contains(path), !path.hasPrefix(adminPrefix) else { return }
        throw APIError.unauthorized
    }

    /// Takes a token from the caller's bucket (the user's, or the address's when anonymous);
    /// throws 429 with `Retry-After` when it is empty.
    static func limit(_ path: String, context: APIRequestContext, with limiter: RateLimiter) throws {
        if path == "/health" || path == "/metrics" { return }
        let caller = context.userID.map(RateLimiter.Caller.user) ?? .address(context.remoteAddress)
        if let wait = limiter.acquire(caller) {
            throw APIError(
                .tooManyRequests, code: "rate_limited", message: "Too many requests; retry after \(wait) s.",
                headers: [.retryAfter: String(wait)])
        }
    }
}
