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
        let (annotation, _, level) = try await visibleAnnotation(id)
        try Self.require(capability, level: level)
        return (annotation, level)
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
        let (layer, _, level) = try await visibleLayer(id)
        try Self.require(capability, level: level)
        return (layer, level)
    }

    /// Throws the `PermissionError` for `capability` unless `level` allows it.
    static func require(_ capability: Capability, level: PermissionLevel) throws {
        guard level.allows(capability) else { throw PermissionError.denying(capability) }
    }

    /// The current user, or `notFound` when the account does not exist (deleted meanwhile).
    func currentUser() async throws -> User {
        guard let user = try await store.user(id: context.userID) else {
            throw ServiceError.notFound(.user, id: context.userID.uuidString)
        }
        return user
    }
}
