import Foundation
import GRDB
import RealityCore

extension SQLiteServerStore: LiveAudienceReading {
    public func liveAudience(after sequence: Int64) async throws -> LiveAudience {
        try await read { db in
            let arguments: StatementArguments = ["s": sequence]
            if try Bool.fetchOne(db.cachedStatement(sql: LiveAudienceSQL.everyone), arguments: arguments) ?? true {
                return .everyone
            }
            let users = try String.fetchAll(db.cachedStatement(sql: LiveAudienceSQL.users), arguments: arguments)
            return .users(Set(users.compactMap(UserID.init(uuidString:))))
        }
    }

    /// Every scope from one snapshot; of the records, only the notifications are loaded.
    public func liveGlance(for viewer: UserID, after cursors: [SyncScope: SyncCursor], limit: Int, now: Date)
        async throws -> [SyncScope: SyncFeedGlance]
    {
        let limit = max(1, limit)
        return try await read { db in
            try cursors.reduce(into: [:]) { glances, scoped in
                let (rows, head) = try Self.feedRows(
                    for: viewer, scope: scoped.key, after: scoped.value, limit: limit, now: now, in: db)
                let counted = SyncFeedGlance.counted(rows, limit: limit, head: head)
                let records =
                    counted.notices.isEmpty ? [:] : try SyncRecordLoader.load(counted.notices, starsOf: viewer, in: db)
                glances[scoped.key] = SyncFeedGlance(counted: counted, head: head, records: records)
            }
        }
    }
}

/// ``LiveAudience`` in SQL; `:s` is the sequence after which commits count.
enum LiveAudienceSQL {
    /// True when an access change or a world map's change follows `:s`.
    static let everyone = """
        SELECT EXISTS (SELECT 1 FROM sync_access_changes WHERE seq > :s)
            OR EXISTS (SELECT 1 FROM world_maps WHERE changeSeq > :s)
        """

    /// The users tied to the records touched after `:s` (see ``LiveAudience/users(_:)``): the
    /// chain of each touched layer, annotation and comment goes as far up as the feed's reach
    /// comes down (`LayerChain.maxDepth` layers).
    static let users = """
        WITH RECURSIVE
        touched_annotations(id) AS (
            SELECT id FROM annotations WHERE changeSeq > :s
            UNION SELECT annotationID FROM comments WHERE changeSeq > :s
        ),
        chain(id, depth) AS (
            SELECT id, 0 FROM layers WHERE changeSeq > :s
            UNION SELECT layerID, 0 FROM annotations WHERE id IN touched_annotations
            UNION SELECT l.parentLayerID, c.depth + 1 FROM chain c JOIN layers l ON l.id = c.id
            WHERE l.parentLayerID IS NOT NULL AND c.depth < \(LayerChain.maxDepth - 1)
        )
        SELECT ownerID FROM layers WHERE id IN (SELECT id FROM chain)
        UNION SELECT userID FROM grants WHERE targetType = 'layer' AND targetID IN (SELECT id FROM chain)
        UNION SELECT ownerID FROM annotations WHERE id IN touched_annotations
        UNION SELECT userID FROM grants WHERE targetType = 'annotation' AND targetID IN touched_annotations
        UNION SELECT userID FROM stars WHERE changeSeq > :s
        UNION SELECT recipientID FROM notifications WHERE changeSeq > :s
        UNION SELECT id FROM users WHERE changeSeq > :s
        \(OwnedRecordSQL.audience(after: ":s"))
        """
}
