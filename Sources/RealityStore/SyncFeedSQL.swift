import Foundation
import GRDB
import RealityCore

/// The feed of one viewer and scope in SQL (docs/sync-protocol.md, "Pull"). Arguments: `:u` the
/// viewer, `:now`, `:scope`, and per query the cursor's parts.
enum SyncFeedSQL {
    /// `reach(id, via)`: layers the viewer may see, `via` 0 through ownership or a grant (the
    /// shared scope), 1 through a public layer; `personal`, `open_layers` and `direct` (annotations
    /// granted to the viewer) built from it.
    static let reachCTE = """
        reach(id, via, depth) AS (
            SELECT id, 0, 0 FROM layers WHERE ownerID = :u AND isDeleted = 0
            UNION
            SELECT g.targetID, 0, 0 FROM grants g JOIN layers l ON l.id = g.targetID AND l.isDeleted = 0
            WHERE g.targetType = 'layer' AND g.userID = :u AND (g.expiresAt IS NULL OR g.expiresAt > :now)
            UNION
            SELECT id, 1, 0 FROM layers WHERE isPublic = 1 AND isDeleted = 0
            UNION
            SELECT c.id, p.via, p.depth + 1 FROM layers c JOIN reach p ON c.parentLayerID = p.id
            WHERE c.isDeleted = 0 AND p.depth < \(LayerChain.maxDepth - 1)
        ),
        personal(id) AS (SELECT id FROM reach WHERE via = 0),
        open_layers(id) AS (SELECT id FROM reach WHERE via = 1),
        direct(id) AS (
            SELECT targetID FROM grants
            WHERE targetType = 'annotation' AND userID = :u AND (expiresAt IS NULL OR expiresAt > :now))
        """

    /// The scope of annotation alias `a` for the viewer, or NULL when they may not see it.
    static let annotationScope = """
        (CASE WHEN a.ownerID = :u THEN 'private'
              WHEN a.layerID IN personal OR a.id IN direct THEN 'shared'
              WHEN a.layerID IN open_layers THEN 'public' END)
        """

    /// The scope of layer alias `l` for the viewer, or NULL. A deleted layer stays in the scope
    /// it was in (through its parent, a grant on it, or being public), so its deletion comes down.
    static let layerScope = """
        (CASE WHEN l.ownerID = :u THEN 'private'
              WHEN l.id IN personal OR (l.isDeleted = 1 AND (l.parentLayerID IN personal OR l.id IN (
                  SELECT targetID FROM grants WHERE targetType = 'layer' AND userID = :u
                  AND (expiresAt IS NULL OR expiresAt > :now)))) THEN 'shared'
              WHEN l.id IN open_layers OR (l.isDeleted = 1 AND (l.isPublic = 1 OR l.parentLayerID IN open_layers))
                  THEN 'public' END)
        """

    /// The scope of world map alias `w` for the viewer, or NULL. Anchors are shared with whoever
    /// may see the annotations placed at them: a map comes to the viewer's shared scope when it is
    /// shared with them or holds the anchor of an annotation in their shared or private scope (their
    /// own annotation placed in someone else's map), and to the public scope through an annotation
    /// in a public layer.
    static let worldMapScope = """
        (CASE WHEN w.ownerID = :u THEN 'private'
              WHEN (w.isShared = 1 AND EXISTS (SELECT 1 FROM json_each(CAST(w.sharedWith AS TEXT)) WHERE value = :u))
                  OR EXISTS (SELECT 1 FROM anchors an JOIN annotations a ON a.anchorID = an.id WHERE an.worldMapID = w.id
                      AND (a.ownerID = :u OR a.layerID IN personal OR a.id IN direct)) THEN 'shared'
              WHEN EXISTS (SELECT 1 FROM anchors an JOIN annotations a ON a.anchorID = an.id WHERE an.worldMapID = w.id
                  AND a.layerID IN open_layers) THEN 'public' END)
        """

