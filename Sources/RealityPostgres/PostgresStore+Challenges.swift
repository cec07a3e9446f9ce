import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// Out of Box's catalog, assignments and preferences, as the SQLite store keeps them (issue 21);
/// the catalog is read through ``ChallengeCatalogCache``, its generation checked on each use.
extension PostgresStore: ChallengeRepository {
    public func catalogVersion() async throws -> Int {
        try await read { connection in
            try await connection.rows(
                "SELECT coalesce(max(version), 0) FROM challenge_catalog_versions", logger: logger
            ) {
                try $0.decode(Int.self)
            }.first ?? 0
        }
    }

    public func saveChallenges(_ challenges: [Challenge], catalogVersion: Int?) async throws {
        try await read { connection in
            try await transaction(on: connection) {
                // One commit of the change log, whose number stamps the challenges (their change
                // tag in the feed's public scope) and is the catalog's generation. The clock's row
                // lock, held to COMMIT, orders catalog changes with every other commit. It is taken
                // first here (a commit takes it last): no transaction that locks a challenge row
                // ever waits for the clock, so this cannot deadlock.
                guard
                    let generation = try await connection.rows(
                        "UPDATE sync_clock SET seq = seq + 1 WHERE id = 1 RETURNING seq", logger: logger,
                        { try $0.decode(Int64.self) }
                    ).first
                else { throw StoreError.unavailable(detail: "sync_clock has no row") }
                try await connection.query(
                    "UPDATE challenge_catalog_generation SET generation = \(generation) WHERE id = 1", logger: logger)
                // A thousand challenges a statement, to bound the size of one statement's arrays.
                for chunk in challenges.chunked(into: 1000) {
                    try await connection.query(try ChallengeRows.save(Array(chunk), stamp: generation), logger: logger)
                }
                try await announceCommit(on: connection)
                if let catalogVersion {
                    try await connection.query(
                        """
                        INSERT INTO challenge_catalog_versions (version, installedAt)
                        VALUES (\(catalogVersion), \(Date().storeValue)) ON CONFLICT DO NOTHING
                        """, logger: logger)
                }
            }
        }
        broadcaster.send(CommitEvent(layers: [], annotations: []))
    }

    public func challenge(id: String) async throws -> Challenge? {
        try await catalog().byID[id]
    }

    public func challenges(includingRetired: Bool) async throws -> [Challenge] {
        let all = try await catalog().challenges
        return includingRetired ? all : all.filter(\.isActive)
    }

    public func catalogChanges(since generation: Int64) async throws -> CatalogChanges {
        // One snapshot for both reads: the generation answered covers exactly the rows answered
        // (catalog writers take the change log's clock, so generations commit in order).
        try await read { connection in
            var now: Int64 = 0
            var changed: [Challenge] = []
            try await transaction(on: connection, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
                now =
                    try await connection.rows(
                        "SELECT generation FROM challenge_catalog_generation WHERE id = 1", logger: logger
                    ) { try $0.decode(Int64.self) }.first ?? 0
                changed = try await Self.challenges(
                    """
                    SELECT \(unescaped: Self.challengeColumns) FROM challenges WHERE changeSeq > \(generation)
                    ORDER BY id
                    """, on: connection, logger: logger)
            }
            return CatalogChanges(generation: now, challenges: changed)
        }
    }

    /// The whole catalog, read again only when its generation moved (on any instance).
    private func catalog() async throws -> ChallengeCatalogCache.Snapshot {
        let generation = try await read { connection in
            try await connection.rows(
                "SELECT generation FROM challenge_catalog_generation WHERE id = 1", logger: logger
            ) { try $0.decode(Int64.self) }.first ?? 0
        }
        return try await challengeCatalog.catalog(generation: generation) {
            try await challenges("SELECT \(unescaped: Self.challengeColumns) FROM challenges ORDER BY id")
        }
    }

    public func challengeIDs(matching query: String, limit: Int) async throws -> [String] {
        guard let literal = SearchText.queryLiteral(query) else { return [] }
        return try await read { connection in
            try await connection.rows(
                """
                SELECT id FROM challenges WHERE search @@ \(literal)::tsquery
                ORDER BY ts_rank('{1,1,1,1}', search, \(literal)::tsquery) DESC, id LIMIT \(max(limit, 0))
                """, logger: logger
            ) { try $0.decode(String.self) }
        }
    }

