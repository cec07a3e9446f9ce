import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// Out of Box's catalog, assignments and preferences (migration outofbox21; issue 21), on the
/// server and, for the catalog copy and what is done offline, on a device. A test
/// round-trips every field of each record through this store and the PostgreSQL one.
extension SQLiteStore: ChallengeRepository {
    public func catalogVersion() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "SELECT max(version) FROM challenge_catalog_versions") ?? 0 }
    }

    public func saveChallenges(_ challenges: [Challenge], catalogVersion: Int?) async throws {
        try await write { db in
            try Self.saveChallenges(challenges, in: db)
            if let catalogVersion {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO challenge_catalog_versions (version, installedAt) VALUES (?, ?)",
                    arguments: [catalogVersion, Date().storeValue])
            }
        }
        if Role.side == .server { broadcaster.send(CommitEvent(layers: [], annotations: [])) }
    }

    /// Saves `challenges` (each whole, with its search text) inside the caller's transaction, as
    /// one change of the catalog: on the server, a commit of the change log, whose number stamps
    /// them (their change tag in the feed's public scope) and becomes the catalog's generation; on
    /// a device, which copies the server's catalog, the next generation of its copy.
    static func saveChallenges(_ challenges: [Challenge], in db: Database) throws {
        let generation: Int64
        if Role.side == .server {
            generation = try SyncLog.nextSequence(in: db)
            try db.execute(
                sql: "UPDATE challenge_catalog_generation SET generation = ? WHERE id = 1", arguments: [generation])
        } else {
            generation =
                try Int64.fetchOne(
                    db,
                    sql: """
                        UPDATE challenge_catalog_generation SET generation = generation + 1 WHERE id = 1
                        RETURNING generation
                        """) ?? 0
        }
        let save = try db.cachedStatement(sql: ChallengeRows.saveSQL)
        let unindex = try db.cachedStatement(sql: "DELETE FROM challenge_fts WHERE id = ?")
        let index = try db.cachedStatement(
            sql: "INSERT INTO challenge_fts (id, title, description, tags) VALUES (?, ?, ?, ?)")
        for challenge in challenges {
            try save.execute { bindings in
                try ChallengeRows.table.bind(challenge, to: &bindings)
                bindings.bind(generation)
            }
            try unindex.execute(arguments: [challenge.id])
            try index.execute(arguments: [
                challenge.id, challenge.title, challenge.description, challenge.tags.joined(separator: " "),
            ])
        }
    }

    public func challenge(id: String) async throws -> Challenge? {
        try await catalog().byID[id]
    }

    public func challenges(includingRetired: Bool) async throws -> [Challenge] {
        let all = try await catalog().challenges
        return includingRetired ? all : all.filter(\.isActive)
    }

    public func catalogChanges(since generation: Int64) async throws -> CatalogChanges {
        try await read { db in
            CatalogChanges(
                generation: try Int64.fetchOne(
                    db, sql: "SELECT generation FROM challenge_catalog_generation WHERE id = 1") ?? 0,
                challenges: try Row.fetchAll(
                    db, sql: "SELECT \(ChallengeRows.selection) FROM challenges WHERE changeSeq > ? ORDER BY id",
                    arguments: [generation]
                ).compactMap(Self.challenge(row:)))
        }
    }

    /// The whole catalog, read again only when its generation moved.
    private func catalog() async throws -> ChallengeCatalogCache.Snapshot {
        let generation = try readNow { db in
            try Int64.fetchOne(db, sql: "SELECT generation FROM challenge_catalog_generation WHERE id = 1") ?? 0
        }
        return try await challengeCatalog.catalog(generation: generation) {
            try await read { db in
                try Row.fetchAll(db, sql: "SELECT \(ChallengeRows.selection) FROM challenges ORDER BY id").compactMap(
                    Self.challenge(row:))
            }
        }
    }

    public func challengeIDs(matching query: String, limit: Int) async throws -> [String] {
        guard let match = AnnotationQuerySQL.matchExpression(query) else { return [] }
        return try await read { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM challenge_fts WHERE challenge_fts MATCH ? ORDER BY rank LIMIT ?",
                arguments: [match, max(limit, 0)])
        }
    }

    public func assignment(of userID: UUID, on day: LocalDay) async throws -> UserChallenge? {
        try readNow { db in
            try Row.fetchOne(
                db,
                sql: "SELECT \(AssignmentRows.selection) FROM challenge_assignments WHERE userID = ? AND localDay = ?",
                arguments: [Self.key(userID), day.description]
            ).flatMap(Self.assignment(row:))
        }
    }

    public func assign(_ assignment: UserChallenge) async throws -> UserChallenge {
        try await write { db in
            try Self.writeAssignment(assignment, in: db, replacing: false, pending: Self.changedOnDevice)
            guard
                let kept = try Row.fetchOne(
                    db,
                    sql:
                        "SELECT \(AssignmentRows.selection) FROM challenge_assignments WHERE userID = ? AND localDay = ?",
                    arguments: [Self.key(assignment.userID), assignment.localDay.description]
                ).flatMap(Self.assignment(row:))
            else { throw StoreError.unavailable(detail: "an assignment just written cannot be read") }
            return kept
        }
    }

    public func saveAssignments(_ assignments: [UserChallenge]) async throws {
        try await write { db in
            for item in assignments {
                try Self.writeAssignment(item, in: db, replacing: false, pending: Self.changedOnDevice)
            }
        }
    }

    public func challengeIDs(givenTo userID: UUID, since day: LocalDay) async throws -> Set<String> {
        try readNow { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT challengeID FROM challenge_assignments WHERE userID = ? AND localDay >= ?",
                    arguments: [Self.key(userID), day.description]))
        }
    }

    public func latestAssignment(of userID: UUID, challengeID: String) async throws -> UserChallenge? {
        try readNow { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT \(AssignmentRows.selection) FROM challenge_assignments WHERE userID = ? AND challengeID = ?
                    ORDER BY localDay DESC LIMIT 1
                    """,
                arguments: [Self.key(userID), challengeID]
            ).flatMap(Self.assignment(row:))
        }
    }

    public func updateAssignment(_ assignment: UserChallenge, whereStatus status: ChallengeStatus) async throws -> Bool
    {
        try await write { db in
            try db.cachedStatement(sql: AssignmentRows.updateSQL).execute { bindings in
                for column in AssignmentRows.updated { bindings.bind(try column.value(assignment)) }
                bindings.bind(Self.changedOnDevice)
                bindings.bind(Self.key(assignment.id))
                bindings.bind(Self.key(assignment.userID))
                bindings.bind(status.rawValue)
            }
            return db.changesCount > 0
        }
    }

    public func assignments(of userID: UUID, before day: LocalDay?, limit: Int) async throws -> [UserChallenge] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(AssignmentRows.selection) FROM challenge_assignments WHERE userID = ? AND localDay < ?
                    ORDER BY localDay DESC LIMIT ?
                    """,
                arguments: [Self.key(userID), day?.description ?? "9999-99-99", max(limit, 0)]
            ).compactMap(Self.assignment(row:))
        }
    }

    public func allAssignments(of userID: UUID) async throws -> [UserChallenge] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(AssignmentRows.selection) FROM challenge_assignments WHERE userID = ? ORDER BY localDay",
                arguments: [Self.key(userID)]
            ).compactMap(Self.assignment(row:))
        }
    }

    public func appConfiguration() async throws -> (update: AppConfigurationUpdate, updatedAt: Date)? {
        let row = try readNow { db in
            try Row.fetchOne(db, sql: "SELECT configuration, updatedAt FROM app_configuration WHERE id = 1")
        }
        guard let row else { return nil }
        let text: String = row["configuration"]
        return (
            try RealityJSON.decode(AppConfigurationUpdate.self, from: Data(text.utf8)),
            Timestamp.date(milliseconds: row["updatedAt"])
        )
    }

    public func saveAppConfiguration(_ update: AppConfigurationUpdate, at date: Date) async throws {
        let text = String(decoding: try RealityJSON.encode(update), as: UTF8.self)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO app_configuration (id, configuration, updatedAt) VALUES (1, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET configuration = excluded.configuration, updatedAt = excluded.updatedAt
                    """,
                arguments: [text, date.storeValue])
        }
    }

    public func challengePreferences(of userID: UUID) async throws -> UserPreferencesDTO? {
        let text = try await read { db in
            try String.fetchOne(
                db, sql: "SELECT preferences FROM challenge_preferences WHERE userID = ?", arguments: [Self.key(userID)]
            )
        }
        return try text.map { try RealityJSON.decode(UserPreferencesDTO.self, from: Data($0.utf8)) }
    }

    public func saveChallengePreferences(_ preferences: UserPreferencesDTO, of userID: UUID) async throws {
        let text = String(decoding: try RealityJSON.encode(preferences), as: UTF8.self)
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO challenge_preferences (userID, preferences, updatedAt) VALUES (?, ?, ?)
                    ON CONFLICT (userID) DO UPDATE SET preferences = excluded.preferences, updatedAt = excluded.updatedAt
                    """,
                arguments: [Self.key(userID), text, Date().storeValue])
        }
    }

    // MARK: - Rows

    /// A UUID as the store's keys write it (lowercase, as `Identifier` does).
    static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

    /// Whether an assignment written through the repository waits to go to the server: on a
    /// device, the repository's writes are the person's, made offline (what the server answered is
    /// kept through ``SQLiteStore/keepServerAssignments(_:)``, not waiting); on the server, never.
    static var changedOnDevice: Bool { Role.side == .device }

    /// Writes `item`; a row of its ID or its person's day is kept (or, `replacing`, replaced).
    static func writeAssignment(_ item: UserChallenge, in db: Database, replacing: Bool, pending: Bool) throws {
        try db.cachedStatement(sql: replacing ? AssignmentRows.replaceSQL : AssignmentRows.insertSQL).execute {
            bindings in
            try AssignmentRows.table.bind(item, to: &bindings)
            bindings.bind(pending)
        }
    }

    /// A challenge from its row, which starts with ``ChallengeRows/selection``; nil for one this
    /// version cannot read (a value a newer version wrote).
    static func challenge(row: Row) -> Challenge? {
        try? ChallengeRows.table.record(from: row, at: 0)
    }

    /// An assignment from its row, which starts with ``AssignmentRows/selection``; nil for one this
    /// version cannot read.
    static func assignment(row: Row) -> UserChallenge? {
        try? AssignmentRows.table.record(from: row, at: 0)
    }
}

