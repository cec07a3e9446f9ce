import Foundation

/// ``TrashService`` over a ``DataStore``. Only a record's owner sees it in the trash or restores
/// it (a deleted record carries no shared rights, see `PermissionResolver`); anyone else's, or a
/// record that is not deleted, is not found.
public struct DefaultTrashService<Store: DataStore>: TrashService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "trash" }

    /// The most entries one listing answers.
    public static var maxListing: Int { 1_000 }

    public func trash(limit: Int) async throws -> [TrashEntry] {
        try await store.trash(of: context.userID, limit: min(max(limit, 0), Self.maxListing))
    }

    public func restoreAnnotation(id: AnnotationID) async throws -> Annotation {
        guard let (found, chain) = try await store.annotationWithLayerChain(id: id, includingComments: false),
            found.isDeleted, found.ownerID == context.userID
        else { throw ServiceError.notFound(.annotation, id: id.uuidString) }
        let now = context.now
        guard let layer = chain.layers.first, layer.id == found.layerID, !layer.isDeleted else {
            throw ServiceError.invalidOperation(reason: "Its layer is deleted: restore the layer first.")
        }
        if layer.retiresByAge(createdAt: found.createdAt, at: now), let days = layer.autoExpireDays {
            throw ServiceError.invalidOperation(
                reason:
                    "Its layer \"\(layer.name)\" keeps annotations \(days) days and this one is older: "
                    + "it would expire again. Change the layer's auto-expiry first.")
        }
        var annotation = found
        if var rules = annotation.visibilityRules {
            if let expiresAt = rules.expiresAt, expiresAt <= now { rules.expiresAt = nil }
            if let views = rules.expiresAfterViews, views <= annotation.viewCount { rules.expiresAfterViews = nil }
            annotation.visibilityRules = rules
        }
        annotation.isDeleted = false
        annotation.updatedAt = max(now, found.updatedAt)
        let tier = try await access.currentPlan().tier(at: now)
        var changes = ChangeSet(preconditions: [.annotationUnchanged(id, updatedAt: found.updatedAt)])
        if let limit = tier.limits.maxAnnotations {
            changes.require(.annotationCountBelow(owner: context.userID, limit: limit, tier: tier))
        }
        changes.append(.saveAnnotation(annotation))
        try await store.commit(changes, applying: context.pushing)
        return annotation
    }

    public func restoreLayer(id: LayerID) async throws -> Layer {
        guard let found = try await store.layer(id: id), found.isDeleted, found.ownerID == context.userID else {
            throw ServiceError.notFound(.layer, id: id.uuidString)
        }
        if let parentID = found.parentLayerID, try await store.layer(id: parentID)?.isDeleted ?? true {
            throw ServiceError.invalidOperation(reason: "Its parent layer is deleted: restore the parent first.")
        }
        var layer = found
        layer.isDeleted = false
        layer.updatedAt = max(context.now, found.updatedAt)
        let tier = try await access.currentPlan().tier(at: context.now)
        var changes = ChangeSet(preconditions: [.layerUnchanged(id, updatedAt: found.updatedAt)])
        if let limit = tier.limits.maxLayers, layer.id != LayerID.defaultLayer(of: context.userID) {
            changes.require(.layerCountBelow(owner: context.userID, limit: limit, tier: tier))
        }
        changes.append(.saveLayer(layer))
        try await store.commit(changes, applying: context.pushing)
        return layer
    }
}
