import Foundation

/// Loads records and the layers above them and judges the current user's access with
/// `PermissionResolver`, so every service checks permissions the same way (SPEC S3).
///
/// A record the user may not see is reported as not found, exactly like a missing one, so that
/// nobody learns that someone else's record exists (SPEC C3).
struct AccessControl<Store: DataStore>: Sendable {
    let store: Store
    let context: ServiceContext

    /// The annotation with its layer chain and the user's level; throws `notFound` when it does
    /// not exist, is deleted, or the user may not see it. With `comments`, the annotation carries
    /// its comments, read with it.
    func visibleAnnotation(
        _ id: AnnotationID, comments: Bool = false
    ) async throws -> (Annotation, LayerChain, PermissionLevel) {
        guard let (annotation, chain) = try await store.annotationWithLayerChain(id: id, includingComments: comments),
            !annotation.isDeleted
        else {
            throw ServiceError.notFound(.annotation, id: id.uuidString)
        }
        guard let level = PermissionResolver.level(of: context.userID, on: annotation, in: chain, at: context.now)
        else { throw ServiceError.notFound(.annotation, id: id.uuidString) }
        return (annotation, chain, level)
    }

    /// The annotation if the user's level allows `capability`; `notFound` when they may not see
    /// it, a `PermissionError` when they may see it but not do this.
    func annotation(_ id: AnnotationID, for capability: Capability) async throws -> (Annotation, PermissionLevel) {
        let (annotation, chain, seen) = try await visibleAnnotation(id)
        var level = seen
        if capability != .view { level = try await writingLevel(seen, on: annotation, in: chain) }
        try Self.require(capability, level: level, seen: seen)
        return (annotation, level)
    }

    /// `level` as it counts for changing or sharing an annotation (``writingLevel(_:owns:spaceOwner:)``).
    func writingLevel(_ level: PermissionLevel, on annotation: Annotation, in chain: LayerChain) async throws
        -> PermissionLevel
    {
        try await writingLevel(
            level, owns: annotation.ownerID == context.userID || ownsAny(chain),
            spaceOwner: chain.layers.first?.ownerID)
    }

    /// `level` as it counts for changing or sharing a layer.
    func writingLevel(_ level: PermissionLevel, onLayerIn chain: LayerChain) async throws -> PermissionLevel {
        try await writingLevel(level, owns: ownsAny(chain), spaceOwner: chain.layers.first?.ownerID)
    }

    /// `level` as it counts for writing: a level that comes from someone else's grant or public
    /// layer counts as `.viewer` while the owner of the layer (`spaceOwner`) is on a plan without
    /// sharing, as a paid plan that lapsed is: existing shares stay readable, nobody else writes
    /// or shares (docs/seed-fixes.md, "When a paid plan lapses").
    private func writingLevel(_ level: PermissionLevel, owns: Bool, spaceOwner: UserID?) async throws -> PermissionLevel
    {
        guard level > .viewer, !owns, let spaceOwner, spaceOwner != context.userID,
            let owner = try await store.user(id: spaceOwner), !owner.tier(at: context.now).limits.canShare
        else { return level }
        return .viewer
    }

    /// Whether the user owns a live layer of `chain` (the annotation's own layer or one above).
    func ownsAny(_ chain: LayerChain) -> Bool {
        chain.layers.prefix { !$0.isDeleted }.contains { $0.ownerID == context.userID }
    }

    /// The layer with its chain and the user's level; `notFound` when it does not exist, is
    /// deleted, or the user may not see it.
    func visibleLayer(_ id: LayerID) async throws -> (Layer, LayerChain, PermissionLevel) {
        let chain = try await store.layerChain(startingAt: id)
        guard let layer = chain.layers.first, layer.id == id, !layer.isDeleted,
            let level = PermissionResolver.level(of: context.userID, onLayerIn: chain, at: context.now)
        else { throw ServiceError.notFound(.layer, id: id.uuidString) }
        return (layer, chain, level)
    }

    /// The layer if the user's level allows `capability`.
    func layer(_ id: LayerID, for capability: Capability) async throws -> (Layer, PermissionLevel) {
        let (layer, chain, seen) = try await visibleLayer(id)
        var level = seen
        if capability != .view { level = try await writingLevel(seen, onLayerIn: chain) }
        try Self.require(capability, level: level, seen: seen)
        return (layer, level)
    }

    /// Throws unless the user, at `level` on `annotation`, may move it into `target` (``MoveRules``).
    func requireMove(_ annotation: Annotation, level: PermissionLevel, to target: Layer) async throws {
        let currentOwner = try await store.layer(id: annotation.layerID)?.ownerID
        try MoveRules.checkMove(
            annotationOwner: annotation.ownerID, currentLayerOwner: currentOwner, targetLayerOwner: target.ownerID,
            moverLevel: level)
    }

    /// Refuses a client-chosen annotation ID that is taken: a conflict when the user may see the
    /// annotation that has it, else `notFound`, the answer for any ID the user may not see, so that
    /// a create cannot probe for other users' records.
    func requireUnused(_ id: AnnotationID) async throws {
        guard try await store.annotation(id: id) != nil else { return }
        _ = try await visibleAnnotation(id)
        throw ServiceError.invalidOperation(reason: "An annotation with ID \(id) already exists.")
    }

    /// Throws the `PermissionError` for `capability` unless `level` allows it.
    static func require(_ capability: Capability, level: PermissionLevel) throws {
        guard level.allows(capability) else { throw PermissionError.denying(capability) }
    }

    /// As ``require(_:level:)`` for a `level` that ``writingLevel(_:owns:spaceOwner:)`` made of
    /// the level the user was `seen` at: when only the owner's plan stands in the way, the error
    /// says so (``PermissionError/ownerPlanDoesNotShare``), so that a device's rejected change
    /// tells its user why.
    static func require(_ capability: Capability, level: PermissionLevel, seen: PermissionLevel) throws {
        if !level.allows(capability), seen.allows(capability) { throw PermissionError.ownerPlanDoesNotShare }
        try require(capability, level: level)
    }

    /// Whether the plan in force of `owner` shares (true when the store does not know them, as
    /// on a device, which holds only its own user: what it was sent already shows the plan).
    func planShares(of owner: UserID, known: inout [UserID: Bool]) async throws -> Bool {
        if let shares = known[owner] { return shares }
        let shares = try await store.user(id: owner)?.tier(at: context.now).limits.canShare ?? true
        known[owner] = shares
        return shares
    }

    /// The current user's plan, or `notFound` when the account does not exist (deleted
    /// meanwhile): what the rules of a write need of the user, read without counting anything.
    func currentPlan() async throws -> UserPlan {
        guard let plan = try await store.plan(of: context.userID) else {
            throw ServiceError.notFound(.user, id: context.userID.uuidString)
        }
        return plan
    }

    /// The current user, or `notFound` when the account does not exist (deleted meanwhile).
    func currentUser() async throws -> User {
        guard let user = try await store.user(id: context.userID) else {
            throw ServiceError.notFound(.user, id: context.userID.uuidString)
        }
        return user
    }
}