/// The catalog's table as ``Challenge/declaration`` declares it, and the change log's stamp.
enum ChallengeRows {
    /// The declared table.
    static let table = DeclaredTable(Challenge.declaration)
    /// The columns a challenge is read from, in order.
    static let selection = table.selection(alias: "challenges")

    /// Saves a challenge whole, bound as ``table`` binds it and then its `changeSeq`; a challenge
    /// already kept keeps its first creation date.
    static let saveSQL: String = {
        let names = table.columnNames
        let updated = Challenge.resavedColumns + ["changeSeq"]
        return """
            INSERT INTO challenges (\(table.columnList), changeSeq) VALUES (\(placeholders(names.count + 1)))
            ON CONFLICT (id) DO UPDATE SET \(updated.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
    }()
}

/// The assignments' table as ``UserChallenge/declaration`` declares it, with the device's
/// `pending` mark.
enum AssignmentRows {
    /// The declared table.
    static let table = DeclaredTable(UserChallenge.declaration)
    /// The columns an assignment is read from, in order.
    static let selection = table.selection(alias: "challenge_assignments")

    /// Inserts an assignment, bound as ``table`` binds it and then `pending`, unless a row of its
    /// ID or its person's day is kept.
    static let insertSQL = insert("INSERT OR IGNORE")
    /// Inserts an assignment, replacing a row of its ID or its person's day.
    static let replaceSQL = insert("INSERT OR REPLACE")

    /// What an update changes (``UserChallenge/updatedColumns``).
    static let updated = UserChallenge.updatedColumns

    /// Updates ``updated`` and `pending` of the row of an ID and person while its status is the one
    /// bound last.
    static let updateSQL = """
        UPDATE challenge_assignments SET \((updated.map(\.name) + ["pending"]).map { "\($0) = ?" }.joined(separator: ", "))
        WHERE id = ? AND userID = ? AND status = ?
        """

    private static func insert(_ verb: String) -> String {
        """
        \(verb) INTO challenge_assignments (\(table.columnList), pending)
        VALUES (\(placeholders(table.columnNames.count + 1)))
        """
    }
}
