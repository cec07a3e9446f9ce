/// Who may move an annotation into another layer (issue 17): a pure check the device and the
/// server share.
///
/// Whoever owns the layer an annotation sits in controls who else sees it (grants, public). A move
/// hands that control to the target layer's owner, so beyond edit rights on the annotation and on
/// the target layer (checked by the caller), a move into a layer owned by someone other than the
/// annotation's owner and the current layer's owner needs `owner` level on the annotation (its
/// author, or an owner grant). Moves between the same owner's layers, and an author taking their
/// own annotation home, need only edit rights.
public enum MoveRules {
    /// Checks that a user at `moverLevel` on an annotation owned by `annotationOwner`, now in a
    /// layer owned by `currentLayerOwner` (nil when that layer is gone), may move it into a layer
    /// owned by `targetLayerOwner`.
    public static func checkMove(
        annotationOwner: UserID, currentLayerOwner: UserID?, targetLayerOwner: UserID, moverLevel: PermissionLevel
    ) throws(PermissionError) {
        guard moverLevel.canEdit else { throw .cannotEdit }
        if targetLayerOwner == annotationOwner || targetLayerOwner == currentLayerOwner { return }
        guard moverLevel == .owner else { throw .notOwner }
    }
}
