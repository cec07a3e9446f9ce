import Foundation

/// ``PermissionService`` over a ``DataStore``, resolving levels with `PermissionResolver` and
/// checking shares with `SharingRules`.
public struct DefaultPermissionService<Store: DataStore>: PermissionService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "permissions" }

    public func level(on annotation: Annotation) async throws -> PermissionLevel? {
        try await getPermissionLevel(for: context.userID, annotation: annotation)
    }

    public func getPermissionLevel(for userID: UserID, annotation: Annotation) async throws -> PermissionLevel? {
        // Judge the stored annotation when there is one: the caller's copy may be stale, or forged
        // (its owner and grants are whatever the caller put there).
        if let (stored, chain) = try await store.annotationWithLayerChain(id: annotation.id, includingComments: false) {
            return PermissionResolver.level(of: userID, on: stored, in: chain, at: context.now)
        }
        let chain = try await store.layerChain(startingAt: annotation.layerID)
        return PermissionResolver.level(of: userID, on: annotation, in: chain, at: context.now)
    }

    public func level(onLayer layerID: LayerID) async throws -> PermissionLevel? {
        let chain = try await store.layerChain(startingAt: layerID)
        guard chain.layers.first?.id == layerID else { return nil }
        return PermissionResolver.level(of: context.userID, onLayerIn: chain, at: context.now)
    }

    public func canView(_ annotation: Annotation) async throws -> Bool {
        try await level(on: annotation) != nil
    }

    public func canComment(_ annotation: Annotation) async throws -> Bool {
        try await level(on: annotation)?.canComment ?? false
    }

    public func canEdit(_ annotation: Annotation) async throws -> Bool {
        try await level(on: annotation)?.canEdit ?? false
    }

    public func canDelete(_ annotation: Annotation) async throws -> Bool {
        try await level(on: annotation)?.canDelete ?? false
    }

    public func canShare(_ annotation: Annotation) async throws -> Bool {
        try await level(on: annotation)?.canShare ?? false
    }

    public func checkCanCreate(in layerID: LayerID) async throws {
        _ = try await access.layer(layerID, for: .edit)
    }

    public func checkCanEdit(_ annotation: Annotation) async throws {
        try await check(.edit, annotation)
    }

    public func checkCanDelete(_ annotation: Annotation) async throws {
        try await check(.delete, annotation)
    }

    public func grantPermission(
        to userID: UserID, level: PermissionLevel, for annotationID: AnnotationID, expiresAt: Date?
    ) async throws -> Permission {
        let (annotation, chain, seen) = try await access.visibleAnnotation(annotationID)
        let granterLevel = try await access.writingLevel(seen, on: annotation, in: chain)
        return try await grant(
            userID, level: level, target: .annotation(annotationID), ownerID: annotation.ownerID,
            granterLevel: granterLevel, existing: annotation.permissions, expiresAt: expiresAt,
            name: annotation.title ?? "an annotation")
    }

    public func revokePermission(from userID: UserID, for annotationID: AnnotationID) async throws {
        let (annotation, _, level) = try await access.visibleAnnotation(annotationID)
        try await revoke(userID, target: .annotation(annotationID), level: level, existing: annotation.permissions)
    }

    public func grantPermission(
        to userID: UserID, level: PermissionLevel?, forLayer layerID: LayerID, expiresAt: Date?
    ) async throws -> Permission {
        let (layer, chain, seen) = try await access.visibleLayer(layerID)
        let granterLevel = try await access.writingLevel(seen, onLayerIn: chain)
        return try await grant(
            userID, level: level ?? layer.defaultPermission, target: .layer(layerID), ownerID: layer.ownerID,
            granterLevel: granterLevel, existing: layer.permissions, expiresAt: expiresAt,
            name: "the layer \(layer.name)")
    }

    public func revokePermission(from userID: UserID, forLayer layerID: LayerID) async throws {
        let (layer, _, level) = try await access.visibleLayer(layerID)
        try await revoke(userID, target: .layer(layerID), level: level, existing: layer.permissions)
    }

    private func check(_ capability: Capability, _ annotation: Annotation) async throws {
        guard let level = try await level(on: annotation) else {
            throw ServiceError.notFound(.annotation, id: annotation.id.uuidString)
        }
        try AccessControl<Store>.require(capability, level: level)
    }

    private func grant(
        _ grantee: UserID, level: PermissionLevel, target: GrantTarget, ownerID: UserID,
        granterLevel: PermissionLevel, existing: [Permission], expiresAt: Date?, name: String
    ) async throws -> Permission {
        let granter = context.userID
        try SharingRules.checkGrant(
            granter: granter, granterLevel: granterLevel, grantee: grantee, level: level, ownerID: ownerID,
            tier: try await access.currentPlan().tier(at: context.now),
            replacing: existing.first { $0.userID == grantee }?.level)
        guard try await store.user(id: grantee) != nil else {
            throw ServiceError.notFound(.user, id: grantee.uuidString)
        }
        let permission = Permission(
            userID: grantee, level: level, grantedBy: granter, grantedAt: context.now, expiresAt: expiresAt)
        try permission.validate()
        var changes = ChangeSet(changes: [.grant(permission, on: target)])
        let (annotationID, layerID): (AnnotationID?, LayerID?) =
            switch target {
            case .annotation(let id): (id, nil)
            case .layer(let id): (nil, id)
            }
        // Granting again what the grantee already holds is no news: one notification per share.
        let held = existing.first { $0.userID == grantee && $0.isActive(at: context.now) }
        if held?.level != level {
            changes.changes += try await Notifier(store: store, context: context).shared(
                with: grantee, level: level, annotationID: annotationID, layerID: layerID, name: name)
        }
        changes.append(
            .addActivity(
                Activity(
                    kind: .shared, actorID: granter, annotationID: annotationID, layerID: layerID,
                    summary: "shared \(name) as \(level.rawValue)", createdAt: context.now)))
        try await store.commit(changes, applying: context.pushing)
        return permission
    }

    private func revoke(_ userID: UserID, target: GrantTarget, level: PermissionLevel, existing: [Permission])
        async throws
    {
        guard let grant = existing.first(where: { $0.userID == userID }) else {
            throw ServiceError.notFound(.grant, id: userID.uuidString)
        }
        try SharingRules.checkRevoke(
            revoker: context.userID, revokerLevel: level, grantee: userID, grantLevel: grant.level)
        try await store.commit(ChangeSet(changes: [.revoke(userID: userID, on: target)]), applying: context.pushing)
    }
}
