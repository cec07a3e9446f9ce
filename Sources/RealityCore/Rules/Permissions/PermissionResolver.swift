import Foundation

/// Works out what a user may do with an annotation or a layer (SPEC M3, S3): pure functions over
/// loaded values, with no I/O, so that the device and the server decide alike.
///
/// A user's effective level is the **best** of:
/// 1. ownership of the annotation → `.owner`;
/// 2. ownership of the annotation's layer or of any ancestor layer → `.owner`, because a layer's
///    owner controls everything in it;
/// 3. active direct grants to the user on the annotation;
/// 4. active grants to the user on the annotation's layer and on each ancestor, because a grant on
///    a layer applies to its annotations and to its child layers;
/// 5. a public layer in the chain (the item's layer or an ancestor) → `.viewer`.
///
/// Nothing else grants access: a user with none of these gets nil (no access; callers answer 404).
/// When a user holds several grants, the best active one wins. A grant that is not active at the
/// date asked about (``Permission/isActive(at:)``; expiry is exclusive) counts for nothing.
///
/// Layers in the chain:
/// - A deleted layer (`isDeleted`) contributes nothing at all, not even its owner's ownership, and
///   the walk stops there: its ancestors are not reached through it. Its annotations and child
///   layers are orphaned until they are moved (S2 moves them to the owner's default layer), and
///   letting grants or public status flow through a deleted link would let them outlive the
///   delete. Services that handle deleted records (sync, purge, restore) check `ownerID` directly.
/// - For an annotation, a chain whose first layer is not the annotation's `layerID` is ignored
///   entirely: only the annotation's owner and its direct grants count. A repository that loaded
///   the wrong layers must not widen access.
/// - ``LayerChain`` has already dropped cycles, broken parent links and layers beyond its depth.
///
/// The annotation's own `isDeleted` is not considered here; whether deleted annotations are shown
/// at all is a service's decision.
public enum PermissionResolver {
    /// Effective level of `user` on `annotation` at `date`, nil = no access; see the type's rules.
    public static func level(
        of user: UserID, on annotation: Annotation, in chain: LayerChain, at date: Date
    ) -> PermissionLevel? {
        if annotation.ownerID == user { return .owner }
        let direct = bestGrant(to: user, in: annotation.permissions, at: date)
        guard chain.first?.id == annotation.layerID else { return direct }
        return best(direct, level(of: user, onLayerIn: chain, at: date))
    }

    /// Effective level of `user` on a layer given its ancestors (`chain.first` is the layer
    /// itself) at `date`, nil = no access: the best of ownership of the layer or an ancestor,
    /// active grants on them, and `.viewer` when one of them is public. An empty chain gives nil.
    public static func level(of user: UserID, onLayerIn chain: LayerChain, at date: Date) -> PermissionLevel? {
        var result: PermissionLevel?
        for layer in chain.layers {
            guard !layer.isDeleted else { break }
            if layer.ownerID == user { return .owner }
            result = best(result, bestGrant(to: user, in: layer.permissions, at: date))
            if layer.isPublic { result = best(result, .viewer) }
        }
        return result
    }

    /// True when `user` may do `capability` with `annotation` at `date`.
    public static func can(
        _ capability: Capability, user: UserID, annotation: Annotation, in chain: LayerChain, at date: Date
    ) -> Bool {
        level(of: user, on: annotation, in: chain, at: date)?.allows(capability) ?? false
    }

    /// True when `user` may do `capability` with the layer `chain.first` at `date`.
    public static func can(_ capability: Capability, user: UserID, layerIn chain: LayerChain, at date: Date) -> Bool {
        level(of: user, onLayerIn: chain, at: date)?.allows(capability) ?? false
    }

    /// Throws unless `user` may do `capability` with `annotation` at `date`: ``PermissionError/notFound``
    /// when the user may not even view it (so that its existence is not revealed), otherwise the
    /// error of ``PermissionError/denying(_:)``.
    public static func check(
        _ capability: Capability, user: UserID, annotation: Annotation, in chain: LayerChain, at date: Date
    ) throws(PermissionError) {
        try check(capability, level: level(of: user, on: annotation, in: chain, at: date))
    }

    /// Throws unless `user` may do `capability` with the layer `chain.first` at `date`, as
    /// ``check(_:user:annotation:in:at:)`` does for annotations.
    public static func check(
        _ capability: Capability, user: UserID, layerIn chain: LayerChain, at date: Date
    ) throws(PermissionError) {
        try check(capability, level: level(of: user, onLayerIn: chain, at: date))
    }

    /// The best level among the grants to `user` in `permissions` that are active at `date`.
    public static func bestGrant(to user: UserID, in permissions: [Permission], at date: Date) -> PermissionLevel? {
        permissions.lazy
            .filter { $0.userID == user && $0.isActive(at: date) }
            .map(\.level)
            .max()
    }

    private static func check(_ capability: Capability, level: PermissionLevel?) throws(PermissionError) {
        guard let level else { throw .notFound }
        guard level.allows(capability) else { throw .denying(capability) }
    }

    private static func best(_ lhs: PermissionLevel?, _ rhs: PermissionLevel?) -> PermissionLevel? {
        switch (lhs, rhs) {
        case (let lhs?, let rhs?): max(lhs, rhs)
        case (let lhs?, nil): lhs
        case (nil, let rhs): rhs
        }
    }
}
