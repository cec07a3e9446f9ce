import Foundation
import RealityCore

/// The feed of one viewer and scope in PostgreSQL (docs/sync-protocol.md, "Pull"): the SQLite
/// store's `SyncFeedSQL`, ported. Placeholders: `$1` the viewer, `$2` now (milliseconds), `$3` the
/// scope, `$4` the row limit per query, `$5`…`$7` the cursor (sequence, type position, ID) for
/// the access changes, per record type at position `p` its bound `$(6 + 2p)`, `$(7 + 2p)`
/// (``PostgresSyncBound``), then the text bounds of the published kinds
/// (``publishedBoundPlaceholders(_:)``).
///
/// IDs are `uuid`, which PostgreSQL orders like their lowercase text, as SQLite orders the text:
/// both stores give one feed the same order.
enum PostgresSyncFeedSQL {
    /// The last position (``SyncFeedOrder``) of a record type keyed by `uuid`: positions 1
    /// through it have `uuid` bounds. Published kinds, keyed by text, have text bounds after them
    /// (``publishedKinds``).
    static let lastPosition =
        RecordType.allCases.filter { $0.published == nil }.compactMap(SyncFeedOrder.position(of:)).max() ?? 0

    /// The published kinds the feed carries (in every public scope), each with its table and feed
    /// position, in the order of their bounds.
    static let publishedKinds: [(type: RecordType, table: String, position: Int)] =
        RecordType.publishedKinds.compactMap { type in
            guard let table = type.published?.tableName, let position = SyncFeedOrder.position(of: type) else {
                return nil
            }
            return (type, table, position)
        }

    /// The placeholders of the bound of the record type at `position`.
    static func boundPlaceholders(_ position: Int) -> (sequence: String, id: String) {
        ("$\(6 + 2 * position)", "$\(7 + 2 * position)")
    }

    /// The placeholders of the text bound of the published kind at `index` in ``publishedKinds``.
    static func publishedBoundPlaceholders(_ index: Int) -> (sequence: String, id: String) {
        ("$\(8 + 2 * (lastPosition + index))", "$\(9 + 2 * (lastPosition + index))")
    }

    /// The rows of the published kind at `index` in ``publishedKinds`` after its bound, only in a
    /// public scope: `seq, t, key` (the text ID). IDs compare byte by byte (`COLLATE "C"`), as
    /// the feed's page orders them.
    static func published(_ index: Int) -> String {
        let (_, table, position) = publishedKinds[index]
        let (s, i) = publishedBoundPlaceholders(index)
        return """
            SELECT changeSeq, \(position), id FROM \(table)
            WHERE $3 = 'public' AND (changeSeq, id COLLATE "C") > (\(s), \(i) COLLATE "C")
            ORDER BY changeSeq, id COLLATE "C" LIMIT $4
            """
    }

    /// `reach(id, via)`: layers the viewer may see, `via` 0 through ownership or a grant (the
    /// shared scope), 1 through a public layer; `personal`, `open_layers`, `layer_grants` and
    /// `direct` (annotations granted to the viewer) built from it.
    static let reachCTE = """
        reach(id, via, depth) AS (
            SELECT id, 0, 0 FROM layers WHERE ownerID = $1 AND NOT isDeleted
            UNION
            SELECT g.targetID, 0, 0 FROM grants g JOIN layers l ON l.id = g.targetID AND NOT l.isDeleted
            WHERE g.targetType = 'layer' AND g.userID = $1 AND (g.expiresAt IS NULL OR g.expiresAt > $2)
            UNION
            SELECT id, 1, 0 FROM layers WHERE isPublic AND NOT isDeleted
            UNION
            SELECT c.id, p.via, p.depth + 1 FROM layers c JOIN reach p ON c.parentLayerID = p.id
            WHERE NOT c.isDeleted AND p.depth < \(LayerChain.maxDepth - 1)
        ),
        personal(id) AS (SELECT id FROM reach WHERE via = 0),
        open_layers(id) AS (SELECT id FROM reach WHERE via = 1),
        layer_grants(id) AS (
            SELECT targetID FROM grants
            WHERE targetType = 'layer' AND userID = $1 AND (expiresAt IS NULL OR expiresAt > $2)),
        direct(id) AS (
            SELECT targetID FROM grants
            WHERE targetType = 'annotation' AND userID = $1 AND (expiresAt IS NULL OR expiresAt > $2))
        """

