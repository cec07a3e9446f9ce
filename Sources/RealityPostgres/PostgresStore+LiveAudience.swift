import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: LiveAudienceReading {
    public func liveAudience(after sequence: Int64) async throws -> LiveAudience {
        try await read { connection in
            var everyone = false
            var users: Set<UserID> = []
            for (flag, user) in try await connection.rows(LiveAudienceStatement(sequence: sequence), logger: logger) {
                if flag { everyone = true } else if let user { users.insert(UserID(user)) }
            }
            return everyone ? .everyone : .users(users)
        }
    }

    /// Every scope at once, each on a connection of its own and outside a transaction (a glance
    /// needs no snapshot across scopes: each scope's cursor moves to the head its own read saw),
    /// so that a look takes one round trip rather than one per scope; of the records, only the
    /// notifications are loaded.
    public func liveGlance(for viewer: UserID, after cursors: [SyncScope: SyncCursor], limit: Int, now: Date)
        async throws -> [SyncScope: SyncFeedGlance]
    {
        let limit = max(1, limit)
        return try await withThrowingTaskGroup(of: (SyncScope, SyncFeedGlance).self) { group in
            for (scope, cursor) in cursors {
                group.addTask {
                    (scope, try await self.glance(for: viewer, scope: scope, after: cursor, limit: limit, now: now))
                }
            }
            var glances: [SyncScope: SyncFeedGlance] = [:]
            for try await (scope, glance) in group { glances[scope] = glance }
            return glances
        }
    }

    private func glance(for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date)
        async throws -> SyncFeedGlance
    {
        try await read { connection in
            let (rows, head) = try await Self.feedRows(
                for: viewer, scope: scope, after: cursor, limit: limit, now: now, on: connection, logger: logger)
            let counted = SyncFeedGlance.counted(rows, limit: limit, head: head)
            let records =
                counted.notices.isEmpty
                ? [:]
                : try await PostgresSyncRecordLoader(connection: connection, logger: logger)
                    .load(counted.notices, starsOf: viewer)
            return SyncFeedGlance(counted: counted, head: head, records: records)
        }
    }
}

/// The SQLite store's `LiveAudienceSQL` in one prepared statement (the hub runs it after every
/// commit): a first row `(true, NULL)` when an access change or a world map's change follows `$1`,
/// then `(false, user)` for each user tied to a record touched after it.
struct LiveAudienceStatement: PostgresPreparedStatement {
    static let bindingDataTypes: [PostgresDataType] = [.int8]
    typealias Row = (Bool, UUID?)

    /// The commit after which commits count.
    var sequence: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(sequence)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }

    static let sql = """
        WITH RECURSIVE
        touched_annotations(id) AS (
            SELECT id FROM annotations WHERE changeSeq > $1
            UNION SELECT annotationID FROM comments WHERE changeSeq > $1
        ),
        chain(id, depth) AS (
            SELECT id, 0 FROM layers WHERE changeSeq > $1
            UNION SELECT layerID, 0 FROM annotations WHERE id IN (SELECT id FROM touched_annotations)
            UNION SELECT l.parentLayerID, c.depth + 1 FROM chain c JOIN layers l ON l.id = c.id
            WHERE l.parentLayerID IS NOT NULL AND c.depth < \(LayerChain.maxDepth - 1)
        )
        SELECT true, NULL::uuid WHERE EXISTS (SELECT 1 FROM sync_access_changes WHERE seq > $1)
            OR EXISTS (SELECT 1 FROM world_maps WHERE changeSeq > $1)
        UNION ALL
        SELECT false, u FROM (
            SELECT ownerID FROM layers WHERE id IN (SELECT id FROM chain)
            UNION SELECT userID FROM grants WHERE targetType = 'layer' AND targetID IN (SELECT id FROM chain)
            UNION SELECT ownerID FROM annotations WHERE id IN (SELECT id FROM touched_annotations)
            UNION SELECT userID FROM grants WHERE targetType = 'annotation'
                AND targetID IN (SELECT id FROM touched_annotations)
            UNION SELECT userID FROM stars WHERE changeSeq > $1
            UNION SELECT recipientID FROM notifications WHERE changeSeq > $1
            UNION SELECT id FROM users WHERE changeSeq > $1
            \(OwnedRecordSQL.audience(after: "$1"))
        ) AS tied(u)
        """
}
