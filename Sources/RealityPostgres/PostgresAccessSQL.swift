import Foundation
import RealityCore

/// The access rule of `PermissionResolver` in PostgreSQL, the counterpart of the SQLite store's
/// `AccessSQL`, so that lists are filtered where the rows are (SPEC D1).
///
/// A viewer may see a layer they own, one that is public, one on which they hold an active grant,
/// and every layer nested inside one of those, at most `LayerChain.maxDepth - 1` levels down: the
/// resolver's chain holds a layer and only that many ancestors, so access from farther up counts
/// for nothing there, and here. The depth also ends the walk when stored parent links loop. They
/// may see an annotation they own, one with an active direct grant to them, and every annotation
/// in a layer they may see.
enum PostgresAccessSQL {
    /// `WITH RECURSIVE` clauses defining `visible_layers(id)` for the viewer bound at `viewer`
    /// (a `uuid` placeholder such as `$1`) at the instant bound at `now` (milliseconds).
    static func visibleLayersCTE(viewer: String, now: String) -> String {
        """
        reachable_layers(id, depth) AS (
            SELECT id, 0 FROM layers WHERE ownerID = \(viewer) AND NOT isDeleted
            UNION
            SELECT id, 0 FROM layers WHERE isPublic AND NOT isDeleted
            UNION
            SELECT g.targetID, 0 FROM grants g JOIN layers l ON l.id = g.targetID AND NOT l.isDeleted
            WHERE g.targetType = 'layer' AND g.userID = \(viewer) AND (g.expiresAt IS NULL OR g.expiresAt > \(now))
            UNION
            SELECT c.id, p.depth + 1 FROM layers c JOIN reachable_layers p ON c.parentLayerID = p.id
            WHERE NOT c.isDeleted AND p.depth < \(LayerChain.maxDepth - 1)
        ),
        visible_layers(id) AS (SELECT DISTINCT id FROM reachable_layers)
        """
    }

    /// A predicate on annotation alias `a`: the viewer may see the row at `now`.
    static func annotationPredicate(viewer: String, now: String) -> String {
        """
        (a.ownerID = \(viewer)
         OR a.layerID IN (SELECT id FROM visible_layers)
         OR a.id IN (
            SELECT targetID FROM grants
            WHERE targetType = 'annotation' AND userID = \(viewer) AND (expiresAt IS NULL OR expiresAt > \(now))))
        """
    }
}
