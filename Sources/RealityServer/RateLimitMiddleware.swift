import Hummingbird

/// Answers 429 with `Retry-After` when the caller (the user, or the address when anonymous) has
/// used up its bucket. Health and metrics are left out so that monitoring is never refused.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let limiter: RateLimiter

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path == "/health" || path == "/metrics" { return try await next(request, context) }
        let caller = context.userID.map(RateLimiter.Caller.user) ?? .address(context.remoteAddress)
        if let wait = limiter.acquire(caller) {
            throw APIError(
                .tooManyRequests, code: "rate_limited", message: "Too many requests; retry after \(wait) s.",
                headers: [.retryAfter: String(wait)])
        }
        return try await next(request, context)
    }
}