    /// Records of one type whose change tag is after the bound `(:s, :i)`, in the scope, oldest
    /// first: at most `:limit`. Selects `seq, id`.
    static func changed(_ type: RecordType) -> String? {
        let bound = "(changeSeq, id) > (:s, :i)"
        let tail = "ORDER BY changeSeq, id LIMIT :limit"
        if let table = OwnedRecordTables.byType[type]?.name {
            return
                "SELECT changeSeq AS seq, id FROM \(table) WHERE ownerID = :u AND :scope = 'private' AND \(bound) \(tail)"
        }
        if let table = type.published?.tableName {
            // Published for everyone: every viewer's public scope, whoever they are.
            return "SELECT changeSeq AS seq, id FROM \(table) WHERE :scope = 'public' AND \(bound) \(tail)"
        }
        switch type {
        case .layer:
            return
                "SELECT l.changeSeq AS seq, l.id FROM layers l WHERE (l.changeSeq, l.id) > (:s, :i) AND \(layerScope) = :scope ORDER BY l.changeSeq, l.id LIMIT :limit"
        case .annotation:
            return
                "SELECT a.changeSeq AS seq, a.id FROM annotations a WHERE (a.changeSeq, a.id) > (:s, :i) AND \(annotationScope) = :scope ORDER BY a.changeSeq, a.id LIMIT :limit"
        case .comment:
            return """
                SELECT c.changeSeq AS seq, c.id FROM comments c JOIN annotations a ON a.id = c.annotationID
                WHERE (c.changeSeq, c.id) > (:s, :i) AND \(annotationScope) = :scope ORDER BY c.changeSeq, c.id LIMIT :limit
                """
        case .user:
            return "SELECT changeSeq AS seq, id FROM users WHERE id = :u AND :scope = 'private' AND \(bound) \(tail)"
        case .star:
            return """
                SELECT changeSeq AS seq, annotationID AS id FROM stars WHERE userID = :u AND :scope = 'private'
                AND (changeSeq, annotationID) > (:s, :i) ORDER BY changeSeq, annotationID LIMIT :limit
                """
        case .notification:
            return
                "SELECT changeSeq AS seq, id FROM notifications WHERE recipientID = :u AND :scope = 'private' AND \(bound) \(tail)"
        case .worldMap:
            return
                "SELECT w.changeSeq AS seq, w.id FROM world_maps w WHERE (w.changeSeq, w.id) > (:s, :i) AND \(worldMapScope) = :scope ORDER BY w.changeSeq, w.id LIMIT :limit"
        default:
            return nil
        }
    }

    /// What access changes from commit `:cs` on bring into or take out of view: `seq, t, id, scope,
    /// rel` rows, `scope` being the record's scope for the viewer now (NULL when they may not see
    /// it) and `rel` whether the record may have been in this scope for them before: a grant to the
    /// viewer put it in their shared scope; a star of theirs was private; a world map of theirs, or
    /// one shared with them, was private or shared (and one reached through the annotations placed
    /// in it went where they did); a public
    /// layer put it in the public scope; and a record was wherever the viewer may see (or, once
    /// deleted, see the deletion of) the layer it was in — unless they own it, which keeps it in
    /// their private scope. Below the point of the change, a record may have been there only when it
    /// was placed there before the change and made before the cursor (`:cs`, what the device has
    /// seen): one added after a revoke was never the viewer's to have, and its ID must not reach
    /// them (``SyncJournal/Placement``); a comment goes with its annotation, under the same rule
    /// (the viewer's own comments whenever they were made). ``feedRows`` keeps the records now in
    /// the scope, and deletions of those that may have been in it and that the viewer may no longer
    /// see at all (a record that only moved to another scope comes down there instead, which moves
    /// it on the device).
    static let expanded = expandedAccessChanges(
        ownedKinds: OwnedRecordSQL.kindList,
        ownedDeletions: OwnedRecordSQL.deletions(owner: ":u", scope: ":scope"))

