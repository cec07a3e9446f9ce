import Foundation
import GRDB
import RealityCore

/// The access rule of `PermissionResolver`, written in SQL so that lists are filtered where the
/// rows are (SPEC D1). Tests check that both give the same answers.
///
/// A viewer may see a layer they own, one that is public, one on which they hold an active grant,
/// and every layer nested inside one of those. They may see an annotation they own, one with an
/// active direct grant to them, and every annotation in a layer they may see.
enum AccessSQL {
    /// `WITH RECURSIVE` clause defining `visible_layers(id)` for `:viewer` at `:now`.
    static let visibleLayersCTE = """
        visible_layers(id) AS (
            SELECT id FROM layers WHERE ownerID = :viewer AND isDeleted = 0
            UNION
            SELECT id FROM layers WHERE isPublic = 1 AND isDeleted = 0
            UNION
            SELECT g.targetID FROM grants g JOIN layers l ON l.id = g.targetID AND l.isDeleted = 0
            WHERE g.targetType = 'layer' AND g.userID = :viewer AND (g.expiresAt IS NULL OR g.expiresAt > :now)
            UNION
            SELECT c.id FROM layers c JOIN visible_layers p ON c.parentLayerID = p.id WHERE c.isDeleted = 0
        )
        """

    /// A predicate on annotation alias `a`: `:viewer` may see the row at `:now`.
    static let annotationPredicate = """
        (a.ownerID = :viewer
         OR a.layerID IN visible_layers
         OR a.id IN (
            SELECT targetID FROM grants
            WHERE targetType = 'annotation' AND userID = :viewer AND (expiresAt IS NULL OR expiresAt > :now)))
        """
}
