import Foundation
import PostgresNIO
import RealityCore

/// The statements of what a pull settles first (``PullHousekeeping``): each read on its own, and
/// both in one statement, from the same text. `$1` is the viewer, `$2` the time.
enum PostgresPullHousekeeping {
    /// The plans of the viewer and of the owners of what is shared with them by a grant in force:
    /// the user, plan, its end, and what the feed last showed.
    static let plans = """
        WITH relevant(id) AS (
            SELECT $1::uuid
            UNION
            SELECT l.ownerID FROM grants g JOIN layers l ON l.id = g.targetID
            WHERE g.targetType = 'layer' AND g.userID = $1 AND (g.expiresAt IS NULL OR g.expiresAt > $2)
            UNION
            SELECT l.ownerID FROM grants g JOIN annotations a ON a.id = g.targetID JOIN layers l ON l.id = a.layerID
            WHERE g.targetType = 'annotation' AND g.userID = $1 AND (g.expiresAt IS NULL OR g.expiresAt > $2)
        )
        SELECT u.id, u.subscriptionTier, u.subscriptionExpiresAt, p.sharing
        FROM relevant r JOIN users u ON u.id = r.id LEFT JOIN plan_sharing p ON p.userID = r.id
        """

    /// The targets of the viewer's grants that expired: the kind, then the ID.
    static let expiredGrants = "SELECT targetType, targetID FROM grants WHERE userID = $1 AND expiresAt <= $2"

    /// Both: a grant's rows start with its kind, a plan's with NULL; grants come first, ordered
    /// as ``PostgresStore/expiredGrants(of:at:)`` orders them.
    static let both = """
        SELECT * FROM (SELECT targetType AS kind, targetID AS id, NULL::text, NULL::bigint, NULL::boolean
                       FROM (\(expiredGrants)) AS grants
                       UNION ALL
                       SELECT NULL, * FROM (\(plans)) AS plans) AS housekeeping
        ORDER BY kind NULLS LAST, id
        """

    /// The statement `sql` for `viewer` at `now`.
    static func query(_ sql: String, viewer: UserID, now: Date) -> PostgresQuery {
        var query = PostgresQueryBuilder()
        _ = query.bind(viewer.rawValue)
        _ = query.bind(now.storeValue)
        return query.query(sql)
    }

    /// The plan in a row of ``plans`` whose cells start at `start`.
    static func plan(_ row: PostgresRow, from start: Int = 0) throws -> PlanSharingState {
        var cells = ColumnReader(row, from: start)
        return PlanSharingState(
            userID: try cells.identifier(), tier: try cells.enumValue(), expiresAt: try cells.optionalDate(),
            shown: try cells.next(Bool?.self))
    }

    /// The grant's target in a row of ``expiredGrants`` whose cells start at `start`; nil for a
    /// kind this server does not know.
    static func target(_ row: PostgresRow, from start: Int = 0) throws -> GrantTarget? {
        var cells = ColumnReader(row, from: start)
        return GrantColumns.target(type: try cells.next(String.self), id: try cells.next(UUID.self))
    }

    /// A row of ``both`` whose cells start at `start`: an expired grant's target (nil for a kind
    /// this server does not know), or a plan.
    static func either(_ row: PostgresRow, from start: Int = 0) throws -> (GrantTarget?, PlanSharingState?) {
        var kind = ColumnReader(row, from: start)
        if try kind.next(String?.self) == nil { return (nil, try plan(row, from: start + 1)) }
        return (try target(row, from: start), nil)
    }
}

extension PostgresStore: PullHousekeepingReading {
    /// Both reads in one statement: one round trip before each pull instead of two.
    /// Prepared (``PullHousekeepingStatement``): it runs before every pull, and planning it
    /// took about 15 times as long as running it.
    public func pullHousekeeping(for viewer: UserID, at now: Date) async throws -> PullHousekeeping {
        let rows = try await read { connection in
            try await connection.rows(PullHousekeepingStatement(viewer: viewer, now: now), logger: logger)
        }
        return PullHousekeeping(expiredGrants: rows.compactMap(\.0), plans: rows.compactMap(\.1))
    }