    public func assignment(of userID: UUID, on day: LocalDay) async throws -> UserChallenge? {
        try await assignments(
            """
            SELECT \(unescaped: Self.assignmentColumns) FROM challenge_assignments
            WHERE userID = \(userID) AND localDay = \(day.description)
            """
        ).first
    }

    public func assign(_ item: UserChallenge) async throws -> UserChallenge {
        // Inserted, or the row that won the day; a second statement covers the racing insert that
        // committed between this one's snapshot and its conflict check.
        let inserted = try await assignments(
            try AssignmentRows.insert([item], returning: true))
        if let kept = inserted.first { return kept }
        guard let kept = try await assignment(of: item.userID, on: item.localDay) else {
            throw StoreError.unavailable(detail: "the assignment that won the day cannot be read")
        }
        return kept
    }

    public func saveAssignments(_ items: [UserChallenge]) async throws {
        guard !items.isEmpty else { return }
        // A thousand assignments a statement, to bound the size of one statement's arrays.
        _ = try await read { connection in
            for chunk in items.chunked(into: 1000) {
                try await connection.query(try AssignmentRows.insert(Array(chunk), returning: false), logger: logger)
            }
        }
    }

    public func challengeIDs(givenTo userID: UUID, since day: LocalDay) async throws -> Set<String> {
        try await read { connection in
            Set(
                try await connection.rows(
                    """
                    SELECT challengeID FROM challenge_assignments
                    WHERE userID = \(userID) AND localDay >= \(day.description)
                    """, logger: logger
                ) { try $0.decode(String.self) })
        }
    }

    public func latestAssignment(of userID: UUID, challengeID: String) async throws -> UserChallenge? {
        try await assignments(
            """
            SELECT \(unescaped: Self.assignmentColumns) FROM challenge_assignments
            WHERE userID = \(userID) AND challengeID = \(challengeID) ORDER BY localDay DESC LIMIT 1
            """
        ).first
    }

    public func updateAssignment(_ item: UserChallenge, whereStatus status: ChallengeStatus) async throws -> Bool {
        let update = try AssignmentRows.update(item, whereStatus: status)
        return try await read { connection in
            try await !connection.rows(update, logger: logger) { try $0.decode(Int.self) }.isEmpty
        }
    }

    public func assignments(of userID: UUID, before day: LocalDay?, limit: Int) async throws -> [UserChallenge] {
        try await assignments(
            """
            SELECT \(unescaped: Self.assignmentColumns) FROM challenge_assignments
            WHERE userID = \(userID) AND localDay < \(day?.description ?? "9999-99-99")
            ORDER BY localDay DESC LIMIT \(max(limit, 0))
            """)
    }

    public func allAssignments(of userID: UUID) async throws -> [UserChallenge] {
        try await assignments(
            """
            SELECT \(unescaped: Self.assignmentColumns) FROM challenge_assignments
            WHERE userID = \(userID) ORDER BY localDay
            """)
    }

    public func appConfiguration() async throws -> (update: AppConfigurationUpdate, updatedAt: Date)? {
        let row = try await read { connection in
            try await connection.rows(
                "SELECT configuration, updatedAt FROM app_configuration WHERE id = 1", logger: logger
            ) { try $0.decode((String, Int64).self) }.first
        }
        guard let (text, updatedAt) = row else { return nil }
        return (
            try RealityJSON.decode(AppConfigurationUpdate.self, from: Data(text.utf8)),
            Timestamp.date(milliseconds: updatedAt)
        )
    }

