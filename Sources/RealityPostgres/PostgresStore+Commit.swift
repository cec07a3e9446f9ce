import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: ChangeCommitting {
    /// Applies `changes` in one transaction on one connection, with the SQLite store's semantics.
    ///
    /// Tier limits under concurrency: before counting, the transaction takes a transaction-scoped
    /// advisory lock per owner whose count a precondition checks (taken in a fixed order, so two
    /// commits cannot deadlock on them). A second commit for the same owner waits until the
    /// first has committed, and its count — a later statement, so a fresh snapshot under READ
    /// COMMITTED — sees the first one's rows. This serialises only writes that carry a count
    /// precondition for the same owner, where SERIALIZABLE would make every commit pay for
    /// predicate locks and retries.
    ///
    /// `…Unchanged` preconditions read the row `FOR UPDATE`, so a concurrent writer of the same
    /// row waits and then sees the new `updatedAt`, as SQLite's single writer would.
    ///
    /// The change log (``PostgresSyncLog``) is written last in the same transaction: the commit's
    /// number, the touched records' change tags, access changes and recorded push mutations.
    ///
    /// A deadlock between row locks, which PostgreSQL breaks by failing one transaction, is
    /// retried a few times from the start.
    public func commit(_ changes: ChangeSet, applying pushed: [PushedMutation]) async throws {
        guard !changes.isEmpty else { return }
        let changes = changes.including(pushed)
        // Whatever happened (a failed COMMIT may still have committed), what was read before is
        // forgotten once the transaction is over.
        defer { caches.forget(.commit) }
        var attempt = 1
        while true {
            do {
                let number = try await withConnection { connection in
                    var number: Int64?
                    try await transaction(on: connection) {
                        try await Self.lockOwners(of: changes.preconditions, on: connection, logger: logger)
                        for precondition in changes.preconditions {
                            try await Self.check(precondition, on: connection, logger: logger)
                        }
                        let log = PostgresSyncLog(connection: connection, logger: logger)
                        let prior = try await log.prior(for: changes)
                        let writes = PostgresWrites(connection: connection, logger: logger)
                        let created = NumberedCreates(changes)
                        try await writes.apply(created.writes)
                        try await writes.insertAttachments(of: created.annotations)
                        // The statement that numbers the commit writes the new notes and sends its notice.
                        number = try await log.record(
                            changes, prior: prior, at: Timestamp.now(), creating: created, announcing: commitNotice)
                        if number == nil { try await announceCommit(on: connection) }
                    }
                    return number
                }
                if let number { pushed.acknowledge(committedAs: number) }
                break
            } catch let error as PSQLError where Self.isRetryable(error) && attempt < Self.maxAttempts {
                attempt += 1
                logger.debug("Retrying a commit", metadata: ["commit.attempt": "\(attempt)"])
            } catch {
                throw Self.storeError(error)
            }
        }
        broadcaster.send(changes.commitEvent)
    }

    public func commits() -> AsyncStream<CommitEvent> {
        broadcaster.stream()
    }

    /// How often a commit is tried when PostgreSQL breaks a deadlock or a serialisation conflict.
    static let maxAttempts = 3

    /// The first key of the two-key advisory locks on an owner's counts (the second is a hash
    /// of the owner's ID).
    static let ownerLockSpace: Int32 = 0x5245_414C  // "REAL"

    /// Runs `body` between `begin` (BEGIN, or BEGIN with a mode) and COMMIT, rolling back when it
    /// throws. A connection whose rollback fails is closed rather than handed back to the pool
    /// inside a transaction.
    func transaction(
        on connection: PostgresConnection, begin: PostgresQuery = "BEGIN", _ body: () async throws -> Void
    ) async throws {
        try await connection.query(begin, logger: logger)
        do {
            try await body()
            try await connection.query("COMMIT", logger: logger)
        } catch {
            do {
                try await connection.query("ROLLBACK", logger: logger)
            } catch {
                try? await connection.close()
            }
            throw error
        }
    }

    private static func isRetryable(_ error: PSQLError) -> Bool {
        // 40001 serialization_failure, 40P01 deadlock_detected.
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40001" || state == "40P01"
    }

    /// Takes the advisory lock of every owner whose count `preconditions` check, and of every
    /// client-chosen annotation ID they require absent, in one order.
    private static func lockOwners(
        of preconditions: [Precondition], on connection: PostgresConnection, logger: Logger
    ) async throws {
        var owners: Set<String> = []
        for precondition in preconditions {
            switch precondition {
            case .annotationCountBelow(let owner, _, _), .layerCountBelow(let owner, _, _),
                .ownedCountBelow(_, let owner, _):
                owners.insert(owner.uuidString)
            // Two creates racing with one client-chosen ID serialise on the ID, so the second
            // sees the first's row instead of overwriting it.
            case .annotationAbsent(let id): owners.insert("annotation:" + id.uuidString)
            case .recordAbsent(let type, let id): owners.insert("\(type.rawValue):" + id)
            case .annotationsAbsent(let ids): owners.formUnion(ids.map { "annotation:" + $0.uuidString })
            // A transition is one conditional UPDATE: the row's lock serialises two of them.
            case .annotationUnchanged, .layerUnchanged, .changeTag, .transition: break
            }
        }
        guard !owners.isEmpty else { return }
        // One statement takes them all, in the sorted order every committer uses.
        try await connection.query(
            """
            SELECT pg_advisory_xact_lock(\(ownerLockSpace), hashtext(key))
            FROM unnest(\(owners.sorted())::text[]) WITH ORDINALITY AS keys(key, position) ORDER BY position
            """, logger: logger)
    }

    private static func check(_ precondition: Precondition, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        switch precondition {
        case .annotationCountBelow(let owner, let limit, let tier):
            let count =
                try await connection.rows(
                    "SELECT count(*) FROM annotations WHERE ownerID = \(owner.rawValue) AND NOT isDeleted",
                    logger: logger
                ) { try $0.decode(Int.self) }.first ?? 0
            if count >= limit { throw TierLimitError.annotationLimitReached(limit: limit, tier: tier) }
        case .layerCountBelow(let owner, let limit, let tier):
            let count =
                try await connection.rows(
                    "SELECT count(*) FROM layers WHERE ownerID = \(owner.rawValue) AND NOT isDeleted AND id <> \(LayerID.defaultLayer(of: owner).rawValue)",
                    logger: logger
                ) { try $0.decode(Int.self) }.first ?? 0
            if count >= limit { throw TierLimitError.layerLimitReached(limit: limit, tier: tier) }
        case .ownedCountBelow(let type, let owner, let limit):
            let table = try PostgresOwnedTables.table(type).name
            let count =
                try await connection.rows(
                    "SELECT count(*) FROM \(unescaped: table) WHERE ownerID = \(owner.rawValue)", logger: logger
                ) { try $0.decode(Int.self) }.first ?? 0
            if count >= limit { throw OwnedRecordLimit.reached(type, limit: limit) }
        case .annotationAbsent(let id):
            let found = try await connection.rows(
                "SELECT 1 FROM annotations WHERE id = \(id.rawValue)", logger: logger
            ) { try $0.decode(Int.self) }
            if !found.isEmpty { throw StoreError.conflict(recordType: .annotation, id: id.uuidString) }
        case .annotationUnchanged(let id, let updatedAt):
            let current = try await connection.rows(
                "SELECT updatedAt FROM annotations WHERE id = \(id.rawValue) FOR UPDATE", logger: logger
            ) { try $0.decode(Int64.self) }.first
            if current != updatedAt.storeValue {
                throw StoreError.conflict(recordType: .annotation, id: id.uuidString)
            }
        case .layerUnchanged(let id, let updatedAt):
            let current = try await connection.rows(
                "SELECT updatedAt FROM layers WHERE id = \(id.rawValue) FOR UPDATE", logger: logger
            ) { try $0.decode(Int64.self) }.first
            if current != updatedAt.storeValue {
                throw StoreError.conflict(recordType: .layer, id: id.uuidString)
            }
        case .changeTag(let type, let id, let tag):
            // FOR UPDATE: a concurrent edit of the record waits, then sees the tag it left.
            guard let table = SyncRecordTable.of(type), let key = UUID(uuidString: id) else {
                throw StoreError.conflict(recordType: type, id: id)
            }
            var query = PostgresQueryBuilder()
            let sql = "SELECT changeSeq FROM \(table.name) WHERE \(table.key) = \(query.bind(key)) FOR UPDATE"
            let current = try await connection.rows(query.query(sql), logger: logger) { try $0.decode(Int64.self) }
                .first
            if current.map(String.init) != tag { throw StoreError.conflict(recordType: type, id: id) }
        case .annotationsAbsent(let ids):
            let found = try await connection.rows(TakenAnnotationIDStatement(ids: ids.map(\.rawValue)), logger: logger)
            if let id = found.first { throw StoreError.conflict(recordType: .annotation, id: id.lowercasedString) }
        case .recordAbsent(let type, let id):
            guard let table = SyncRecordTable.of(type), let key = UUID(uuidString: id) else {
                throw StoreError.conflict(recordType: type, id: id)
            }
            var query = PostgresQueryBuilder()
            let sql = "SELECT 1 FROM \(table.name) WHERE \(table.key) = \(query.bind(key))"
            let found = try await connection.rows(query.query(sql), logger: logger) { try $0.decode(Int.self) }
            if !found.isEmpty { throw StoreError.conflict(recordType: type, id: id) }
        case .transition(let table, let id, let from, let to):
            guard let key = UUID(uuidString: id) else { throw StoreError.moved(table: table, id: id) }
            var query = PostgresQueryBuilder()
            let sql = """
                UPDATE \(table) SET status = \(query.bind(to)) WHERE id = \(query.bind(key))
                AND status = \(query.bind(from)) RETURNING 1
                """
            let moved = try await connection.rows(query.query(sql), logger: logger) { try $0.decode(Int.self) }
            if moved.isEmpty { throw StoreError.moved(table: table, id: id) }
        }
    }
}
