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
    /// notifications are loaded. (One statement reading every scope's feed, tried at stop 50,
    /// took longer: one backend runs the three reads one after another.)
    public func liveGlance(for viewer: UserID, after cursors: [SyncScope: SyncCursor], limit: Int, now: Date)
        async throws -> [SyncScope: SyncFeedGlance]
    {
        let limit = max(1, limit)
        return try await withThrowingTaskGroup(of: [SyncScope: SyncFeedGlance].self) { group in
            for (scope, cursor) in cursors {
                group.addTask {
                    try await self.read { connection in
                        let read = try await Self.feedRows(
                            for: viewer, scope: scope, after: cursor, limit: limit, now: now, on: connection,
                            logger: logger)
                        return try await Self.glances(
                            [scope: read], limit: limit, viewer: viewer, on: connection, logger: logger)
                    }
                }
            }
            var glances: [SyncScope: SyncFeedGlance] = [:]
            for try await glance in group { glances.merge(glance) { $1 } }
            return glances
        }
    }

    /// The glance and the audience in one statement (``SharedLookStatement``), from one snapshot.
    public func liveSharedLook(for viewer: UserID, after looked: Int64, now: Date) async throws -> (
        glance: SyncFeedGlance, audience: LiveAudience
    ) {
        // One entry tells whether the public feed changed.
        let limit = 1
        var query = PostgresQueryBuilder()
        _ = query.bind(viewer.rawValue)
        _ = query.bind(now.storeValue)
        Self.bindFeed(of: .public, after: .after(looked), rowLimit: Int64(limit + 1), into: &query)
        _ = query.bind(looked)
        return try await read { connection in
            var rows: [SyncFeedRow] = []
            var head = looked
            var everyone = false
            var users: Set<UserID> = []
            for (clock, seq, t, id, inScope, key, flag, user) in try await connection.rows(
                SharedLookStatement(bindings: query.binds), logger: logger)
            {
                if let clock {
                    head = clock
                    if let row = Self.feedRow(seq, t, id, inScope, key) { rows.append(row) }
                } else if flag == true {
                    everyone = true
                } else if let user {
                    users.insert(UserID(user))
                }
            }
            let glances = try await Self.glances(
                [.public: (rows, head)], limit: limit, viewer: viewer, on: connection, logger: logger)
            return (
                glances[.public] ?? SyncFeedGlance(changed: false, head: head, notifications: []),
                everyone ? .everyone : .users(users)
            )
        }
    }

    /// The glance at each scope's rows read through its head, with the notifications among
    /// them loaded in one statement.
    private static func glances(
        _ read: [SyncScope: (rows: [SyncFeedRow], head: Int64)], limit: Int, viewer: UserID,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [SyncScope: SyncFeedGlance] {
        let counted = read.mapValues { SyncFeedGlance.counted($0.rows, limit: limit, head: $0.head) }
        let notices = counted.values.flatMap(\.notices)
        let records =
            notices.isEmpty
            ? [:]
            : try await PostgresSyncRecordLoader(connection: connection, logger: logger).load(notices, starsOf: viewer)
        return counted.reduce(into: [:]) { glances, scoped in
            glances[scoped.key] = SyncFeedGlance(
                counted: scoped.value, head: read[scoped.key]?.head ?? 0, records: records)
        }
    }
}

/// The hub's shared look in one statement: the feed statement's rows, then the audience's
/// (``LiveAudienceStatement``, its placeholder after the feed's), from one snapshot, so that the
/// audience covers exactly the commits the glance saw. A feed row has the clock first; an
/// audience row has NULL there and its own two cells last.
struct SharedLookStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT f.*, NULL::boolean, NULL::uuid FROM (\(SyncFeedStatement.sql)) AS f
        UNION ALL
        SELECT \(SyncFeedStatement.nullColumns), a.* FROM (\(
            PostgresStatementText.shifting(
                LiveAudienceStatement.sql, from: 1, by: SyncFeedStatement.bindingDataTypes.count))) AS a
        """
    static let bindingDataTypes = SyncFeedStatement.bindingDataTypes + LiveAudienceStatement.bindingDataTypes
    typealias Row = (Int64?, Int64?, Int?, UUID?, Bool?, String?, Bool?, UUID?)

    /// The bindings, in ``bindingDataTypes``' order.
    var bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
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
