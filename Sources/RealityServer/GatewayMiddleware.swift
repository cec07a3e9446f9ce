import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RealityCore

/// What every request goes through before its route, in one middleware: its ID, then, by its
/// route's declaration (``RoutePolicy``), the body limit, authentication, the rate limit and the
/// need for a signed-in user or the admin token (``AccessPolicy``); after
/// it, one log line and the metrics by route template. Errors thrown on the way have become
/// responses by then.
///
/// One middleware rather than a chain of five: each link of a chain is an async call that hops
/// to the executor again (with SwiftNIO's loops as the global executor, a hop is an enqueue on
/// the loop) and copies the request's context, and every request pays for every link.
struct GatewayMiddleware<Store: AccountRepository>: RouterMiddleware {
    typealias Context = APIRequestContext
    let metrics: ServerMetrics
    let bodyLimits: BodyLimits
    let authenticator: Authenticator<Store>
    let limiter: RateLimiter
    /// The token of the admin routes; nil turns them off.
    let adminToken: String?
    let requestIDs = RequestIDGenerator()

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let requestID: String
        if case .one(let sent) = request.headers.single(.requestID), (1...64).contains(sent.count) {
            requestID = sent
        } else {
            requestID = requestIDs.next()
        }
        // Hummingbird's own ID for the request is replaced, so that a line carries one ID and it
        // is the one the caller sees.
        context.logger[metadataKey: "hb.request.id"] = .string(requestID)
        let clock = ContinuousClock()
        let start = clock.now
        let inFlight = metrics.inFlight
        inFlight.increment()
        defer { inFlight.decrement() }
        let path = request.uri.path
        var response: Response
        do {
            let policy = RoutePolicy.of(request.method, endpointPath: context.endpointPath)
            context.maxBodyBytes = bodyLimits.limit(for: policy.bodyLimit)
            context.declaredQuery = policy.query
            try bodyLimits.check(request, limit: context.maxBodyBytes, of: policy.bodyLimit)
            if AccessPolicy.authenticates(policy), let session = try await authenticator.session(of: request) {
                context.signIn(session)
            }
            // Before the admin token is checked, so that guessing it is rate limited too.
            try AccessPolicy.limit(policy, context: context, with: limiter)
            try AccessPolicy.require(policy.access, request: request, context: context, adminToken: adminToken)
            response = try await next(request, context)
        } catch let error as SyncBatchTooLarge {
            response = try error.response(from: request, context: context)
        } catch {
            response = try APIError(error).response(from: request, context: context)
        }
        response.headers[.requestID] = requestID
        let duration = clock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.recordRequest(
            method: request.method.rawValue, route: route, status: response.status.code, duration: duration)
        RequestLine(
            method: request.method.rawValue, path: path, route: route, status: Int(response.status.code),
            duration: duration
        ).log(to: context.logger)
        return response
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`, echoed back so that a client can quote it.
    static let requestID = HTTPField.Name("X-Request-ID")!
}
