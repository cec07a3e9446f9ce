import Foundation

/// ``AnchorManager`` over a ``DataStore``: anchors live in the current world map, and a new
/// annotation reuses an anchor within ``mergeDistance`` instead of adding one per annotation.
public struct DefaultAnchorManager<Store: DataStore>: AnchorManager, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    /// The world map the device is relocalised in, if any.
    public let currentWorldMapID: WorldMapID?

    /// A manager acting for `context.userID` in `currentWorldMapID`.
    public init(store: Store, context: ServiceContext, currentWorldMapID: WorldMapID?) {
        self.store = store
        self.context = context
        self.currentWorldMapID = currentWorldMapID
    }

    /// Positions closer than this to an existing anchor, metres, share it.
    public static var mergeDistance: Float { 0.5 }

    public var serviceIdentifier: String { "anchors" }

    /// Without a current world map there is nothing to anchor to yet: a fresh ID is returned and
    /// the annotation keeps its world position until a map is saved around it.
    public func anchorFor(position: SIMD3<Float>) async throws -> AnchorID {
        guard let mapID = currentWorldMapID, var map = try await worldMap(id: mapID) else { return AnchorID() }
        let nearest = map.anchors.min { distance($0.position, position) < distance($1.position, position) }
        if let nearest, distance(nearest.position, position) <= Self.mergeDistance {
            return nearest.id
        }
        guard map.ownerID == context.userID else { return AnchorID() }
        let anchor = WorldAnchor(transform: Transform(translation: position))
        map.anchors.append(anchor)
        map.updatedAt = max(context.now, map.updatedAt)
        map.lastUsedAt = map.updatedAt
        try map.validate()
        try await store.commit(ChangeSet(changes: [.saveWorldMap(map)]), applying: context.pushing)
        return anchor.id
    }

    /// Saves a world map the caller owns; users it is newly shared with are notified (`shared`).
    public func saveWorldMap(_ map: WorldMap) async throws {
        let existing = try await store.worldMap(id: map.id)
        if let existing, existing.ownerID != context.userID {
            throw ServiceError.notFound(.worldMap, id: map.id.uuidString)
        }
        guard map.ownerID == context.userID else { throw PermissionError.notOwner }
        try map.validate()
        let references = ReferenceCheck(store: store, context: context)
        try await references.assets(of: map, replacing: existing)
        try await references.users(sharedWith: map)
        // Only new shares need a plan that shares: a lapsed plan keeps what was shared before.
        let before = Set(existing.flatMap { $0.isShared ? $0.sharedWith : [] } ?? [])
        if map.isShared, map.sharedWith.contains(where: { !before.contains($0) }),
            let owner = try await store.user(id: context.userID)
        {
            let tier = owner.tier(at: context.now)
            guard tier.limits.canShare else { throw PermissionError.sharingNotAllowedOnTier(tier) }
        }
        var changes = ChangeSet(changes: [.saveWorldMap(map)])
        let notifier = Notifier(store: store, context: context)
        for userID in map.isShared ? map.sharedWith : [] where !before.contains(userID) {
            changes.changes += try await notifier.sharedWorldMap(map, with: userID)
        }
        try await store.commit(changes, applying: context.pushing)
    }

    /// A map the caller owns, one shared with them, or one holding the anchor of an annotation
    /// they may see: anchors are shared with whoever may see the annotations placed at them.
    public func worldMap(id: WorldMapID) async throws -> WorldMap? {
        try await store.worldMap(id: id, visibleTo: context.userID, at: context.now)
    }

    public func worldMaps() async throws -> [WorldMap] {
        try await store.worldMaps(visibleTo: context.userID, at: context.now)
    }

    public func deleteWorldMap(id: WorldMapID) async throws {
        guard let map = try await worldMap(id: id) else { throw ServiceError.notFound(.worldMap, id: id.uuidString) }
        guard map.ownerID == context.userID else { throw PermissionError.notOwner }
        try await store.commit(ChangeSet(changes: [.deleteWorldMap(id)]), applying: context.pushing)
    }

    public func updateWorldMap(_ map: WorldMap) async throws {
        guard let existing = try await store.worldMap(id: map.id), existing.ownerID == context.userID else {
            throw ServiceError.notFound(.worldMap, id: map.id.uuidString)
        }
        var changed = map
        changed.createdAt = existing.createdAt
        changed.lastUsedAt = existing.lastUsedAt
        changed.updatedAt = max(context.now, existing.updatedAt)
        try await saveWorldMap(changed)
    }

    public func relocalize(in id: WorldMapID) async throws -> Int {
        guard var map = try await worldMap(id: id) else { throw ServiceError.notFound(.worldMap, id: id.uuidString) }
        let now = context.now
        var nearby: [AnnotationID: Annotation] = [:]
        for anchor in map.anchors {
            let query = AnnotationQuery(
                viewer: context.userID, at: now, creatorID: context.userID,
                near: .init(center: anchor.position, radius: Self.mergeDistance), limit: AnnotationQuery.maxLimit)
            for annotation in try await store.allAnnotations(matching: query) { nearby[annotation.id] = annotation }
        }
        var changes = ChangeSet()
        for annotation in nearby.values.sorted(by: { $0.id.uuidString < $1.id.uuidString }) {
            guard
                let nearest = map.anchors.min(by: {
                    distance($0.position, annotation.position) < distance($1.position, annotation.position)
                }), nearest.id != annotation.anchorID
            else { continue }
            var moved = annotation
            moved.anchorID = nearest.id
            moved = moved.stamped(editing: annotation, at: now)
            moved.updatedAt = max(now, annotation.updatedAt)
            changes.require(.annotationUnchanged(annotation.id, updatedAt: annotation.updatedAt))
            changes.append(.saveAnnotation(moved))
        }
        let updated = changes.changes.count
        if map.ownerID == context.userID {
            map.lastUsedAt = max(now, map.lastUsedAt)
            changes.append(.saveWorldMap(map))
        }
        if !changes.isEmpty { try await store.commit(changes, applying: context.pushing) }
        return updated
    }

    private func distance(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
        Float(a.distance(to: b))
    }
}
