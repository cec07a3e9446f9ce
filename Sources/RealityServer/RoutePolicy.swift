import HTTPTypes
import Hummingbird
import RealityAPI

/// What the gateway holds a request to, taken from its route's declaration (``APIRoute``) once at
/// start: who may call it, whether the rate limit applies, which body limit, and the query
/// parameters its handler may read.
///
/// Hummingbird resolves the route before the router's middleware runs (``RouterResponder``
/// records the matched template in the context's `endpointPath`, then calls the middleware chain
/// built into that endpoint's responder), so ``GatewayMiddleware`` finds the declaration by that
/// template with one dictionary lookup, building no string. A request no route matches (an
/// unknown path, or a known one with another method) has no template and gets ``undeclared``.
struct RoutePolicy: Sendable, Hashable {
    /// Who may call the route.
    var access: APIRoute.Access
    /// Whether the caller's rate limit applies.
    var isRateLimited: Bool
    /// The limit the body is held to.
    var bodyLimit: APIRoute.BodyLimit
    /// The query parameters the handler may read.
    var query: [APIRoute.QueryParameter]

    /// The policy `route` declares.
    init(_ route: APIRoute) {
        self.init(
            access: route.access, isRateLimited: route.isRateLimited, bodyLimit: route.bodyLimit, query: route.query)
    }

    init(
        access: APIRoute.Access, isRateLimited: Bool, bodyLimit: APIRoute.BodyLimit,
        query: [APIRoute.QueryParameter] = []
    ) {
        self.access = access
        self.isRateLimited = isRateLimited
        self.bodyLimit = bodyLimit
        self.query = query
    }

    /// A request no route declares: deny by default, so that it answers 401 without a token and
    /// 404 with one.
    static let undeclared = RoutePolicy(access: .user, isRateLimited: true, bodyLimit: .json)

    /// The declared routes' policies by template, as Hummingbird writes a matched route's template
    /// (``RouterPath/description``), then by method.
    private static let byTemplate: [String: [(method: HTTPRequest.Method, policy: RoutePolicy)]] =
        Dictionary(grouping: APIRoute.all, by: { RouterPath($0.path).description })
        .mapValues { routes in routes.map { ($0.method, RoutePolicy($0)) } }

    /// The policy of the route a `method` request matched, given the template Hummingbird
    /// recorded for it (nil when none matched).
    static func of(_ method: HTTPRequest.Method, endpointPath: String?) -> RoutePolicy {
        guard let endpointPath, let routes = byTemplate[endpointPath] else { return .undeclared }
        for route in routes where route.method == method { return route.policy }
        return .undeclared
    }
}
