import Foundation
import PostgresNIO
import RealityCore

/// The feed (``PostgresSyncFeedSQL/feed``) prepared once per connection: parsed once, and
/// PostgreSQL may keep one generic plan of it when that plan costs no more than the ones it
/// makes for each call's values (planning cost 14 of the 15 ms a page took as a one-off
/// statement; issue 24, measured with `log_min_duration_statement`). Forcing the generic plan
/// was tried and refused: a plan made while the tables were empty made a first sync ten times
/// slower.
struct SyncFeedStatement: PostgresPreparedStatement {
    static let sql = PostgresSyncFeedSQL.feed
    /// Viewer, now, scope, limit, the access changes' cursor (sequence, type, ID), then a bound
    /// (sequence, ID) per record type position, then a text bound per published kind.
    static let bindingDataTypes: [PostgresDataType] =
        [.uuid, .int8, .text, .int8, .int8, .int8, .uuid]
        + Array(repeating: [PostgresDataType.int8, .uuid], count: PostgresSyncFeedSQL.lastPosition).flatMap { $0 }
        + Array(repeating: [PostgresDataType.int8, .text], count: PostgresSyncFeedSQL.publishedKinds.count)
        .flatMap { $0 }
    typealias Row = (Int64, Int64?, Int?, UUID?, Bool?, String?)
    /// How many cells a row has (``Row``'s): statements that take the feed's rows beside others
    /// pad the others' with as many NULLs, and read theirs after them.
    static let columnCount = 6

    /// As many NULLs as a feed row has cells, for another statement's rows beside the feed's.
    static let nullColumns = Array(repeating: "NULL", count: columnCount).joined(separator: ", ")

    /// The bindings, in ``bindingDataTypes``' order.
    var bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
}

extension PostgresStore: SyncLogReading {
    /// A record comes down as it was when its row was found. The feed's rows and the clock come
    /// from one statement; the records of the page are read next, outside a transaction, and
    /// kept when none changed since that statement's snapshot (``pageOutsideTransaction``).
    /// Otherwise the page is read again in one read-only REPEATABLE READ transaction, all from
    /// one snapshot.
    public func syncFeed(for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date)
        async throws -> SyncFeedPage
    {
        let limit = max(1, limit)
        return try await read { connection in
            if let page = try await Self.pageOutsideTransaction(
                for: viewer, scope: scope, after: cursor, limit: limit, now: now, on: connection, logger: logger)
            {
                return page
            }
            var page = SyncFeedPage(entries: [], cursor: cursor, moreComing: false, head: 0)
            try await transaction(on: connection, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                let (rows, head) = try await Self.feedRows(
                    for: viewer, scope: scope, after: cursor, limit: limit, now: now, on: connection, logger: logger)
                let found = SyncFeedRow.page(of: rows, limit: limit, head: head)
                let records = try await PostgresSyncRecordLoader(connection: connection, logger: logger)
                    .load(found.rows.filter(\.inScope), starsOf: viewer)
                page = SyncFeedPage(
                    entries: found.rows.map { $0.entry(records) }, cursor: found.cursor,
                    moreComing: found.moreComing, head: head)
            }
            return page
        }
    }

