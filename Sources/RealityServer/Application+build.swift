import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import OutOfBoxCore
import PostgresNIO
import RealityCore
import RealityPostgres
import RealityStore
import ServiceLifecycle

/// Why the server cannot start.
public struct ServerStartError: Error, CustomStringConvertible {
    /// For people.
    public var description: String
}

/// Builds the server as configured (SPEC C7, C8): on PostgreSQL when `postgresURL` is set,
/// otherwise on SQLite under `dataDirectory`, which must be private to the server's user and no
/// other server may be serving (``DataDirectoryLock``); then the router and its middleware.
public func buildApplication(
    _ configuration: ServerConfiguration, logger: Logger = Logger(label: "reality.server")
) async throws -> some ApplicationProtocol {
    if let url = configuration.postgresURL {
        return try buildPostgresApplication(configuration, url: url, logger: logger)
    }
    try DataDirectoryLock.prepare(
        directory: configuration.dataDirectory, assets: configuration.assetsDirectory,
        databasePath: configuration.databasePath)
    let lock = try DataDirectoryLock(directory: configuration.dataDirectory)
    let store = try SQLiteServerStore.open(path: configuration.databasePath)
    var app = buildApplication(configuration, store: store, logger: logger)
    app.addServices(lock)
    return app
}

/// The server over a ``PostgresStore``. The client's run loop is a service of the application's
/// group, listed before every other (with the relay that brings other instances' commits to
/// this one's live events): the group starts services in order and stops them in
/// reverse, so the pool is up before the first request and closes after the last response and
/// after the hub, the sweepers and the job runner stop (a query after it closed would wait for
/// a connection forever). The
/// schema is migrated before the server binds; several instances may start on one database at
/// once (migrations take a lock, and sessions live in the database, so a token works on each).
private func buildPostgresApplication(
    _ configuration: ServerConfiguration, url: String, logger: Logger
) throws -> Application<RouterResponder<APIRequestContext>> {
    let clientConfiguration: PostgresClient.Configuration
    do {
        clientConfiguration = try PostgresStore.clientConfiguration(url: url)
    } catch StoreError.unavailable(let detail) {
        throw ServerStartError(description: detail)
    }
    let client = PostgresClient(configuration: clientConfiguration, backgroundLogger: logger)
    let store = PostgresStore(
        client: client, logger: logger, maximumConnections: clientConfiguration.options.maximumConnections)
    let liveEvents = LiveEventsStatus()
    let app = buildApplication(
        configuration, store: store, liveEvents: liveEvents, logger: logger,
        infrastructure: [client, PostgresCommitRelay(store: store, status: liveEvents)]
    ) {
        do {
            // While the database cannot be reached the pool keeps trying (for about a minute);
            // SIGINT or SIGTERM in the meantime ends the wait.
            try await cancelWhenGracefulShutdown { try await store.migrate() }
        } catch StoreError.unavailable(let detail) {
            throw ServerStartError(description: "PostgreSQL: \(detail)")
        }
    }
    return app
}

/// Builds the server over any backend that implements ``ServerStore``; tests come in here.
///
/// HTTP/1.1 connections may upgrade to a WebSocket at `GET /api/v1/events` (live events, SPEC
/// C6); the ``EventHub`` that feeds those sockets is a service of the application, as is the
/// ``SessionSweeper`` that deletes ended sessions.
public func buildApplication<Store: ServerStore>(
    _ configuration: ServerConfiguration, store: Store, logger: Logger = Logger(label: "reality.server")
) -> Application<RouterResponder<APIRequestContext>> {
    buildApplication(configuration, store: store, liveEvents: LiveEventsStatus(), logger: logger)
}

