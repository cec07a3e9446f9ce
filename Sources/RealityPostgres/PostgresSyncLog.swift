import Foundation
import PostgresNIO
import RealityCore

/// The server's change log in PostgreSQL (docs/sync-protocol.md), with the SQLite store's
/// `SyncLog` semantics: numbers each commit, stamps the records it touched, and records access
/// changes and applied push mutations, inside the commit's transaction. What to record is
/// ``SyncJournal``'s decision.
struct PostgresSyncLog {
    let connection: PostgresConnection
    let logger: Logger

    /// The state ``SyncJournal/accessChanges(for:prior:)`` compares against; read before applying.
    /// The rows are locked as they are read (the commit writes them next anyway): a concurrent
    /// commit moving the same annotation waits, and then reads where this one put it, so each
    /// access change names the place the record really left.
    func prior(for changes: ChangeSet) async throws -> SyncJournal.Prior {
        let needed = SyncJournal.priorNeeded(for: changes)
        var prior = SyncJournal.Prior()
        if !needed.annotations.isEmpty {
            for (id, layer, anchor) in try await connection.rows(
                """
                SELECT id, layerID, anchorID FROM annotations WHERE id = ANY(\(needed.annotations.map(\.rawValue)))
                ORDER BY id FOR NO KEY UPDATE
                """,
                logger: logger, { row in try row.decode((UUID, UUID, UUID).self) })
            {
                prior.annotationLayers[AnnotationID(id)] = LayerID(layer)
                prior.annotationAnchors[AnnotationID(id)] = AnchorID(anchor)
            }
        }
        if !needed.layers.isEmpty {
            for (id, layer) in try await connection.rows(
                """
                SELECT id, parentLayerID, isPublic, isDeleted FROM layers WHERE id = ANY(\(needed.layers.map(\.rawValue)))
                ORDER BY id FOR NO KEY UPDATE
                """,
                logger: logger,
                { row -> (UUID, SyncJournal.PriorLayer) in
                    var cells = ColumnReader(row)
                    return (
                        try cells.next(UUID.self),
                        SyncJournal.PriorLayer(
                            parentLayerID: try cells.optionalIdentifier(), isPublic: try cells.next(),
                            isDeleted: try cells.next())
                    )
                })
            {
                prior.layers[LayerID(id)] = layer
            }
        }
        if !needed.worldMaps.isEmpty {
            try await priorWorldMaps(needed.worldMaps, into: &prior)
        }
        if !needed.comments.isEmpty {
            for id in try await connection.rows(
                "SELECT id FROM comments WHERE id = ANY(\(needed.comments.map(\.rawValue)))", logger: logger,
                { row in try row.decode(UUID.self) })
            {
                prior.existingComments.insert(CommentID(id))
            }
        }
        return prior
    }

    /// Who could see each of `ids` before the commit: its owner, the users it was shared with, and
    /// through each anchor the layers of the annotations placed there. The maps are locked.
    private func priorWorldMaps(_ ids: [WorldMapID], into prior: inout SyncJournal.Prior) async throws {
        let uuids = ids.map(\.rawValue)
        for (id, owner, shared) in try await connection.rows(
            """
            SELECT id, ownerID, CASE WHEN isShared THEN sharedWith::text ELSE '[]' END FROM world_maps
            WHERE id = ANY(\(uuids)) ORDER BY id FOR UPDATE
            """,
            logger: logger, { row in try row.decode((UUID, UUID, String).self) })
        {
            let sharedWith = try JSONDecoder().decode([UserID].self, from: Data(shared.utf8))
            prior.worldMaps[WorldMapID(id)] = SyncJournal.PriorWorldMap(
                ownerID: UserID(owner), sharedWith: Set(sharedWith))
        }
        for (mapID, anchorID, layerID, ownerID) in try await connection.rows(
            """
            SELECT DISTINCT an.worldMapID, an.id, a.layerID, a.ownerID
            FROM anchors an JOIN annotations a ON a.anchorID = an.id WHERE an.worldMapID = ANY(\(uuids))
            """,
            logger: logger, { row in try row.decode((UUID, UUID, UUID, UUID).self) })
        {
            prior.worldMaps[WorldMapID(mapID)]?.anchorLayers[AnchorID(anchorID), default: []].insert(LayerID(layerID))
            prior.worldMaps[WorldMapID(mapID)]?.anchorOwners[AnchorID(anchorID), default: []].insert(UserID(ownerID))
        }
    }

