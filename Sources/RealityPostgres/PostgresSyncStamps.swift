import Foundation
import PostgresNIO
import RealityCore

/// The records a commit touches (``SyncJournal/touches(for:)``), grouped by table, as the
/// statements that lock them and then give them the commit's number.
struct PostgresSyncStamps {
    /// Tables keyed by `id`, with the IDs touched in each, in a fixed order.
    private var byID: [(table: String, ids: [UUID])] = []
    /// Touched stars: (userID, annotationID).
    private var stars: [(UUID, UUID)] = []
    /// Anchors whose world map is touched (``SyncJournal/Touch/mapOfAnchor(_:)``).
    private var anchors: [UUID] = []
    /// Per table, the rows the commit made (``SyncJournal/Placement``): they take its number as
    /// `createdSeq` and, but for comments, `placedSeq`.
    private var created: [String: [UUID]] = [:]
    /// Per table, the rows the commit moved: they take its number as `placedSeq`.
    private var moved: [String: [UUID]] = [:]

    /// `numbered`: new annotations the commit writes with its number (``NumberedCreates``), left
    /// out of the stamps.
    init(
        _ touches: Set<SyncJournal.Touch>, placements: Set<SyncJournal.Placement> = [], numbered: Set<UUID> = []
    ) {
        for placement in placements {
            switch placement {
            case .annotation(let id, true) where numbered.contains(id.rawValue): break
            case .annotation(let id, true): created["annotations", default: []].append(id.rawValue)
            case .annotation(let id, false): moved["annotations", default: []].append(id.rawValue)
            case .layer(let id, true): created["layers", default: []].append(id.rawValue)
            case .layer(let id, false): moved["layers", default: []].append(id.rawValue)
            case .comment(let id): created["comments", default: []].append(id.rawValue)
            }
        }
        var ids: [String: Set<UUID>] = [:]
        for touch in touches {
            switch touch {
            case .annotation(let id) where numbered.contains(id.rawValue): break
            case .annotation(let id): ids["annotations", default: []].insert(id.rawValue)
            case .layer(let id): ids["layers", default: []].insert(id.rawValue)
            case .comment(let id): ids["comments", default: []].insert(id.rawValue)
            case .user(let id): ids["users", default: []].insert(id.rawValue)
            case .notification(let id): ids["notifications", default: []].insert(id)
            case .worldMap(let id): ids["world_maps", default: []].insert(id.rawValue)
            case .star(let userID, let annotationID): stars.append((userID.rawValue, annotationID.rawValue))
            case .mapOfAnchor(let id): anchors.append(id.rawValue)
            case .owned(let type, let id): ids[type.sync.table?.name ?? type.rawValue, default: []].insert(id)
            }
        }
        // Parents before children, every commit in the same order, so lockers queue rather than deadlock.
        let owned = RecordType.ownedKinds.map { $0.tableName }
        for table in ["layers", "annotations", "comments", "users", "notifications", "world_maps"] + owned {
            if let set = ids[table] { byID.append((table, set.sorted { $0.lowercasedString < $1.lowercasedString })) }
        }
        stars.sort { ($0.0.lowercasedString, $0.1.lowercasedString) < ($1.0.lowercasedString, $1.1.lowercasedString) }
        anchors.sort { $0.lowercasedString < $1.lowercasedString }
    }

    /// True when the commit touches no record.
    var isEmpty: Bool { byID.isEmpty && stars.isEmpty && anchors.isEmpty }

    /// The CTEs that lock every touched row that was there before the commit (as an UPDATE
    /// would), parents before children in the order every committer uses, and an expression of
    /// their row counts: a statement whose next step reads `count` runs them first. Nil when
    /// there is nothing to lock.
    func locks(in query: inout PostgresQueryBuilder) -> (ctes: [String], count: String)? {
        var selects: [String] = []
        for (table, ids) in byID {
            // A row the commit made is seen by no other transaction until it commits (and one
            // it upserted over is locked by its write): locking it again would only write it
            // once more. This holds because every save that makes a record is an unconditional
            // upsert applied before the stamps (``PostgresWrites``, `SaveAnnotationsStatement`).
            let made = Set(created[table] ?? [])
            let existing = made.isEmpty ? ids : ids.filter { !made.contains($0) }
            guard !existing.isEmpty else { continue }
            selects.append(
                "SELECT 1 FROM \(table) WHERE id = ANY(\(query.bind(existing))) ORDER BY id FOR NO KEY UPDATE")
        }
        if !stars.isEmpty {
            selects.append(
                """
                SELECT 1 FROM stars WHERE (userID, annotationID) IN (\(starKeys(&query)))
                ORDER BY userID, annotationID FOR NO KEY UPDATE
                """)
        }
        if !anchors.isEmpty {
            selects.append(mapsOfAnchors(&query, locking: true))
        }
        guard !selects.isEmpty else { return nil }
        let ctes = selects.enumerated().map { "l\($0.offset) AS (\($0.element))" }
        let counts = selects.indices.map { "(SELECT count(*) FROM l\($0))" }
        return (ctes, "(" + counts.joined(separator: " + ") + ")")
    }

    /// The UPDATE statements that set every touched row's `changeSeq` to the placeholder `seq`,
    /// and the creation and placement commits of the rows the commit made or moved (in the same
    /// statement: one statement may not update a row twice).
    func updates(to seq: String, in query: inout PostgresQueryBuilder) -> [String] {
        var parts = byID.map { table, ids in
            var sets = ["changeSeq = \(seq)"]
            if let made = created[table] {
                let list = query.bind(made)
                sets.append("createdSeq = CASE WHEN id = ANY(\(list)) THEN \(seq) ELSE createdSeq END")
                if table != "comments" {
                    let placed = query.bind(made + (moved[table] ?? []))
                    sets.append("placedSeq = CASE WHEN id = ANY(\(placed)) THEN \(seq) ELSE placedSeq END")
                }
            } else if let placed = moved[table] {
                sets.append("placedSeq = CASE WHEN id = ANY(\(query.bind(placed))) THEN \(seq) ELSE placedSeq END")
            }
            return "UPDATE \(table) SET \(sets.joined(separator: ", ")) WHERE id = ANY(\(query.bind(ids)))"
        }
        if !stars.isEmpty {
            parts.append("UPDATE stars SET changeSeq = \(seq) WHERE (userID, annotationID) IN (\(starKeys(&query)))")
        }
        if !anchors.isEmpty {
            parts.append(
                "UPDATE world_maps SET changeSeq = \(seq) WHERE id IN (\(mapsOfAnchors(&query, locking: false)))")
        }
        return parts
    }

    /// The world maps holding the touched anchors (most anchors are in none).
    private func mapsOfAnchors(_ query: inout PostgresQueryBuilder, locking: Bool) -> String {
        let maps = "SELECT worldMapID FROM anchors WHERE id = ANY(\(query.bind(anchors)))"
        return locking ? "SELECT 1 FROM world_maps WHERE id IN (\(maps)) ORDER BY id FOR NO KEY UPDATE" : maps
    }

    private func starKeys(_ query: inout PostgresQueryBuilder) -> String {
        "SELECT * FROM unnest(\(query.bind(stars.map(\.0)))::uuid[], \(query.bind(stars.map(\.1)))::uuid[])"
    }
}
