import Foundation

/// Which grants of a layer or an annotation a user is shown (issue 17): every grant to whoever may
/// manage them (share rights: editor or above, the same level that may grant and revoke), and to
/// anyone else only their own. A viewer learns nothing about who else was let in. Where the owner's
/// plan does not share, nobody else may manage grants: each user sees their own, as viewer.
enum GrantDisclosure {
    /// The grants among `grants` that a user at `level` is shown.
    static func visible(_ grants: [Permission], to viewer: UserID, level: PermissionLevel) -> [Permission] {
        level.canShare ? grants : grants.filter { $0.userID == viewer }
    }

    /// The grants among `grants` that a user is shown in a space whose owner's plan does not share
    /// (a paid plan lapsed): their own, at the level it counts for, viewer at most
    /// (docs/seed-fixes.md), so that their devices hold the level the server applies.
    static func readOnly(_ grants: [Permission], to viewer: UserID) -> [Permission] {
        grants.filter { $0.userID == viewer }.map { grant in
            var shown = grant
            shown.level = min(grant.level, .viewer)
            return shown
        }
    }

    /// The grants among `grants` that a user seen at `seen` is shown: ``visible(_:to:level:)``
    /// where the space's owner's plan lets others write (`writes`), else ``readOnly(_:to:)``.
    static func shown(_ grants: [Permission], to viewer: UserID, seen: PermissionLevel, writes: Bool) -> [Permission] {
        writes ? visible(grants, to: viewer, level: seen) : readOnly(grants, to: viewer)
    }
}

extension AccessControl {
    /// `layers` as the user is shown them: grants cut to what they may see, and `myPermission`,
    /// their level as it counts for changes. A layer of theirs needs no read; any other reads its
    /// chain, and its owner's plan once per owner.
    func disclosingGrants(_ layers: [Layer]) async throws -> [Layer] {
        var result: [Layer] = []
        result.reserveCapacity(layers.count)
        var shares: [UserID: Bool] = [:]
        for var layer in layers {
            if layer.ownerID == context.userID {
                layer.myPermission = .owner
            } else {
                let chain = try await store.layerChain(startingAt: layer.id)
                let seen = PermissionResolver.level(of: context.userID, onLayerIn: chain, at: context.now) ?? .viewer
                let writes = try await planSharesIn(chain, known: &shares)
                layer.permissions = GrantDisclosure.shown(
                    layer.permissions, to: context.userID, seen: seen, writes: writes)
                layer.myPermission = writes ? seen : min(seen, .viewer)
            }
            result.append(layer)
        }
        return result
    }

    /// `annotations` as the user is shown them: grants cut to what they may see, and
    /// `myPermission`, their level as it counts for changes. Their own need no read; for the
    /// others, each layer's chain and each space owner's plan is read once.
    func disclosingGrants(_ annotations: [Annotation]) async throws -> [Annotation] {
        var result: [Annotation] = []
        result.reserveCapacity(annotations.count)
        var shares: [UserID: Bool] = [:]
        var chains: [LayerID: LayerChain] = [:]
        for var annotation in annotations {
            if annotation.ownerID == context.userID {
                annotation.myPermission = .owner
            } else {
                let chain: LayerChain
                if let known = chains[annotation.layerID] {
                    chain = known
                } else {
                    chain = try await store.layerChain(startingAt: annotation.layerID)
                    chains[annotation.layerID] = chain
                }
                let seen =
                    PermissionResolver.level(of: context.userID, on: annotation, in: chain, at: context.now) ?? .viewer
                let writes = try await planSharesIn(chain, known: &shares)
                annotation.permissions = GrantDisclosure.shown(
                    annotation.permissions, to: context.userID, seen: seen, writes: writes)
                annotation.myPermission = writes ? seen : min(seen, .viewer)
            }
            result.append(annotation)
        }
        return result
    }

    /// Whether writing in the space of `chain` is as the user's level says: they own a layer of it,
    /// or its owner's plan shares (``writingLevel(_:onLayerIn:)``, with plans read once per owner).
    private func planSharesIn(_ chain: LayerChain, known: inout [UserID: Bool]) async throws -> Bool {
        guard !ownsAny(chain), let spaceOwner = chain.layers.first?.ownerID, spaceOwner != context.userID else {
            return true
        }
        return try await planShares(of: spaceOwner, known: &known)
    }
}
