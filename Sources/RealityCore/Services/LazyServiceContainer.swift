import Foundation

/// The ``ServiceContainer`` as a device uses it (seed 003's lazy resolution): opens the store and
/// finds the acting user on first use, then asks its container for each service once and keeps
/// it. It makes no service itself, so the wiring stays in the one root. Building it opens
/// nothing, so start-up costs nothing; a test can build as many as it likes.
public actor LazyServiceContainer<Store: DataStore> {
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

    /// The root over the opened store.
    public func container() async throws -> ServiceContainer<Store> {
        ServiceContainer(store: try await store(), clock: clock, currentWorldMapID: currentWorldMapID)
    }

    /// The acting user and the clock.
    public func context() async throws -> ServiceContext {
        try await container().context(try await actingUser())
    }

    /// The annotation service.
    public func annotationService() async throws -> DefaultAnnotationService<Store> {
        try await service { $0.annotations($1) }
    }

    /// The layer service.
    public func layerService() async throws -> DefaultLayerService<Store> {
        try await service { $0.layers($1) }
    }

    /// The permission service.
    public func permissionService() async throws -> DefaultPermissionService<Store> {
        try await service { $0.permissions($1) }
    }

    /// The search service.
    public func searchService() async throws -> DefaultSearchService<Store> {
        try await service { $0.search($1) }
    }

    /// The collaboration service.
    public func collaborationService() async throws -> DefaultCollaborationService<Store> {
        try await service { $0.collaboration($1) }
    }

    /// The user service.
    public func userService() async throws -> DefaultUserService<Store> {
        try await service { $0.users($1) }
    }

    /// The notification service.
    public func notificationService() async throws -> DefaultNotificationService<Store> {
        try await service { $0.notifications($1) }
    }

    /// The anchor manager.
    public func anchorManager() async throws -> DefaultAnchorManager<Store> {
        try await service { $0.anchors($1) }
    }

    /// The trash.
    public func trashService() async throws -> DefaultTrashService<Store> {
        try await service { $0.trash($1) }
    }

    /// The service of the owned kind `kind` (``OwnedRecord``).
    public func recordService<Record: OwnedRecord>(_ kind: Record.Type) async throws
        -> DefaultOwnedRecordService<Record, Store>
    {
        try await service { $0.records(kind, $1) }
    }

    /// The health of every service created so far, each by what it depends on; an empty list
    /// before first use.
    public func healthCheck() async -> [ServiceHealth] {
        await HealthDependency.health(of: services.keys.sorted().compactMap { services[$0] })
    }

    /// Forgets the services and the acting user (seed 003 `reset`); the store stays open.
    public func reset() {
        services = [:]
        userID = nil
    }

    /// The acting user, looked up on first use.
    private func actingUser() async throws -> UserID {
        let store = try await store()
        if let userID { return userID }
        let resolved = try await resolveUser(store)
        userID = resolved
        return resolved
    }

    private func service<Service: ServiceProtocol>(
        _ make: (ServiceContainer<Store>, UserID) -> Service
    ) async throws -> Service {
        let made = make(try await container(), try await actingUser())
        if let existing = services[made.serviceIdentifier] as? Service { return existing }
        services[made.serviceIdentifier] = made
        return made
    }
}