    public func saveAppConfiguration(_ update: AppConfigurationUpdate, at date: Date) async throws {
        let text = String(decoding: try RealityJSON.encode(update), as: UTF8.self)
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO app_configuration (id, configuration, updatedAt) VALUES (1, \(text), \(date.storeValue))
                ON CONFLICT (id) DO UPDATE SET configuration = excluded.configuration, updatedAt = excluded.updatedAt
                """, logger: logger)
        }
    }

    public func challengePreferences(of userID: UUID) async throws -> UserPreferencesDTO? {
        let text = try await read { connection in
            try await connection.rows(
                "SELECT preferences FROM challenge_preferences WHERE userID = \(userID)", logger: logger
            ) { try $0.decode(String.self) }.first
        }
        return try text.map { try RealityJSON.decode(UserPreferencesDTO.self, from: Data($0.utf8)) }
    }

    public func saveChallengePreferences(_ preferences: UserPreferencesDTO, of userID: UUID) async throws {
        let text = String(decoding: try RealityJSON.encode(preferences), as: UTF8.self)
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO challenge_preferences (userID, preferences, updatedAt)
                VALUES (\(userID), \(text), \(Date().storeValue))
                ON CONFLICT (userID) DO UPDATE SET preferences = excluded.preferences, updatedAt = excluded.updatedAt
                """, logger: logger)
        }
    }

    // MARK: - Rows

    /// The columns ``challenges(_:)`` reads, in order (``Challenge/declaration``'s).
    static let challengeColumns = ChallengeRows.table.selection(alias: "challenges")

    /// The columns ``assignments(_:)`` reads, in order (``UserChallenge/declaration``'s).
    static let assignmentColumns = AssignmentRows.table.selection(alias: "challenge_assignments")

    private func challenges(_ query: PostgresQuery) async throws -> [Challenge] {
        try await read { connection in try await Self.challenges(query, on: connection, logger: logger) }
    }

    /// The challenges `query` selects (``challengeColumns``), less those this version cannot read
    /// (a value a newer version wrote).
    static func challenges(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger)
        async throws -> [Challenge]
    {
        try await connection.rows(query, logger: logger) { row in try? ChallengeRows.table.record(from: row) }
            .compactMap { $0 }
    }

    /// The assignments `query` selects (``assignmentColumns``), less those this version cannot read.
    private func assignments(_ query: PostgresQuery) async throws -> [UserChallenge] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row in try? AssignmentRows.table.record(from: row) }
                .compactMap { $0 }
        }
    }
}

/// The catalog's table as ``Challenge/declaration`` declares it, with the columns written for
/// queries and the change log.
enum ChallengeRows {
    /// The declared table.
    static let table = PostgresDeclaredTable(Challenge.declaration)

    /// Saves `challenges` whole in one statement, each with its search vector and the change log's
    /// `stamp`; a challenge already kept keeps its first creation date.
    static func save(_ challenges: [Challenge], stamp: Int64) throws -> PostgresQuery {
        var query = PostgresQueryBuilder()
        let words = try PostgresColumnArray(.text, challenges) {
            .text(SearchText.vectorLiteral($0.title, $0.description, $0.tags.joined(separator: " ")))
        }
        let (source, values) = try table.unnest(challenges, extra: [("words", words)], into: &query)
        let updated = Challenge.resavedColumns + ["search", "changeSeq"]
        let seq = query.bind(stamp)
        return query.query(
            """
            INSERT INTO challenges (\(table.columnList), search, changeSeq)
            SELECT \(values.joined(separator: ", ")), u.words::tsvector, \(seq) FROM \(source)
            ON CONFLICT (id) DO UPDATE SET \(updated.map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", "))
            """)
    }
}

/// The assignments' table as ``UserChallenge/declaration`` declares it.
enum AssignmentRows {
    /// The declared table.
    static let table = PostgresDeclaredTable(UserChallenge.declaration)

    /// What an update changes (``UserChallenge/updatedColumns``).
    static let updated = UserChallenge.updatedColumns

    /// Inserts `items` in one statement, each unless its person's day is taken; `returning` the
    /// rows inserted.
    static func insert(_ items: [UserChallenge], returning: Bool) throws -> PostgresQuery {
        var query = PostgresQueryBuilder()
        let (source, values) = try table.unnest(items, into: &query)
        let conflict = returning ? "ON CONFLICT (userID, localDay) DO NOTHING" : "ON CONFLICT DO NOTHING"
        let answer = returning ? "RETURNING \(table.selection(alias: "challenge_assignments"))" : ""
        return query.query(
            """
            INSERT INTO challenge_assignments (\(table.columnList)) SELECT \(values.joined(separator: ", ")) FROM \(source)
            \(conflict) \(answer)
            """)
    }

    /// Updates ``updated`` of `item`'s row while its status is `status`; answers a row when it did.
    static func update(_ item: UserChallenge, whereStatus status: ChallengeStatus) throws -> PostgresQuery {
        var query = PostgresQueryBuilder()
        var assignments: [String] = []
        for column in updated {
            assignments.append("\(column.name) = \(try query.bind(try column.value(item)))")
        }
        let id = query.bind(item.id)
        let user = query.bind(item.userID)
        let current = query.bind(status.rawValue)
        return query.query(
            """
            UPDATE challenge_assignments SET \(assignments.joined(separator: ", "))
            WHERE id = \(id) AND userID = \(user) AND status = \(current) RETURNING 1
            """)
    }
}
