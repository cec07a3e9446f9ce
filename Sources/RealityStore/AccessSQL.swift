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
    /// `WITH RECURSIVE` clauses defining `visible_layers(id)` for `:viewer` at `:now`.
    ///
    /// Access flows down at most `LayerChain.maxDepth - 1` levels of nesting, because the
    /// resolver's chain holds a layer and only that many ancestors: `reachable_layers` carries the
    /// distance from the layer that grants access (which also bounds the walk when parent links loop).
    static let visibleLayersCTE = """
        reachable_layers(id, depth) AS (
            SELECT id, 0 FROM layers WHERE ownerID = :viewer AND isDeleted = 0
            UNION
            SELECT id, 0 FROM layers WHERE isPublic = 1 AND isDeleted = 0
            UNION
            SELECT g.targetID, 0 FROM grants g JOIN layers l ON l.id = g.targetID AND l.isDeleted = 0
            WHERE g.targetType = 'layer' AND g.userID = :viewer AND (g.expiresAt IS NULL OR g.expiresAt > :now)
            UNION
            SELECT c.id, p.depth + 1 FROM layers c JOIN reachable_layers p ON c.parentLayerID = p.id
            WHERE c.isDeleted = 0 AND p.depth < \(LayerChain.maxDepth - 1)
        ),
        visible_layers(id) AS (SELECT DISTINCT id FROM reachable_layers)
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
