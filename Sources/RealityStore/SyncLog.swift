import Foundation
import GRDB
import RealityCore

/// The server's change log in SQLite (docs/sync-protocol.md): numbers each commit, stamps the
/// records it touched, and records access changes and applied push mutations, inside the commit's
/// transaction. What to record is ``SyncJournal``'s decision.
enum SyncLog {
    /// The state ``SyncJournal/accessChanges(for:prior:)`` compares against; read before applying.
    static func prior(for changes: ChangeSet, in db: Database) throws -> SyncJournal.Prior {
        let needed = SyncJournal.priorNeeded(for: changes)
        var prior = SyncJournal.Prior()
        for id in needed.annotations {
            if let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT layerID, anchorID FROM annotations WHERE id = ?"),
                arguments: [id.uuidString]),
                let layerID = LayerID(uuidString: row["layerID"]), let anchorID = AnchorID(uuidString: row["anchorID"])
            {
                prior.annotationLayers[id] = layerID
                prior.annotationAnchors[id] = anchorID
            }
        }
        for id in needed.layers {
            if let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT parentLayerID, isPublic, isDeleted FROM layers WHERE id = ?"),
                arguments: [id.uuidString])
            {
                prior.layers[id] = SyncJournal.PriorLayer(
                    parentLayerID: (row["parentLayerID"] as String?).flatMap(LayerID.init(uuidString:)),
                    isPublic: row["isPublic"], isDeleted: row["isDeleted"])
            }
        }
        for id in needed.worldMaps {
            if let map = try priorWorldMap(id, in: db) { prior.worldMaps[id] = map }
        }
        for id in needed.comments
        where try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM comments WHERE id = ?"), arguments: [id.uuidString]) != nil
        {
            prior.existingComments.insert(id)
        }
        return prior
    }

    /// Who could see world map `id` before the commit: its owner, the users it was shared with, and
    /// through each anchor the layers of the annotations placed there.
    private static func priorWorldMap(_ id: WorldMapID, in db: Database) throws -> SyncJournal.PriorWorldMap? {
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT ownerID, isShared, CAST(sharedWith AS TEXT) AS shared FROM world_maps WHERE id = ?"),
                arguments: [id.uuidString]),
            let ownerID = UserID(uuidString: row["ownerID"])
        else { return nil }
        var map = SyncJournal.PriorWorldMap(ownerID: ownerID)
        if row["isShared"] as Bool, let shared = (row["shared"] as String?)?.data(using: .utf8) {
            map.sharedWith = Set(try JSONDecoder().decode([UserID].self, from: shared))
        }
        let anchored = try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT DISTINCT an.id AS anchorID, a.layerID, a.ownerID
                    FROM anchors an JOIN annotations a ON a.anchorID = an.id WHERE an.worldMapID = ?
                    """),
            arguments: [id.uuidString])
        for row in anchored {
            if let anchorID = AnchorID(uuidString: row["anchorID"]), let layerID = LayerID(uuidString: row["layerID"]),
                let ownerID = UserID(uuidString: row["ownerID"])
            {
                map.anchorLayers[anchorID, default: []].insert(layerID)
                map.anchorOwners[anchorID, default: []].insert(ownerID)
            }
        }
        return map
    }

    /// Numbers the commit and records what it changed; call after applying `changes`. Answers the
    /// number.
    @discardableResult
    static func record(_ changes: ChangeSet, prior: SyncJournal.Prior, at date: Date, in db: Database) throws
        -> Int64
    {
        let seq = try nextSequence(in: db)
        var anchors: [String] = []
        for touch in SyncJournal.touches(for: changes, prior: prior) {
            if case .mapOfAnchor(let id) = touch {
                anchors.append(id.uuidString)
                continue
            }
            let (sql, arguments) = stamp(touch)
            try db.cachedStatement(sql: sql).execute(arguments: StatementArguments([seq] + arguments))
        }
        if !anchors.isEmpty {
            // One statement for the commit's anchors (a push places hundreds of notes, most at
            // anchors in no map).
            try db.cachedStatement(
                sql: """
                    UPDATE world_maps SET changeSeq = ?
                    WHERE id IN (SELECT worldMapID FROM anchors WHERE id IN (SELECT value FROM json_each(?)))
                    """
            ).execute(arguments: [seq, String(decoding: try JSONEncoder().encode(anchors), as: UTF8.self)])
        }
        for placement in SyncJournal.placements(for: changes, prior: prior) {
            let (sql, arguments) = place(placement)
            try db.cachedStatement(sql: sql).execute(arguments: StatementArguments([seq] + arguments))
        }
        for access in SyncJournal.accessChanges(for: changes, prior: prior) {
            try db.cachedStatement(
                sql: """
                    INSERT INTO sync_access_changes (seq, recordType, recordID, contextLayerID, userID, wasPublic)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                seq, access.recordType.rawValue, access.recordID, access.contextLayerID?.uuidString,
                access.userID?.uuidString, access.wasPublic,
            ])
        }
        for case .recordSyncMutation(let userID, let mutationID) in changes.changes {
            try db.cachedStatement(
                sql: """
                    INSERT INTO sync_mutations (userID, mutationID, status, seq, createdAt) VALUES (?, ?, 'saved', ?, ?)
                    ON CONFLICT (userID, mutationID) DO UPDATE SET status = 'saved', seq = excluded.seq, error = NULL
                    """
            ).execute(arguments: [userID.uuidString, mutationID, seq, date.storeValue])
        }
        return seq
    }

    /// Takes the next commit number.
    static func nextSequence(in db: Database) throws -> Int64 {
        try db.execute(sql: "UPDATE sync_clock SET seq = seq + 1 WHERE id = 1")
        return try Int64.fetchOne(db, sql: "SELECT seq FROM sync_clock WHERE id = 1") ?? 0
    }

    /// Makes every token issued so far answer 410 (after an account deletion removed records
    /// that others may hold, without tombstones).
    static func startNewEpoch(in db: Database) throws {
        try db.execute(sql: "UPDATE sync_clock SET seq = seq + 1, epoch = epoch + 1 WHERE id = 1")
    }

    /// The statement that records `placement` with the commit number (its first argument).
    private static func place(_ placement: SyncJournal.Placement) -> (String, [any DatabaseValueConvertible]) {
        switch placement {
        case .annotation(let id, created: true):
            ("UPDATE annotations SET createdSeq = ?1, placedSeq = ?1 WHERE id = ?2", [id.uuidString])
        case .annotation(let id, created: false):
            ("UPDATE annotations SET placedSeq = ?1 WHERE id = ?2", [id.uuidString])
        case .layer(let id, created: true):
            ("UPDATE layers SET createdSeq = ?1, placedSeq = ?1 WHERE id = ?2", [id.uuidString])
        case .layer(let id, created: false):
            ("UPDATE layers SET placedSeq = ?1 WHERE id = ?2", [id.uuidString])
        case .comment(let id): ("UPDATE comments SET createdSeq = ?1 WHERE id = ?2", [id.uuidString])
        }
    }

    private static func stamp(_ touch: SyncJournal.Touch) -> (String, [any DatabaseValueConvertible]) {
        switch touch {
        case .annotation(let id): ("UPDATE annotations SET changeSeq = ? WHERE id = ?", [id.uuidString])
        case .layer(let id): ("UPDATE layers SET changeSeq = ? WHERE id = ?", [id.uuidString])
        case .comment(let id): ("UPDATE comments SET changeSeq = ? WHERE id = ?", [id.uuidString])
        case .user(let id): ("UPDATE users SET changeSeq = ? WHERE id = ?", [id.uuidString])
        case .star(let userID, let annotationID):
            (
                "UPDATE stars SET changeSeq = ? WHERE userID = ? AND annotationID = ?",
                [userID.uuidString, annotationID.uuidString]
            )
        case .notification(let id): ("UPDATE notifications SET changeSeq = ? WHERE id = ?", [id.lowercasedString])
        case .worldMap(let id): ("UPDATE world_maps SET changeSeq = ? WHERE id = ?", [id.uuidString])
        case .mapOfAnchor(let id):
            (
                "UPDATE world_maps SET changeSeq = ? WHERE id = (SELECT worldMapID FROM anchors WHERE id = ?)",
                [id.uuidString]
            )
        case .owned(let type, let id):
            ("UPDATE \(type.sync.table?.name ?? type.rawValue) SET changeSeq = ? WHERE id = ?", [id.lowercasedString])
        }
    }
}