    /// The scope of annotation alias `a` for the viewer, or NULL when they may not see it.
    static let annotationScope = """
        (CASE WHEN a.ownerID = $1 THEN 'private'
              WHEN a.layerID IN (SELECT id FROM personal) OR a.id IN (SELECT id FROM direct) THEN 'shared'
              WHEN a.layerID IN (SELECT id FROM open_layers) THEN 'public' END)
        """

    /// The scope of layer alias `l` for the viewer, or NULL. A deleted layer stays in the scope
    /// it was in (through its parent, a grant on it, or being public), so its deletion comes down.
    static let layerScope = """
        (CASE WHEN l.ownerID = $1 THEN 'private'
              WHEN l.id IN (SELECT id FROM personal) OR (l.isDeleted AND (l.parentLayerID IN (SELECT id FROM personal)
                  OR l.id IN (SELECT id FROM layer_grants))) THEN 'shared'
              WHEN l.id IN (SELECT id FROM open_layers)
                  OR (l.isDeleted AND (l.isPublic OR l.parentLayerID IN (SELECT id FROM open_layers))) THEN 'public' END)
        """

    /// Records of one type whose change tag is after the type's bound, in the scope, oldest
    /// first: at most `$4`. Selects `seq, t, id, inScope`.
    static func changed(_ type: RecordType) -> String? {
        guard let position = SyncFeedOrder.position(of: type) else { return nil }
        let (s, i) = boundPlaceholders(position)
        func own(_ table: String, _ id: String, _ owner: String) -> String {
            """
            SELECT changeSeq, \(position), \(id), true FROM \(table)
            WHERE \(owner) = $1 AND $3 = 'private' AND (changeSeq, \(id)) > (\(s), \(i))
            ORDER BY changeSeq, \(id) LIMIT $4
            """
        }
        if let table = PostgresOwnedTables.byType[type]?.name { return own(table, "id", "ownerID") }
        switch type {
        case .layer:
            return """
                SELECT l.changeSeq, \(position), l.id, true FROM layers l
                WHERE (l.changeSeq, l.id) > (\(s), \(i)) AND \(layerScope) = $3 ORDER BY l.changeSeq, l.id LIMIT $4
                """
        case .annotation:
            return """
                SELECT a.changeSeq, \(position), a.id, true FROM annotations a
                WHERE (a.changeSeq, a.id) > (\(s), \(i)) AND \(annotationScope) = $3 ORDER BY a.changeSeq, a.id LIMIT $4
                """
        case .comment:
            return """
                SELECT c.changeSeq, \(position), c.id, true FROM comments c JOIN annotations a ON a.id = c.annotationID
                WHERE (c.changeSeq, c.id) > (\(s), \(i)) AND \(annotationScope) = $3 ORDER BY c.changeSeq, c.id LIMIT $4
                """
        case .user: return own("users", "id", "id")
        case .star: return own("stars", "annotationID", "userID")
        case .notification: return own("notifications", "id", "recipientID")
        case .worldMap:
            return """
                SELECT w.changeSeq, \(position), w.id, true FROM world_maps w
                WHERE (w.changeSeq, w.id) > (\(s), \(i)) AND \(worldMapScope) = $3 ORDER BY w.changeSeq, w.id LIMIT $4
                """
        default: return nil
        }
    }