    /// Both in one statement (``PullStartStatement``): the housekeeping and the page's feed rows,
    /// then the page's records as ``syncFeed(for:scope:after:limit:now:)`` reads them outside a
    /// transaction. Nil for the page when something is to be settled, or when the records do not
    /// stand without a snapshot (the caller's ``syncFeed(for:scope:after:limit:now:)`` then reads
    /// it in one).
    public func pullHousekeeping(
        for viewer: UserID, at now: Date, withPageOf scope: SyncScope, after cursor: SyncCursor, limit: Int
    ) async throws -> (housekeeping: PullHousekeeping, page: SyncFeedPage?) {
        let limit = max(1, limit)
        var query = PostgresQueryBuilder()
        _ = query.bind(viewer.rawValue)
        _ = query.bind(now.storeValue)
        Self.bindFeed(of: scope, after: cursor, rowLimit: Int64(limit + 1), into: &query)
        return try await read { connection in
            var rows: [SyncFeedRow] = []
            var head: Int64 = 0
            var housekeeping = PullHousekeeping(expiredGrants: [], plans: [])
            for row in try await connection.rows(PullStartStatement(bindings: query.binds), logger: logger) {
                switch row {
                case .feed(let clock, let entry):
                    head = clock
                    if let entry { rows.append(entry) }
                case .housekeeping(let grant, let plan):
                    if let grant { housekeeping.expiredGrants.append(grant) }
                    if let plan { housekeeping.plans.append(plan) }
                }
            }
            guard housekeeping.isSettled(at: now) else { return (housekeeping, nil) }
            return (
                housekeeping,
                try await Self.page(of: rows, head: head, viewer: viewer, limit: limit, on: connection, logger: logger)
            )
        }
    }

    public func expiredGrants(of user: UserID, at now: Date) async throws -> [GrantTarget] {
        let query = PostgresPullHousekeeping.query(
            PostgresPullHousekeeping.expiredGrants + " ORDER BY targetType, targetID", viewer: user, now: now)
        return try await read { connection in
            try await connection.rows(query, logger: logger) { try PostgresPullHousekeeping.target($0) }.compactMap {
                $0
            }
        }
    }

    public func planSharing(relevantTo viewer: UserID, at now: Date) async throws -> [PlanSharingState] {
        let query = PostgresPullHousekeeping.query(PostgresPullHousekeeping.plans, viewer: viewer, now: now)
        return try await read { connection in
            try await connection.rows(query, logger: logger) { try PostgresPullHousekeeping.plan($0) }
        }
    }
}

/// ``PostgresPullHousekeeping/both`` prepared once per connection.
struct PullHousekeepingStatement: PostgresPreparedStatement {
    static let sql = PostgresPullHousekeeping.both
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .int8]
    /// An expired grant's target (nil for a kind this server does not know), or a plan.
    typealias Row = (GrantTarget?, PlanSharingState?)

    var viewer: UserID
    var now: Date

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(viewer.rawValue)
        bindings.append(now.storeValue)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try PostgresPullHousekeeping.either(row) }
}

/// The feed statement and the housekeeping in one (``SyncFeedStatement`` and
/// ``PostgresPullHousekeeping/both``, which bind the same viewer and time as `$1` and `$2`): one
/// round trip before each pull instead of two. A feed row has the clock first; a housekeeping row
/// has NULL there and its own cells after the feed's.
struct PullStartStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT f.*, NULL::text, NULL::uuid, NULL::text, NULL::bigint, NULL::boolean
        FROM (\(SyncFeedStatement.sql)) AS f
        UNION ALL
        SELECT \(SyncFeedStatement.nullColumns), h.* FROM (\(PostgresPullHousekeeping.both)) AS h
        """
    static let bindingDataTypes = SyncFeedStatement.bindingDataTypes

    /// A row of the feed (the clock, and an entry unless the row only carries the clock), or of
    /// the housekeeping.
    enum Row {
        case feed(clock: Int64, SyncFeedRow?)
        case housekeeping(GrantTarget?, PlanSharingState?)
    }

    /// The bindings, in ``bindingDataTypes``' order.
    var bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = ColumnReader(row)
        guard let clock = try cells.next(Int64?.self) else {
            let (grant, plan) = try PostgresPullHousekeeping.either(row, from: SyncFeedStatement.columnCount)
            return .housekeeping(grant, plan)
        }
        let (seq, t, id, inScope, key) = (
            try cells.next(Int64?.self), try cells.next(Int?.self), try cells.next(UUID?.self),
            try cells.next(Bool?.self), try cells.next(String?.self)
        )
        return .feed(clock: clock, PostgresStore.feedRow(seq, t, id, inScope, key))
    }
}
