import Hummingbird
import RealityAPI
import RealityCore

/// Which requests need what, read from the matched route's declaration (``APIRoute/access``,
/// ``APIRoute/isRateLimited``, found by ``RoutePolicy``): deny by default. A path no route
/// declares needs a signed-in user (401 without a token, 404 with one); the admin routes
/// authenticate with the admin token instead of a user's; the routes declared exempt (health and
/// metrics) are never rate limited, so that monitoring is never refused. The account's own
/// sessions and password need a signed-in user like everything else, and act only on that user's
/// own sessions; login failures are slowed down by the ``LoginThrottle`` on top of the rate limit.
enum AccessPolicy {
    /// Whether a bearer token on a request to a route of `policy` is a user's session token (on
    /// the admin routes it is the admin token).
    static func authenticates(_ policy: RoutePolicy) -> Bool {
        policy.access != .admin
    }

    /// Throws 401 when `access` needs a signed-in user and `context` has none, or the admin token
    /// and `request` does not carry it (nor does any request when no admin token is configured).
    /// The gateway holds every HTTP route to it; the live-events upgrade, which does not pass the
    /// gateway, calls it with its own declaration's rule.
    static func require(
        _ access: APIRoute.Access, request: Request, context: some UserRequestContext, adminToken: String?
    ) throws {
        switch access {
        case .anonymous: return
        case .user: if context.userID == nil { throw APIError.unauthorized }
        case .admin:
            guard let adminToken, !adminToken.isEmpty,
                let header = request.headers[.authorization],
                let token = BearerToken.parse(header),
                TokenDigest.constantTimeEquals(token, adminToken)
            else { throw APIError.adminTokenRefused }
        }
    }

    /// Takes a token from the caller's bucket (the user's, or the address's when anonymous) unless
    /// `policy` is exempt; throws 429 with `Retry-After` when it is empty.
    static func limit(_ policy: RoutePolicy, context: APIRequestContext, with limiter: RateLimiter) throws {
        try limit(
            policy, caller: context.userID.map(RateLimiter.Caller.user) ?? .address(context.remoteAddress),
            with: limiter)
    }

    /// Takes a token of `caller`'s rate limit when `policy` says the limit applies; a 429 with
    /// `Retry-After` when the bucket is empty.
    static func limit(_ policy: RoutePolicy, caller: RateLimiter.Caller, with limiter: RateLimiter) throws {
        guard policy.isRateLimited else { return }
        if let wait = limiter.acquire(caller) {
            throw APIError.rateLimited("Too many requests", wait: wait)
        }
    }
}