    /// The scope of world map alias `w` for the viewer, or NULL: as in the SQLite store's
    /// `SyncFeedSQL.worldMapScope` (anchors are shared with whoever may see the annotations placed
    /// at them).
    static let worldMapScope = """
        (CASE WHEN w.ownerID = $1 THEN 'private'
              WHEN (w.isShared AND w.sharedWith ? $1::text)
                  OR EXISTS (SELECT 1 FROM anchors an JOIN annotations a ON a.anchorID = an.id WHERE an.worldMapID = w.id
                      AND (a.ownerID = $1 OR a.layerID IN (SELECT id FROM personal) OR a.id IN (SELECT id FROM direct)))
                  THEN 'shared'
              WHEN EXISTS (SELECT 1 FROM anchors an JOIN annotations a ON a.anchorID = an.id WHERE an.worldMapID = w.id
                  AND a.layerID IN (SELECT id FROM open_layers)) THEN 'public' END)
        """

    /// What access changes from commit `$5` on bring into or take out of view: `seq, t, id, scope,
    /// rel` rows, as in the SQLite store's `SyncFeedSQL.expanded`: the record's scope for the viewer
    /// now (NULL when they may not see it), and whether it may have been in this scope before
    /// (never for a record the viewer owns, which stays in their private scope; below the point of
    /// the change, only for records placed there before it and made before the cursor `$5`, and
    /// comments with their annotations).
    static let expanded = expandedAccessChanges(
        ownedKinds: OwnedRecordSQL.kindList, ownedDeletions: OwnedRecordSQL.deletions(owner: "$1", scope: "$3"))

    private static func expandedAccessChanges(ownedKinds: String, ownedDeletions: String) -> String {
        """
        ac(seq, recordType, recordID, rel) AS (
            SELECT x.seq, x.recordType, x.recordID,
                (coalesce(x.userID = $1, false)
                    AND ($3 = 'shared' OR x.recordType = 'star'
                        OR (x.recordType IN ('worldMap', \(ownedKinds)) AND $3 = 'private')))
                OR (x.wasPublic AND $3 = 'public')
                OR coalesce(x.contextLayerID IN (
                    SELECT id FROM reach WHERE via = (CASE $3 WHEN 'shared' THEN 0 WHEN 'public' THEN 1 END)), false)
                OR EXISTS (SELECT 1 FROM layers l WHERE l.isDeleted
                    AND (l.id = x.contextLayerID OR (x.recordType = 'layer' AND l.id = x.recordID))
                    AND \(layerScope) = $3)
            FROM sync_access_changes x WHERE x.seq >= $5
        ),
        ac_layers(seq, id, rel, depth) AS (
            SELECT seq, recordID, rel, 0 FROM ac WHERE recordType = 'layer'
            UNION
            SELECT p.seq, c.id, p.rel AND c.placedSeq < p.seq AND c.createdSeq <= $5, p.depth + 1
            FROM layers c JOIN ac_layers p ON c.parentLayerID = p.id
            WHERE p.depth < \(LayerChain.maxDepth - 1)
        ),
        ac_annotations(seq, id, rel) AS (
            SELECT seq, recordID, rel FROM ac WHERE recordType = 'annotation'
            UNION ALL
            SELECT p.seq, a.id, p.rel AND a.placedSeq < p.seq AND a.createdSeq <= $5
            FROM ac_layers p JOIN annotations a ON a.layerID = p.id
        ),
        ac_maps(seq, id, rel) AS (
            SELECT seq, recordID, rel FROM ac WHERE recordType = 'worldMap'
            UNION ALL
            SELECT p.seq, an.worldMapID, p.rel
            FROM ac_annotations p JOIN annotations a ON a.id = p.id JOIN anchors an ON an.id = a.anchorID
        ),
        expanded(seq, t, id, scope, rel) AS (
            SELECT p.seq, 1, p.id, \(layerScope), p.rel AND l.ownerID IS DISTINCT FROM $1
            FROM ac_layers p LEFT JOIN layers l ON l.id = p.id
            UNION ALL
            SELECT p.seq, 2, p.id, \(annotationScope), p.rel AND a.ownerID IS DISTINCT FROM $1
            FROM ac_annotations p LEFT JOIN annotations a ON a.id = p.id
            UNION ALL
            SELECT p.seq, 3, c.id, \(annotationScope),
                p.rel AND a.ownerID IS DISTINCT FROM $1 AND c.createdSeq < p.seq AND (c.createdSeq <= $5 OR c.authorID = $1)
            FROM ac_annotations p JOIN annotations a ON a.id = p.id JOIN comments c ON c.annotationID = a.id
            UNION ALL
            SELECT p.seq, 5, p.recordID, CASE WHEN s.userID IS NOT NULL THEN 'private' END, p.rel
            FROM ac p LEFT JOIN stars s ON s.userID = $1 AND s.annotationID = p.recordID
            WHERE p.recordType = 'star' AND $3 = 'private'
            UNION ALL
            SELECT m.seq, 7, m.id, \(worldMapScope), bool_or(m.rel)
            FROM ac_maps m LEFT JOIN world_maps w ON w.id = m.id GROUP BY m.seq, m.id, w.id
            \(ownedDeletions)
        )
        """
    }

