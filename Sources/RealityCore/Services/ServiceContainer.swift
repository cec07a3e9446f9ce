import Foundation

/// The one composition root (seed 000 §9, seed 003): it knows how to open the store and who the
/// user is, and creates each service on first use. Building it opens nothing, so start-up costs
/// nothing; there are no singletons and no global state, and a test can build as many as it likes.
public actor ServiceContainer<Store: DataStore> {
    private let openStore: @Sendable () async throws -> Store
    private let resolveUser: @Sendable (Store) async throws -> UserID
    private let clock: @Sendable () -> Date
    private let currentWorldMapID: WorldMapID?
    private var storeTask: Task<Store, any Error>?
    private var userID: UserID?
    private var services: [String: any ServiceProtocol] = [:]

    /// A container that will open its store with `openStore` and find the acting user with
    /// `currentUser`, both on first use.
    public init(
        currentWorldMapID: WorldMapID? = nil,
        clock: @escaping @Sendable () -> Date = { Timestamp.now() },
        openStore: @escaping @Sendable () async throws -> Store,
        currentUser: @escaping @Sendable (Store) async throws -> UserID
    ) {
        self.openStore = openStore
        self.resolveUser = currentUser
        self.clock = clock
        self.currentWorldMapID = currentWorldMapID
    }

    /// The store, opened on the first call (concurrent first calls share one opening).
    public func store() async throws -> Store {
        if let storeTask { return try await storeTask.value }
        let opening = Task { try await openStore() }
        storeTask = opening
        do {
            return try await opening.value
        } catch {
            storeTask = nil
            throw error
        }
    }

    /// Whether the store has been opened (or is being opened).
    public var isStoreOpen: Bool { storeTask != nil }

    /// The identifiers of the services created so far.
    public var createdServices: [String] { services.keys.sorted() }

    /// The acting user and the clock.
    public func context() async throws -> ServiceContext {
        let store = try await store()
        if let userID { return ServiceContext(userID: userID, clock: clock) }
        let resolved = try await resolveUser(store)
        userID = resolved
        return ServiceContext(userID: resolved, clock: clock)
    }

    /// The annotation service.
    public func annotationService() async throws -> DefaultAnnotationService<Store> {
        try await service { store, context in
            DefaultAnnotationService(
                store: store, context: context,
                anchors: DefaultAnchorManager(store: store, context: context, currentWorldMapID: currentWorldMapID))
        }
    }

    /// The layer service.
    public func layerService() async throws -> DefaultLayerService<Store> {
        try await service { DefaultLayerService(store: $0, context: $1) }
    }

    /// The permission service.
    public func permissionService() async throws -> DefaultPermissionService<Store> {
        try await service { DefaultPermissionService(store: $0, context: $1) }
    }

    /// The search service.
    public func searchService() async throws -> DefaultSearchService<Store> {
        try await service { DefaultSearchService(store: $0, context: $1) }
    }

    /// The collaboration service.
    public func collaborationService() async throws -> DefaultCollaborationService<Store> {
        try await service { DefaultCollaborationService(store: $0, context: $1) }
    }

    /// The user service.
    public func userService() async throws -> DefaultUserService<Store> {
        try await service { DefaultUserService(store: $0, context: $1) }
    }

    /// The notification service.
    public func notificationService() async throws -> DefaultNotificationService<Store> {
        try await service { DefaultNotificationService(store: $0, context: $1) }
    }

    /// The anchor manager.
    public func anchorManager() async throws -> DefaultAnchorManager<Store> {
        try await service { DefaultAnchorManager(store: $0, context: $1, currentWorldMapID: currentWorldMapID) }
    }

    /// The health of every service created so far; an empty list before first use.
    public func healthCheck() async -> [ServiceHealth] {
        var reports: [ServiceHealth] = []
        for key in services.keys.sorted() {
            if let service = services[key] { reports.append(await service.healthCheck()) }
        }
        return reports
    }

    /// Forgets the services and the acting user (seed 003 `reset`); the store stays open.
    public func reset() {
        services = [:]
        userID = nil
    }

    private func service<Service: ServiceProtocol>(
        _ make: (Store, ServiceContext) -> Service
    ) async throws -> Service {
        let context = try await context()
        let made = make(try await store(), context)
        if let existing = services[made.serviceIdentifier] as? Service { return existing }
        services[made.serviceIdentifier] = made
        return made
    }
}