    private static func expandedAccessChanges(ownedKinds: String, ownedDeletions: String) -> String {
        """
        ac(seq, recordType, recordID, rel) AS (
            SELECT x.seq, x.recordType, x.recordID,
                (coalesce(x.userID = :u, 0)
                    AND (:scope = 'shared' OR x.recordType = 'star'
                        OR (x.recordType IN ('worldMap', \(ownedKinds)) AND :scope = 'private')))
                OR (x.wasPublic = 1 AND :scope = 'public')
                OR coalesce(x.contextLayerID IN (
                    SELECT id FROM reach WHERE via = (CASE :scope WHEN 'shared' THEN 0 WHEN 'public' THEN 1 END)), 0)
                OR EXISTS (SELECT 1 FROM layers l WHERE l.isDeleted = 1
                    AND (l.id = x.contextLayerID OR (x.recordType = 'layer' AND l.id = x.recordID))
                    AND \(layerScope) = :scope)
            FROM sync_access_changes x WHERE x.seq >= :cs
        ),
        ac_layers(seq, id, rel, depth) AS (
            SELECT seq, recordID, rel, 0 FROM ac WHERE recordType = 'layer'
            UNION
            SELECT p.seq, c.id, p.rel AND c.placedSeq < p.seq AND c.createdSeq <= :cs, p.depth + 1
            FROM layers c JOIN ac_layers p ON c.parentLayerID = p.id
            WHERE p.depth < \(LayerChain.maxDepth - 1)
        ),
        ac_annotations(seq, id, rel) AS (
            SELECT seq, recordID, rel FROM ac WHERE recordType = 'annotation'
            UNION ALL
            SELECT p.seq, a.id, p.rel AND a.placedSeq < p.seq AND a.createdSeq <= :cs
            FROM ac_layers p JOIN annotations a ON a.layerID = p.id
        ),
        ac_maps(seq, id, rel) AS (
            SELECT seq, recordID, rel FROM ac WHERE recordType = 'worldMap'
            UNION ALL
            SELECT p.seq, an.worldMapID, p.rel
            FROM ac_annotations p JOIN annotations a ON a.id = p.id JOIN anchors an ON an.id = a.anchorID
        ),
        expanded(seq, t, id, scope, rel) AS (
            SELECT p.seq, 1, p.id, \(layerScope), p.rel AND l.ownerID IS NOT :u
            FROM ac_layers p LEFT JOIN layers l ON l.id = p.id
            UNION ALL
            SELECT p.seq, 2, p.id, \(annotationScope), p.rel AND a.ownerID IS NOT :u
            FROM ac_annotations p LEFT JOIN annotations a ON a.id = p.id
            UNION ALL
            SELECT p.seq, 3, c.id, \(annotationScope),
                p.rel AND a.ownerID IS NOT :u AND c.createdSeq < p.seq AND (c.createdSeq <= :cs OR c.authorID = :u)
            FROM ac_annotations p JOIN annotations a ON a.id = p.id JOIN comments c ON c.annotationID = a.id
            UNION ALL
            SELECT p.seq, 5, p.recordID, CASE WHEN s.userID IS NOT NULL THEN 'private' END, p.rel
            FROM ac p LEFT JOIN stars s ON s.userID = :u AND s.annotationID = p.recordID
            WHERE p.recordType = 'star' AND :scope = 'private'
            UNION ALL
            SELECT m.seq, 7, m.id, \(worldMapScope), max(m.rel)
            FROM ac_maps m LEFT JOIN world_maps w ON w.id = m.id GROUP BY m.seq, m.id
            \(ownedDeletions)
        )
        """
    }

    /// The rows of ``expanded`` a page takes: after the cursor `(:cs, :ct, :cid)`, at most `:limit`.
    static let feedRows = """
        SELECT seq, t, id, coalesce(scope = :scope, 0) AS inScope FROM expanded
        WHERE (coalesce(scope = :scope, 0) OR (rel AND scope IS NULL)) AND (seq, t, id) > (:cs, :ct, :cid)
        ORDER BY seq, t, id LIMIT :limit
        """
}
