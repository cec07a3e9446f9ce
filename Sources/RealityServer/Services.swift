import Foundation
import RealityCore

/// Builds the core's services for one request, scoped to its user (one implementation of each
/// rule, shared with the device). Building them is cheap: they are structs over the store.
struct Services<Store: ServerStore>: Sendable {
    let store: Store

    func context(_ userID: UserID) -> ServiceContext {
        ServiceContext(userID: userID, assets: store)
    }

    func annotations(_ userID: UserID) -> DefaultAnnotationService<Store> {
        let context = context(userID)
        return DefaultAnnotationService(
            store: store, context: context,
            anchors: DefaultAnchorManager(store: store, context: context, currentWorldMapID: nil))
    }

    func layers(_ userID: UserID) -> DefaultLayerService<Store> {
        DefaultLayerService(store: store, context: context(userID))
    }

    func users(_ userID: UserID) -> DefaultUserService<Store> {
        DefaultUserService(store: store, context: context(userID))
    }

    func permissions(_ userID: UserID) -> DefaultPermissionService<Store> {
        DefaultPermissionService(store: store, context: context(userID))
    }

    func search(_ userID: UserID) -> DefaultSearchService<Store> {
        DefaultSearchService(store: store, context: context(userID))
    }

    func collaboration(_ userID: UserID) -> DefaultCollaborationService<Store> {
        DefaultCollaborationService(store: store, context: context(userID))
    }

    func notifications(_ userID: UserID) -> DefaultNotificationService<Store> {
        DefaultNotificationService(store: store, context: context(userID))
    }

    func anchors(_ userID: UserID) -> DefaultAnchorManager<Store> {
        DefaultAnchorManager(store: store, context: context(userID), currentWorldMapID: nil)
    }

    func assets(_ userID: UserID) -> DefaultAssetService<Store> {
        DefaultAssetService(store: store, context: context(userID))
    }

    /// Every service, acting for nobody in particular, for health checks.
    func all() -> [any ServiceProtocol] {
        let nobody = UserID()
        let context = context(nobody)
        return [
            annotations(nobody), layers(nobody), users(nobody), permissions(nobody),
            DefaultSearchService(store: store, context: context),
            DefaultCollaborationService(store: store, context: context),
            DefaultNotificationService(store: store, context: context),
            DefaultAnchorManager(store: store, context: context, currentWorldMapID: nil),
            assets(nobody),
        ]
    }
}