    /// The whole feed read in one statement (one snapshot): the clock's head on every row, then
    /// each query's rows (`seq, t, id, inScope, key`; `id` for the kinds keyed by `uuid`, `key`
    /// for the published kinds; NULL when there are none).
    static let feed: String = {
        let queries = RecordType.allCases.compactMap(Self.changed).map { "(\($0))" }
        let access = """
            (SELECT seq, t, id, coalesce(scope = $3, false) AS inScope FROM expanded
             WHERE (coalesce(scope = $3, false) OR (rel AND scope IS NULL))
               AND ((seq, t) > ($5, $6) OR (seq = $5 AND t = $6 AND id > $7))
             ORDER BY seq, t, id LIMIT $4)
            """
        let published = publishedKinds.indices.map(Self.published).map {
            "UNION ALL\nSELECT seq, t, NULL::uuid, true, key FROM (\($0)) AS p(seq, t, key)"
        }
        return """
            WITH RECURSIVE \(reachCTE), \(expanded),
            keyed(seq, t, id, inScope) AS (
            \((queries + [access]).joined(separator: "\nUNION ALL\n"))
            ),
            found(seq, t, id, inScope, key) AS (
            SELECT seq, t, id, inScope, NULL::text FROM keyed
            \(published.joined(separator: "\n"))
            )
            SELECT c.seq, f.seq, f.t, f.id, f.inScope, f.key FROM sync_clock c LEFT JOIN found f ON true WHERE c.id = 1
            """
    }()
}

/// A cursor's bound for one record type's query, as `(changeSeq, id) > (sequence, id)` on `uuid`
/// IDs: ``SyncFeedRow/bound(for:after:)`` uses the empty string (before every ID) and U+10FFFF
/// (after every ID), which are not UUIDs; `(s - 1, max)` and `(s, max)` select the same rows.
enum PostgresSyncBound {
    /// The greatest UUID: no ID is after it.
    static let maxID = UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))

    /// The bound of the type at `typeOrder` after `cursor`.
    static func bound(for typeOrder: Int, after cursor: SyncCursor) -> (sequence: Int64, id: UUID) {
        let bound = SyncFeedRow.bound(for: typeOrder, after: cursor)
        if bound.recordID.isEmpty { return (bound.sequence - 1, maxID) }
        return (bound.sequence, UUID(uuidString: bound.recordID) ?? maxID)
    }

    /// The cursor's own ID, for the access changes' `(seq, t, id)` comparison: a non-UUID (the
    /// start and after-everything cursors) is after every ID, so only later `(seq, t)` follow.
    static func cursorID(_ cursor: SyncCursor) -> UUID {
        UUID(uuidString: cursor.recordID) ?? maxID
    }
}