    /// Numbers the commit and records what it changed; call after applying `changes` but for
    /// `created`, which this statement writes with the number (``NumberedCreates``). A commit
    /// that touches no synced record, moves nothing and records no mutation takes no number.
    /// `notice` (a channel and a payload) is sent in the same statement when the commit takes a
    /// number. Answers the number, nil when it took none (and sent no notice, which the caller
    /// then sends).
    @discardableResult
    func record(
        _ changes: ChangeSet, prior: SyncJournal.Prior, at date: Date, creating created: NumberedCreates? = nil,
        announcing notice: (channel: String, payload: String)? = nil
    ) async throws -> Int64? {
        let created = created?.annotations ?? []
        let stamps = PostgresSyncStamps(
            SyncJournal.touches(for: changes, prior: prior),
            placements: SyncJournal.placements(for: changes, prior: prior),
            numbered: Set(created.map(\.id.rawValue)))
        let access = SyncJournal.accessChanges(for: changes, prior: prior)
        let mutations = changes.changes.compactMap { change -> (UserID, String)? in
            if case .recordSyncMutation(let userID, let mutationID) = change { return (userID, mutationID) }
            return nil
        }
        guard !stamps.isEmpty || !access.isEmpty || !mutations.isEmpty || !created.isEmpty else { return nil }
        // The row lock the clock's UPDATE takes on its one row is held until COMMIT, so the next
        // committer's UPDATE waits for this transaction to end: numbers are handed out one at a
        // time and become visible in order. A reader that sees the clock at N therefore sees every
        // commit numbered up to N, and none numbered after it, in one snapshot: it can never step
        // past a number whose commit is still in flight (and would later appear behind its cursor).
        // The lock is taken last, after the commit's own writes (but for the new notes it writes
        // with its number, ``NumberedCreates``), so committers overlap until here.
        // One statement locks the touched rows, takes the number, stamps the records with it and
        // sends `notice`, in that order: the clock's condition reads the locks' counts, so the
        // rows are locked before the clock (a commit never sits on the clock while blocked behind
        // another's row lock), and the stamps read the clock's row.
        var query = PostgresQueryBuilder()
        let locks = stamps.locks(in: &query)
        let seq = "(SELECT seq FROM clock)"
        var parts = stamps.updates(to: seq, in: &query)
        if !created.isEmpty {
            let rows = try AnnotationColumns.table.unnest(
                created,
                extra: [(SaveAnnotationsStatement.words.name, try SaveAnnotationsStatement.words(of: created))],
                into: &query)
            parts.append(SaveAnnotationsStatement.insert(from: rows, numbered: seq))
        }
        if !access.isEmpty {
            parts.append(
                """
                INSERT INTO sync_access_changes (seq, recordType, recordID, contextLayerID, userID, wasPublic)
                SELECT \(seq), t, r::uuid, nullif(c, '')::uuid, nullif(u, '')::uuid, p
                FROM unnest(\(query.bind(access.map(\.recordType.rawValue)))::text[],
                    \(query.bind(access.map(\.recordID)))::text[],
                    \(query.bind(access.map { $0.contextLayerID?.uuidString ?? "" }))::text[],
                    \(query.bind(access.map { $0.userID?.uuidString ?? "" }))::text[],
                    \(query.bind(access.map(\.wasPublic)))::boolean[]) AS x(t, r, c, u, p)
                """)
        }
        if !mutations.isEmpty {
            parts.append(
                """
                INSERT INTO sync_mutations (userID, mutationID, status, seq, createdAt)
                SELECT u, m, 'saved', \(seq), \(query.bind(date.storeValue))
                FROM unnest(\(query.bind(mutations.map(\.0.rawValue)))::uuid[],
                    \(query.bind(mutations.map(\.1)))::text[]) AS x(u, m)
                ON CONFLICT (userID, mutationID) DO UPDATE SET status = 'saved', seq = EXCLUDED.seq, error = NULL
                """)
        }
        let announce = notice.map { ", pg_notify(\(query.bind($0.channel)), \(query.bind($0.payload)))" } ?? ""
        let afterLocks = locks.map { " AND \($0.count) >= 0" } ?? ""
        let clock = "clock AS (UPDATE sync_clock SET seq = seq + 1 WHERE id = 1\(afterLocks) RETURNING seq)"
        let ctes = (locks?.ctes ?? []) + [clock] + parts.enumerated().map { "w\($0.offset) AS (\($0.element))" }
        let numbered = try await connection.rows(
            query.query("WITH " + ctes.joined(separator: ",\n") + "\nSELECT seq\(announce) FROM clock"),
            logger: logger, { try $0.decode(Int64.self) })
        guard let number = numbered.first else { throw StoreError.unavailable(detail: "sync_clock has no row") }
        return number
    }

    /// Makes every token issued so far answer 410 (after an account deletion removed records
    /// that others may hold, without tombstones).
    func startNewEpoch() async throws {
        try await connection.query(
            "UPDATE sync_clock SET seq = seq + 1, epoch = epoch + 1 WHERE id = 1", logger: logger)
    }

    private static func pair(_ row: PostgresRow) throws -> (UUID, UUID) {
        var cells = ColumnReader(row)
        return (try cells.next(UUID.self), try cells.next(UUID.self))
    }
}

/// A query whose text names its binds as it is written (`$1`, `$2`, …).
struct PostgresQueryBuilder {
    private(set) var binds = PostgresBindings()

    /// Binds `value` and answers its placeholder.
    mutating func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds `value`, whose encoding may fail, and answers its placeholder.
    mutating func bindThrowing(_ value: some PostgresThrowingDynamicTypeEncodable) throws -> String {
        try binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds NULL and answers its placeholder.
    mutating func bindNull() -> String {
        binds.appendNull()
        return "$\(binds.count)"
    }

    /// The query `sql` with the binds made so far.
    func query(_ sql: String) -> PostgresQuery {
        PostgresQuery(unsafeSQL: sql, binds: binds)
    }
}