    /// The page read without a transaction, two round trips fewer than in one (BEGIN and
    /// COMMIT): the feed statement, then the records, which stand only when they are as the feed
    /// statement's snapshot had them (``SyncFeedRow/loaded(_:agreeWith:head:)``). Nil when they
    /// are not, or when a record in scope has parts its tag does not vouch for (a world map's
    /// anchors, ``PostgresSyncRecordLoader/loadsInParts(_:)``); the caller then reads the page
    /// in one snapshot.
    private static func pageOutsideTransaction(
        for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> SyncFeedPage? {
        let (rows, head) = try await feedRows(
            for: viewer, scope: scope, after: cursor, limit: limit, now: now, on: connection, logger: logger)
        return try await page(of: rows, head: head, viewer: viewer, limit: limit, on: connection, logger: logger)
    }

    /// The page of feed rows read outside a transaction through `head`, with their records, as
    /// ``pageOutsideTransaction(for:scope:after:limit:now:on:logger:)`` answers it.
    static func page(
        of rows: [SyncFeedRow], head: Int64, viewer: UserID, limit: Int, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> SyncFeedPage? {
        let found = SyncFeedRow.page(of: rows, limit: limit, head: head)
        let inScope = found.rows.filter(\.inScope)
        guard !inScope.contains(where: { $0.recordType.map(PostgresSyncRecordLoader.loadsInParts) ?? true }) else {
            return nil
        }
        let records = try await PostgresSyncRecordLoader(connection: connection, logger: logger)
            .load(inScope, starsOf: viewer)
        guard SyncFeedRow.loaded(records, agreeWith: inScope, head: head) else { return nil }
        return SyncFeedPage(
            entries: found.rows.map { $0.entry(records) }, cursor: found.cursor, moreComing: found.moreComing,
            head: head)
    }

    /// The rows of `viewer`'s feed of `scope` after `cursor` (up to `limit + 1` per kind) and the
    /// commit the feed statement stands at, before any record is loaded.
    static func feedRows(
        for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> (rows: [SyncFeedRow], head: Int64) {
        var query = PostgresQueryBuilder()
        _ = query.bind(viewer.rawValue)
        _ = query.bind(now.storeValue)
        bindFeed(of: scope, after: cursor, rowLimit: Int64(limit + 1), into: &query)
        var head: Int64 = 0
        var rows: [SyncFeedRow] = []
        for (clock, seq, t, id, inScope, key) in try await connection.rows(
            SyncFeedStatement(bindings: query.binds), logger: logger)
        {
            head = clock
            if let row = feedRow(seq, t, id, inScope, key) { rows.append(row) }
        }
        return (rows, head)
    }

    /// Binds the feed statement's placeholders after the viewer and the time (`$3` on): the
    /// scope, at most `rowLimit` rows per kind, the cursor and each kind's bound after it.
    static func bindFeed(
        of scope: SyncScope, after cursor: SyncCursor, rowLimit: Int64, into query: inout PostgresQueryBuilder
    ) {
        _ = query.bind(scope.rawValue)
        _ = query.bind(rowLimit)
        _ = query.bind(cursor.sequence)
        _ = query.bind(Int64(cursor.typeOrder))
        _ = query.bind(PostgresSyncBound.cursorID(cursor))
        for position in 1...PostgresSyncFeedSQL.lastPosition {
            let bound = PostgresSyncBound.bound(for: position, after: cursor)
            _ = query.bind(bound.sequence)
            _ = query.bind(bound.id)
        }
        // Published kinds, keyed by text rather than UUID, in every public scope.
        for kind in PostgresSyncFeedSQL.publishedKinds {
            let bound = SyncFeedRow.bound(for: kind.position, after: cursor)
            _ = query.bind(bound.sequence)
            _ = query.bind(bound.recordID)
        }
    }

    /// The entry in a feed statement's row after the clock's cell; nil for the row that only
    /// carries the clock.
    static func feedRow(_ seq: Int64?, _ t: Int?, _ id: UUID?, _ inScope: Bool?, _ key: String?) -> SyncFeedRow? {
        guard let seq, let t, let inScope, let recordID = id?.lowercasedString ?? key else { return nil }
        return SyncFeedRow(sequence: seq, typeOrder: t, recordID: recordID, inScope: inScope)
    }

    /// From memory while the read caches are trusted (``PostgresReadCaches``): only an account
    /// deletion changes the epoch, and its notice forgets it.
    public func syncEpoch() async throws -> Int64 {
        try await caches.epoch {
            try await read { connection in
                try await connection.rows("SELECT epoch FROM sync_clock WHERE id = 1", logger: logger) {
                    try $0.decode(Int64.self)
                }.first ?? 0
            }
        }
    }

    /// Made by the first instance that asks: each inserts its candidate unless one is there, then
    /// reads the one that won (a separate statement, so it sees a row another instance committed
    /// while this one's insert waited).
    public func syncSecret() async throws -> Data {
        if let known = caches.syncSecret.withLock({ $0 }) { return known }
        let secret = try await readSyncSecret()
        caches.syncSecret.withLock { $0 = secret }
        return secret
    }

    private func readSyncSecret() async throws -> Data {
        try await read { connection in
            if let existing = try await Self.storedSecret(on: connection, logger: logger) { return existing }
            var generator = SystemRandomNumberGenerator()
            let fresh = Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            try await connection.query(
                """
                INSERT INTO meta (key, value) VALUES ('sync.secret', \(fresh.base64EncodedString()))
                ON CONFLICT (key) DO NOTHING
                """, logger: logger)
            guard let secret = try await Self.storedSecret(on: connection, logger: logger) else {
                throw StoreError.unavailable(detail: "meta holds no readable sync.secret")
            }
            return secret
        }
    }

    private static func storedSecret(on connection: PostgresConnection, logger: Logger) async throws -> Data? {
        try await connection.rows("SELECT value FROM meta WHERE key = 'sync.secret'", logger: logger) {
            try $0.decode(String.self)
        }.first.flatMap { Data(base64Encoded: $0) }
    }

    public func changeTag(of recordType: RecordType, id: String) async throws -> String? {
        guard let table = SyncRecordTable.of(recordType), let key = UUID(uuidString: id) else {
            return nil
        }
        var query = PostgresQueryBuilder()
        let sql = "SELECT changeSeq FROM \(table.name) WHERE \(table.key) = \(query.bind(key))"
        return try await read { connection in
            try await connection.rows(query.query(sql), logger: logger) { try $0.decode(Int64.self) }.first.map(
                String.init)
        }
    }

    public func recordedSyncMutations(userID: UserID, mutationIDs: [String]) async throws
        -> [String: RecordedSyncMutation]
    {
        guard !mutationIDs.isEmpty else { return [:] }
        return try await read { connection in
            var found: [String: RecordedSyncMutation] = [:]
            for (id, recorded) in try await connection.rows(
                RecordedMutationsStatement(userID: userID, mutationIDs: mutationIDs), logger: logger)
            {
                found[id] = recorded
            }
            return found
        }
    }

    public func recordSyncRejection(userID: UserID, mutationID: String, error: Data, at date: Date) async throws {
        try await read { connection in
            _ = try await connection.query(
                """
                INSERT INTO sync_mutations (userID, mutationID, status, error, createdAt)
                VALUES (\(userID.rawValue), \(mutationID), 'rejected', \(String(decoding: error, as: UTF8.self)),
                        \(date.storeValue))
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }
}