/// ``buildApplication(_:store:logger:)`` with live events reporting to `liveEvents`, which
/// `/health` reads (and a PostgreSQL server's relay reports to as well); `infrastructure` are
/// services the others need (a PostgreSQL pool), started first and stopped last; `prepareStore`
/// runs before the server binds (a PostgreSQL store's migrations), and then assets the database
/// still keeps move to the blob store.
func buildApplication<Store: ServerStore>(
    _ configuration: ServerConfiguration, store: Store, liveEvents: LiveEventsStatus, logger: Logger,
    infrastructure: [any Service] = [], prepareStore: @escaping @Sendable () async throws -> Void = {}
) -> Application<RouterResponder<APIRequestContext>> {
    let metrics = ServerMetrics()
    // One limiter for both routers: an events upgrade takes from the caller's bucket too.
    let limiter = RateLimiter(configuration)
    let files = AssetFiles(configuration, store: store)
    let router = buildRouter(
        configuration, store: store, files: files, metrics: metrics, liveEvents: liveEvents, limiter: limiter)
    let hub = EventHub(store: store, logger: logger, status: liveEvents)
    let limits = configuration.connectionLimits
    let abuseLog = ThrottledLog(logger: logger)
    let webSocketRouter = Router(context: EventsRequestContext.self)
    webSocketRouter.addMiddleware {
        UpgradeRefusalMiddleware()
        AuthenticationMiddleware<Store, EventsRequestContext>(
            authenticator: Authenticator(store: store, lifetimes: configuration.sessionLifetimes))
    }
    EventsRoute.add(
        to: webSocketRouter, hub: hub, limiter: limiter,
        sockets: LiveSocketQuota(limit: limits.maxSocketsPerUser, metrics: metrics.connections, log: abuseLog))
    var app = Application(
        router: router,
        server: .quiescingWebSocketUpgrade(
            webSocketRouter: webSocketRouter,
            configuration: .init(
                http1: .init(idleTimeout: ServerConfiguration.keepAliveIdleTimeout),
                ws: .init(autoPing: .enabled(timePeriod: .seconds(20)), closeTimeout: .seconds(5))),
            firstRequestTimeout: ServerConfiguration.firstRequestTimeout,
            limits: limits, metrics: metrics.connections, log: abuseLog),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "reality"),
        onServerRunning: { channel in
            // The address a person opens: the web app is served at `/`.
            guard let port = channel.localAddress?.port else { return }
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            logger.info("the web app is at http://\(host):\(port)/")
        },
        logger: logger)
    app.addServices(infrastructure)
    app.addServices(
        hub,
        SessionSweeper(
            store: store, lifetimes: configuration.sessionLifetimes, interval: configuration.sessionSweepInterval,
            logger: logger),
        BlobSweeper(files: files, interval: configuration.sessionSweepInterval, logger: logger),
        JobRunner(
            queue: store,
            handlers: [
                MediaRenditionJob(files: files),
                RetentionJob(store: store, interval: configuration.retentionInterval, logger: logger),
                ChallengeReminderJob(store: store, logger: logger),
            ],
            signal: files.jobs,
            pollInterval: configuration.jobPollInterval, metrics: metrics, logger: logger))
    // Uploads from before the blob store leave the database before the first request.
    app.beforeServerStarts {
        try await prepareStore()
        try await files.moveInlineBlobs(logger: logger)
        // Queued once: the sweep reschedules itself, and a queued one is kept as it is.
        try await store.enqueueJob(.retention, subject: JobKind.retentionSubject, at: Date())
        // Out of Box's shipped catalog, on first start and when a newer version ships.
        if try await ShippedCatalog.install(into: store) {
            let version = try await store.catalogVersion()
            logger.info("installed Out of Box's challenge catalog", metadata: ["version": "\(version)"])
        }
    }
    return app
}

/// The router: ``GatewayMiddleware`` (request IDs, body limits, authentication, rate limits,
/// logs and metrics; each route's access rule and limits come from its declaration in
/// ``APIRoute``, and an undeclared path needs a signed-in user, see ``AccessPolicy``), then the
/// routes, each registered by its declaration.
public func buildRouter<Store: ServerStore>(
    _ configuration: ServerConfiguration, store: Store, metrics: ServerMetrics = ServerMetrics()
) -> Router<APIRequestContext> {
    buildRouter(
        configuration, store: store, files: AssetFiles(configuration, store: store), metrics: metrics, liveEvents: nil,
        limiter: RateLimiter(configuration))
}

/// ``buildRouter(_:store:metrics:)``, its `/health` listing live events when the application
/// serves them (`liveEvents`), its rate limit taken from `limiter`.
func buildRouter<Store: ServerStore>(
    _ configuration: ServerConfiguration, store: Store, files: AssetFiles, metrics: ServerMetrics,
    liveEvents: LiveEventsStatus?, limiter: RateLimiter
) -> Router<APIRequestContext> {
    let hasher = PasswordHasher(cost: configuration.bcryptCost)
    var services = ServiceContainer(store: store, assets: store)
        .registering(AccountService(store: store, hasher: hasher))
    if let liveEvents { services = services.registering(ServerComponent.events(liveEvents)) }
    let json = configuration.maxJSONBodyBytes
    let router = Router(context: APIRequestContext.self)
    router.add(
        middleware: GatewayMiddleware(
            metrics: metrics, bodyLimits: BodyLimits(json: json, asset: configuration.maxAssetBytes),
            authenticator: Authenticator(store: store, lifetimes: configuration.sessionLifetimes),
            limiter: limiter,
            adminToken: configuration.adminToken))
    OperationsController(services: services, metrics: metrics).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)

    let throttle = LoginThrottle(policy: configuration.loginThrottle)
    AuthController(services: services, hasher: hasher, throttle: throttle).addRoutes(to: router)
    AdminController(services: services).addRoutes(to: router)
    MeController(services: services).addRoutes(to: router)
    SessionController(
        services: services, hasher: hasher, throttle: throttle, lifetimes: configuration.sessionLifetimes
    ).addRoutes(to: router)
    LayerController(services: services).addRoutes(to: router)
    // Before `annotations/{id}`, so that "recent", "unread" and "starred" are never read as IDs.
    SearchController(services: services).addRoutes(to: router)
    AnnotationController(services: services).addRoutes(to: router)
    PermissionController(services: services).addRoutes(to: router)
    CommentController(services: services).addRoutes(to: router)
    EngagementController(services: services).addRoutes(to: router)
    InboxController(services: services).addRoutes(to: router)
    AssetController(services: services, files: files).addRoutes(to: router)
    UploadController(services: services, files: files, maxAssetBytes: configuration.maxAssetBytes).addRoutes(
        to: router)
    WorldMapController(services: services).addRoutes(to: router)
    SyncController(services: services).addRoutes(to: router)
    PeopleController(services: services).addRoutes(to: router)
    SpatialController(services: services).addRoutes(to: router)
    TrashController(services: services).addRoutes(to: router)
    ChallengeController(services: services).addRoutes(to: router)
    ModerationController(services: services).addRoutes(to: router)
    SocialController(services: services, files: files).addRoutes(to: router)
    OwnedRecordController(services: services).addRoutes(to: router)
    WebAppController().addRoutes(to: router)
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
