import Foundation

/// The one composition root (seed 000 §9, seed 003): which service gets which store, clock,
/// world map and assets, written once for the server and the device. The server builds one over
/// its store and asks it for each request's services, scoped to that request's user; the device
/// builds one when it first opens its store (``LazyServiceContainer``) and asks it for its local
/// profile's. Building services is cheap (they are structs over the store), so the server makes
/// them per request without a hop to an actor; there are no singletons and no global state.
public struct ServiceContainer<Store: DataStore>: Sendable {
    /// The store every service works on.
    public let store: Store
    private let clock: @Sendable () -> Date
    private let assets: (any AssetRepository)?
    private var currentWorldMapID: WorldMapID?
    /// Services made outside the core (the server's sign-in, its live events), listed in health
    /// reports with the core's.
    private var components: [any ServiceProtocol] = []
    /// The push mutations the services' commits apply (``ServiceContext/pushing``); empty but
    /// for the sync API's ``applying(_:)``.
    public private(set) var pushing: [PushedMutation] = []

    /// A root over `store` with `clock`; `currentWorldMapID` is the world map the device is
    /// relocalised in, if any; `assets` is where uploaded assets are kept, on the side that keeps
    /// them (``ServiceContext/assets``).
    public init(
        store: Store, clock: @escaping @Sendable () -> Date = { Timestamp.now() }, currentWorldMapID: WorldMapID? = nil,
        assets: (any AssetRepository)? = nil
    ) {
        self.store = store
        self.clock = clock
        self.currentWorldMapID = currentWorldMapID
        self.assets = assets
    }

    /// This root with `component` listed in its health reports (``healthCheck()``).
    public func registering(_ component: any ServiceProtocol) -> ServiceContainer {
        var copy = self
        copy.components.append(component)
        return copy
    }

    /// This root, its services' commits applying `pushed` (the sync API, docs/sync-protocol.md "Push").
    public func applying(_ pushed: [PushedMutation]) -> ServiceContainer {
        var copy = self
        copy.pushing = pushed
        return copy
    }

    /// This root with `id` as the world map its device is relocalised in (a server request takes
    /// its session's, issue 20): new annotations anchor to it.
    public func inWorldMap(_ id: WorldMapID?) -> ServiceContainer {
        var copy = self
        copy.currentWorldMapID = id
        return copy
    }

    /// Who acts (`userID`), when, and what their commits apply.
    public func context(_ userID: UserID) -> ServiceContext {
        ServiceContext(userID: userID, clock: clock, assets: assets, pushing: pushing)
    }

    /// The annotation service acting for `userID`.
    public func annotations(_ userID: UserID) -> DefaultAnnotationService<Store> {
        let context = context(userID)
        return DefaultAnnotationService(
            store: store, context: context,
            anchors: DefaultAnchorManager(store: store, context: context, currentWorldMapID: currentWorldMapID))
    }

    /// The layer service acting for `userID`.
    public func layers(_ userID: UserID) -> DefaultLayerService<Store> {
        DefaultLayerService(store: store, context: context(userID))
    }

    /// The user service acting for `userID`.
    public func users(_ userID: UserID) -> DefaultUserService<Store> {
        DefaultUserService(store: store, context: context(userID))
    }

    /// The permission service acting for `userID`.
    public func permissions(_ userID: UserID) -> DefaultPermissionService<Store> {
        DefaultPermissionService(store: store, context: context(userID))
    }

    /// The search service acting for `userID`.
    public func search(_ userID: UserID) -> DefaultSearchService<Store> {
        DefaultSearchService(store: store, context: context(userID))
    }

    /// The collaboration service acting for `userID`.
    public func collaboration(_ userID: UserID) -> DefaultCollaborationService<Store> {
        DefaultCollaborationService(store: store, context: context(userID))
    }

    /// The notification service acting for `userID`.
    public func notifications(_ userID: UserID) -> DefaultNotificationService<Store> {
        DefaultNotificationService(store: store, context: context(userID))
    }

    /// The trash acting for `userID`.
    public func trash(_ userID: UserID) -> DefaultTrashService<Store> {
        DefaultTrashService(store: store, context: context(userID))
    }

    /// The anchor manager acting for `userID`.
    public func anchors(_ userID: UserID) -> DefaultAnchorManager<Store> {
        DefaultAnchorManager(store: store, context: context(userID), currentWorldMapID: currentWorldMapID)
    }

    /// The service of the owned kind `kind` acting for `userID`.
    public func records<Record: OwnedRecord>(_ kind: Record.Type, _ userID: UserID) -> DefaultOwnedRecordService<
        Record, Store
    > {
        DefaultOwnedRecordService(store: store, context: context(userID))
    }

    /// Every service this root makes, acting for nobody in particular, then the registered
    /// components: what a health report covers.
    public func allServices() -> [any ServiceProtocol] {
        let nobody = UserID()
        return [
            annotations(nobody), layers(nobody), users(nobody), permissions(nobody), search(nobody),
            collaboration(nobody), notifications(nobody), anchors(nobody), trash(nobody),
        ] + RecordType.ownedKinds.map { ownedService($0, nobody) } + storeAssetServices(nobody) + components
    }

    /// The health of every service and component, each by what it depends on (every distinct
    /// dependency checked once).
    public func healthCheck() async -> [ServiceHealth] {
        await HealthDependency.health(of: allServices())
    }

    private func ownedService<Record: OwnedRecord>(_ kind: Record.Type, _ userID: UserID) -> any ServiceProtocol {
        records(kind, userID)
    }

    /// The asset service when the store keeps assets (the server's); none on a device.
    private func storeAssetServices(_ userID: UserID) -> [any ServiceProtocol] {
        (self as? any AssetServing).map { [$0.assetService(userID)] } ?? []
    }
}

extension ServiceContainer where Store: AssetRepository {
    /// The asset service acting for `userID`.
    public func assets(_ userID: UserID) -> DefaultAssetService<Store> {
        DefaultAssetService(store: store, context: context(userID))
    }
}

/// A root whose store keeps assets; lets ``ServiceContainer/allServices()`` list the asset service
/// without knowing its store's type.
private protocol AssetServing {
    func assetService(_ userID: UserID) -> any ServiceProtocol
}

extension ServiceContainer: AssetServing where Store: AssetRepository {
    fileprivate func assetService(_ userID: UserID) -> any ServiceProtocol { assets(userID) }
}
