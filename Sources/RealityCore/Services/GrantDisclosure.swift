import Foundation

/// Which grants of a layer or an annotation a user is shown (issue 17): every grant to whoever may
/// manage them (share rights: editor or above, the same level that may grant and revoke), and to
/// anyone else only their own. A viewer learns nothing about who else was let in.
enum GrantDisclosure {
    /// The grants among `grants` that a user at `level` is shown.
    static func visible(_ grants: [Permission], to viewer: UserID, level: PermissionLevel) -> [Permission] {
        level.canShare ? grants : grants.filter { $0.userID == viewer }
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
        for var layer in layers {
            if layer.ownerID != context.userID, GrantDisclosure.namesOthers(layer.permissions, besides: context.userID) {
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
        for var annotation in annotations {
            if annotation.ownerID != context.userID,
               GrantDisclosure.namesOthers(annotation.permissions, besides: context.userID)
            {
                let level: PermissionLevel
                do {
                    level = try await visibleAnnotation(annotation.id).2
                } catch ServiceError.notFound {
                    level = .viewer
                }
                annotation.permissions = GrantDisclosure.visible(annotation.permissions, to: context.userID, level: level)
            }
            result.append(annotation)
        }
        return result
    }
}
