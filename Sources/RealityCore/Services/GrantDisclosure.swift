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

    /// Whether `grants` holds anything besides `viewer`'s own grant, so that which of them to show
    /// depends on the viewer's level.
    static func namesOthers(_ grants: [Permission], besides viewer: UserID) -> Bool {
        grants.contains { $0.userID != viewer }
    }
}

extension AccessControl {
    /// `layers` with their grants cut to what the user is shown; a layer's level is resolved only
    /// when it is not the user's and names others' grants.
    func disclosingGrants(_ layers: [Layer]) async throws -> [Layer] {
        var result: [Layer] = []
        result.reserveCapacity(layers.count)
        var shares: [UserID: Bool] = [:]
        for var layer in layers {
            if layer.ownerID != context.userID, !layer.permissions.isEmpty,
                !(try await planShares(of: layer.ownerID, known: &shares))
            {
                layer.permissions = GrantDisclosure.readOnly(layer.permissions, to: context.userID)
            } else if layer.ownerID != context.userID,
                GrantDisclosure.namesOthers(layer.permissions, besides: context.userID)
            {
                let chain = try await store.layerChain(startingAt: layer.id)
                let level = PermissionResolver.level(of: context.userID, onLayerIn: chain, at: context.now) ?? .viewer
                layer.permissions = GrantDisclosure.visible(layer.permissions, to: context.userID, level: level)
            }
            result.append(layer)
        }
        return result
    }

    /// `annotations` with their grants cut to what the user is shown.
    func disclosingGrants(_ annotations: [Annotation]) async throws -> [Annotation] {
        var result: [Annotation] = []
        result.reserveCapacity(annotations.count)
        var shares: [UserID: Bool] = [:]
        for var annotation in annotations {
            if annotation.ownerID != context.userID, !annotation.permissions.isEmpty,
                let spaceOwner = try await store.layer(id: annotation.layerID)?.ownerID, spaceOwner != context.userID,
                !(try await planShares(of: spaceOwner, known: &shares))
            {
                annotation.permissions = GrantDisclosure.readOnly(annotation.permissions, to: context.userID)
            } else if annotation.ownerID != context.userID,
                GrantDisclosure.namesOthers(annotation.permissions, besides: context.userID)
            {
                let level: PermissionLevel
                do {
                    level = try await visibleAnnotation(annotation.id).2
                } catch ServiceError.notFound {
                    level = .viewer
                }
                annotation.permissions = GrantDisclosure.visible(
                    annotation.permissions, to: context.userID, level: level)
            }
            result.append(annotation)
        }
        return result
    }
}
