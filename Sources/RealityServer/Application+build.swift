import Foundation
import Hummingbird
import Logging
import RealityCore
import RealityStore

/// Why the server cannot start.
public struct ServerStartError: Error, CustomStringConvertible {
    /// For people.
    public var description: String
}

/// Builds the server as configured: SQLite under `dataDirectory` (PostgreSQL is refused until its
/// store lands), the router and its middleware (SPEC C7, C8).
public func buildApplication(
    _ configuration: ServerConfiguration, logger: Logger = Logger(label: "reality.server")
) async throws -> some ApplicationProtocol {
    if configuration.postgresURL != nil {
        throw ServerStartError(
            description: "PostgreSQL is not available in this build yet; run without --postgres to use SQLite.")
    }
    try FileManager.default.createDirectory(at: configuration.assetsDirectory, withIntermediateDirectories: true)
    let store = try SQLiteStore.open(path: configuration.databasePath, role: .server)
    return buildApplication(configuration, store: store, logger: logger)
}

/// Builds the server over any backend that implements ``ServerStore``; tests and the PostgreSQL
/// store come in here.
public func buildApplication<Store: ServerStore>(
    _ configuration: ServerConfiguration, store: Store, logger: Logger = Logger(label: "reality.server")
) -> some ApplicationProtocol {
    let router = buildRouter(configuration, store: store)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "reality"),
        logger: logger)
}

/// The router: middleware in order (observability, body limit, authentication, rate limit), the
/// public routes, and behind ``RequireUserMiddleware`` everything else (deny by default).
public func buildRouter<Store: ServerStore>(
    _ configuration: ServerConfiguration, store: Store, metrics: ServerMetrics = ServerMetrics()
) -> Router<APIRequestContext> {
    let services = Services(store: store)
    let json = configuration.maxJSONBodyBytes
    let router = Router(context: APIRequestContext.self)
    router.addMiddleware {
        ObservabilityMiddleware(metrics: metrics)
        BodyLimitMiddleware(limits: BodyLimits(json: json, asset: configuration.maxAssetBytes))
        AuthenticationMiddleware(store: store)
        RateLimitMiddleware(
            limiter: RateLimiter(burst: configuration.rateLimitBurst, perSecond: configuration.rateLimitPerSecond))
    }
    OperationsController(services: services, metrics: metrics).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)

    let auth = AuthController(services: services, hasher: PasswordHasher(cost: configuration.bcryptCost), bodyLimit: json)
    auth.addPublicRoutes(to: router.group("api/v1/auth"))

    let admin = router.group("api/v1/admin").add(middleware: AdminTokenMiddleware(adminToken: configuration.adminToken))
    AdminController(services: services, bodyLimit: json).addRoutes(to: admin)

    let api = router.group("api/v1").add(middleware: RequireUserMiddleware())
    auth.addRoutes(to: api.group("auth"))
    MeController(services: services, bodyLimit: json).addRoutes(to: api)
    LayerController(services: services, bodyLimit: json).addRoutes(to: api)
    // Before `annotations/{id}`, so that "recent", "unread" and "starred" are never read as IDs.
    SearchController(services: services).addRoutes(to: api)
    AnnotationController(services: services, bodyLimit: json).addRoutes(to: api)
    PermissionController(services: services, bodyLimit: json).addRoutes(to: api)
    CommentController(services: services, bodyLimit: json).addRoutes(to: api)
    EngagementController(services: services, bodyLimit: json).addRoutes(to: api)
    InboxController(services: services).addRoutes(to: api)
    AssetController(services: services, bodyLimit: configuration.maxAssetBytes).addRoutes(to: api)
    WorldMapController(services: services, bodyLimit: json).addRoutes(to: api)
    return router
}

/// Builds the server and runs it until SIGINT or SIGTERM, finishing requests in flight
/// (swift-service-lifecycle's graceful shutdown).
public func runServer(_ configuration: ServerConfiguration, logger: Logger = Logger(label: "reality.server"))
    async throws
{
    let app = try await buildApplication(configuration, logger: logger)
    try await app.runService()
}
