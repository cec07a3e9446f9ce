import Foundation

/// ``LayerService`` over a ``DataStore``.
public struct DefaultLayerService<Store: DataStore>: LayerService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "layers" }

    public func createLayer(name: String, icon: String, color: LayerColor) async throws -> Layer {
        try await createLayer(name: name, icon: icon, color: color, parentLayerID: nil)
    }

    public func createLayer(name: String, icon: String, color: LayerColor, parentLayerID: LayerID?) async throws
        -> Layer
    {
        try await createLayer(id: nil, name: name, icon: icon, color: color, parentLayerID: parentLayerID)
    }

    /// Creates a layer with a client-chosen `id` (a device's offline create, pushed by sync, with
    /// the date the device made it at, kept within ``FieldStamps/creationDate(_:now:)``'s
    /// bounds); the create fails with a conflict when any layer already has that ID.
    public func createLayer(
        id: LayerID?, name: String, icon: String, color: LayerColor, parentLayerID: LayerID?, createdAt: Date? = nil
    ) async throws -> Layer {
        if let parentLayerID { _ = try await access.layer(parentLayerID, for: .edit) }
        let layer = Layer(
            id: id ?? LayerID(), name: name.trimmingCharacters(in: .whitespacesAndNewlines), icon: icon, color: color,
            parentLayerID: parentLayerID, ownerID: context.userID,
            createdAt: FieldStamps.creationDate(createdAt, now: context.now))
        try layer.validate()
        let tier = try await access.currentPlan().tier(at: context.now)
        var changes = ChangeSet()
        if let id { changes.require(.recordAbsent(.layer, id: id.uuidString)) }
        if let limit = tier.limits.maxLayers, layer.id != LayerID.defaultLayer(of: context.userID) {
            changes.require(.layerCountBelow(owner: context.userID, limit: limit, tier: tier))
        }
        changes.append(.saveLayer(layer))
        changes.append(
            .addActivity(
                Activity(
                    kind: .layerCreated, actorID: context.userID, layerID: layer.id,
                    summary: "created layer \(layer.name)",
                    createdAt: layer.createdAt)))
        try await store.commit(changes, applying: context.pushing)
        return layer
    }

    public func fetchLayers() async throws -> [Layer] {
        try await access.disclosingGrants(store.layers(visibleTo: context.userID, at: context.now))
    }

    public func fetchLayer(id: LayerID) async throws -> Layer? {
        do {
            let (found, chain, level) = try await access.visibleLayer(id)
            var layer = found
            let writing = try await access.writingLevel(level, onLayerIn: chain)
            layer.permissions = GrantDisclosure.shown(
                layer.permissions, to: context.userID, seen: level, writes: writing == level)
            layer.myPermission = writing
            return layer
        } catch ServiceError.notFound {
            return nil
        }
    }

    public func updateLayer(_ layer: Layer) async throws {
        let (current, level) = try await access.layer(layer.id, for: .edit)
        var updated = current
        updated.name = layer.name.trimmingCharacters(in: .whitespacesAndNewlines)
        updated.icon = layer.icon
        updated.color = layer.color
        updated.isVisible = layer.isVisible
        updated.autoExpireDays = layer.autoExpireDays
        if layer.isPublic != current.isPublic || layer.parentLayerID != current.parentLayerID
            || layer.defaultPermission != current.defaultPermission
        {
            guard level == .owner else { throw PermissionError.notOwner }
            updated.defaultPermission = layer.defaultPermission
            if layer.isPublic, !current.isPublic { try await requireSharingPlan() }
            updated.isPublic = layer.isPublic
            if let parent = layer.parentLayerID, parent != current.parentLayerID {
                _ = try await access.layer(parent, for: .edit)
                let below = try await store.descendantLayers(of: layer.id).map(\.id)
                guard parent != layer.id, !below.contains(parent) else {
                    throw ValidationError(
                        field: "parentLayerID", reason: .notAllowed(detail: "a layer cannot be nested inside itself"))
                }
            }
            updated.parentLayerID = layer.parentLayerID
        }
        updated.fieldStamps = layer.fieldStamps
        updated = updated.stamped(editing: current, at: context.now)
        updated.updatedAt = max(context.now, current.updatedAt)
        try updated.validate()
        try await store.commit(
            ChangeSet(
                preconditions: [.layerUnchanged(current.id, updatedAt: current.updatedAt)],
                changes: [.saveLayer(updated)]), applying: context.pushing)
    }

    /// Making a layer public is sharing: the acting user's plan in force must allow it.
    private func requireSharingPlan() async throws {
        let tier = try await access.currentPlan().tier(at: context.now)
        guard tier.limits.canShare else { throw PermissionError.sharingNotAllowedOnTier(tier) }
    }

    public func deleteLayer(id: LayerID) async throws {
        let (layer, _) = try await access.layer(id, for: .delete)
        let defaultID = LayerID.defaultLayer(of: layer.ownerID)
        guard layer.id != defaultID else {
            throw ServiceError.invalidOperation(
                reason: "The default layer cannot be deleted; it receives the annotations of deleted layers.")
        }
        let now = max(context.now, layer.updatedAt)
        var doomed = [layer]
        var changes = ChangeSet()
        for nested in try await store.descendantLayers(of: id) {
            // A default layer nested below is never deleted with it (it receives the annotations):
            // it moves to the top level, keeping what is in it.
            if nested.id == LayerID.defaultLayer(of: nested.ownerID) {
                var home = nested
                home.parentLayerID = nil
                home.updatedAt = max(now, home.updatedAt)
                changes.append(.saveLayer(home))
            } else {
                doomed.append(nested)
            }
        }
        var moved: [Annotation] = []
        for deleted in doomed {
            var gone = deleted
            gone.isDeleted = true
            gone.updatedAt = now
            changes.append(.saveLayer(gone))
            moved += try await store.allAnnotations(
                matching: AnnotationQuery(viewer: layer.ownerID, at: now, layerIDs: [deleted.id]))
        }
        if !moved.isEmpty {
            let home = try await ensureDefaultLayer(for: layer.ownerID, at: now, in: &changes)
            for var annotation in moved {
                annotation.layerID = home.id
                annotation.updatedAt = max(now, annotation.updatedAt)
                changes.append(.saveAnnotation(annotation))
            }
        }
        changes.append(
            .addActivity(
                Activity(
                    kind: .layerDeleted, actorID: context.userID, layerID: id,
                    summary: "deleted layer \(layer.name), \(moved.count) annotations moved", createdAt: now)))
        try await store.commit(changes, applying: context.pushing)
    }

    public func setLayerVisible(_ layerID: LayerID, visible: Bool) async throws {
        var (layer, _) = try await access.layer(layerID, for: .edit)
        guard layer.isVisible != visible else { return }
        let previous = layer.updatedAt
        layer.isVisible = visible
        layer.updatedAt = max(context.now, previous)
        try await store.commit(
            ChangeSet(preconditions: [.layerUnchanged(layerID, updatedAt: previous)], changes: [.saveLayer(layer)]),
            applying: context.pushing)
    }

    public func getActiveLayers() async throws -> [Layer] {
        try await fetchLayers().filter(\.isVisible)
    }

    public func childLayers(of layerID: LayerID) async throws -> [Layer] {
        _ = try await access.visibleLayer(layerID)
        return try await store.childLayers(of: layerID)
    }

    public func defaultLayer() async throws -> Layer {
        var changes = ChangeSet()
        let layer = try await ensureDefaultLayer(for: context.userID, at: context.now, in: &changes)
        try await store.commit(changes, applying: context.pushing)
        return layer
    }

    /// The owner's default layer, adding its creation to `changes` when it does not exist. It is
    /// created even at the plan's layer limit, so that deleting a layer never strands annotations.
    private func ensureDefaultLayer(for owner: UserID, at date: Date, in changes: inout ChangeSet) async throws -> Layer
    {
        let id = LayerID.defaultLayer(of: owner)
        if let existing = try await store.layer(id: id), !existing.isDeleted { return existing }
        let color = try await store.user(id: owner)?.preferences.defaultLayerColor ?? .blue
        let layer = Layer(
            id: id, name: Layer.defaultName, icon: Layer.defaultIcon, color: color, ownerID: owner, createdAt: date)
        changes.append(.saveLayer(layer))
        return layer
    }
}

extension Layer {
    /// The name of the layer that annotations of deleted layers move to.
    public static let defaultName = "My Annotations"
}

extension Identifier where Entity == Layer {
    /// The ID of `owner`'s default layer: derived from the user's ID, so that every device of the
    /// user, online or not, arrives at the same layer instead of making one each.
    public static func defaultLayer(of owner: UserID) -> LayerID {
        var bytes = owner.rawValue.uuid
        withUnsafeMutableBytes(of: &bytes) { raw in
            for index in raw.indices { raw[index] ^= 0x5A }
            raw[6] = (raw[6] & 0x0F) | 0x80
            raw[8] = (raw[8] & 0x3F) | 0x80
        }
        return LayerID(UUID(uuid: bytes))
    }
}
