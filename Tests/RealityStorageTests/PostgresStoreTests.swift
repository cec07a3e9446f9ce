import Foundation
import PostgresNIO
import RealityCore
import RealityTestSupport
import SeededRandom
import Testing

@testable import RealityPostgres

/// What only the PostgreSQL store has: migrations in a shared database, its configuration, the
/// literals of its text search, and failures PostgreSQL reports.
@Suite struct PostgresStoreTests {
    @Test func migrations_areRecorded_andOpeningAgainRunsNothing() async throws {
        try await withPostgresStore { store in
            let recorded = try await store.client.query(
                "SELECT name, checksum FROM schema_migrations ORDER BY name", logger: store.logger)
            var rows: [String: String] = [:]
            for try await (name, checksum) in recorded.decode((String, String).self) { rows[name] = checksum }
            #expect(rows == Dictionary(uniqueKeysWithValues: PostgresMigrations.all.map { ($0.name, $0.checksum) }))
            let again = try await PostgresStore.open(client: store.client, logger: store.logger)
            #expect(await again.ping())
            #expect(try await store.rowCount("schema_migrations") == PostgresMigrations.all.count)
        }
    }

    /// Several instances opening one empty database at once: one migrates, all succeed.
    @Test func instancesStartingTogether_migrateOnce() async throws {
        let server = try await TestPostgres.shared.value
        await server.gate.wait()
        defer { server.gate.signal() }
        let database = "reality_test_empty_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await server.admin.query(
            PostgresQuery(unsafeSQL: "CREATE DATABASE \(database)"), logger: TestPostgres.logger)
        defer { Task { await server.dropDatabase(database) } }
        let opened = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await PostgresStore.withStore(
                        configuration: server.configuration(database: database, connections: 2),
                        logger: TestPostgres.logger
                    ) { store in await store.ping() }
                }
            }
            var opened = 0
            for try await ok in group where ok { opened += 1 }
            return opened
        }
        #expect(opened == 4)
        let recorded = try await PostgresStore.withStore(
            configuration: server.configuration(database: database, connections: 1), logger: TestPostgres.logger
        ) { store in try await store.rowCount("schema_migrations") }
        #expect(recorded == PostgresMigrations.all.count)
    }

    @Test func aMigrationEditedAfterItShipped_isRefused() async throws {
        try await withPostgresStore { store in
            try await store.client.query("UPDATE schema_migrations SET checksum = 'edited'", logger: store.logger)
            let error = await thrownError {
                _ = try await PostgresStore.open(client: store.client, logger: store.logger)
            }
            guard case .unavailable(let detail)? = error as? StoreError else {
                Issue.record("expected StoreError.unavailable, got \(String(describing: error))")
                return
            }
            #expect(detail.contains("differs"))
        }
    }

    @Test func theSchema_hasTheIndexesTheQueriesNeed() async throws {
        try await withPostgresStore { store in
            let rows = try await store.client.query(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'annotations'", logger: store.logger)
            var definitions: [String: String] = [:]
            for try await (name, definition) in rows.decode((String, String).self) { definitions[name] = definition }
            #expect(definitions["annotations_position"]?.contains("spgist (point(x, z))") == true)
            #expect(definitions["annotations_search"]?.contains("gin (search)") == true)
        }
    }

    /// The position index can serve a nearby query and the GIN index a text query.
    @Test func nearbyAndTextQueries_useTheirIndexes() async throws {
        try await withPostgresStore { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            var changes = ChangeSet(changes: [.saveUser(ana), .saveLayer(layer)])
            for index in 0..<300 {
                changes.append(
                    .saveAnnotation(
                        Samples.note(
                            index == 150 ? "a zebra crossing" : "note \(index)", owner: ana.id, layer: layer.id,
                            at: SIMD3(Float(index % 17) * 10, Float(index % 13) * 10, Float(index % 7) * 10),
                            createdAt: Samples.at(Double(index)))))
            }
            try await store.commit(changes)
            try await store.client.query("ANALYZE annotations", logger: store.logger)
            func plan(_ query: AnnotationQuery) async throws -> String {
                let statement = try #require(PostgresAnnotationQuery(query))
                var explain = statement.query
                explain.sql = "EXPLAIN " + explain.sql
                // On a table this small a scan is cheapest; forbid it to show the index can serve.
                return try await store.client.withConnection { connection in
                    try await connection.query("BEGIN", logger: store.logger)
                    try await connection.query("SET LOCAL enable_seqscan = off", logger: store.logger)
                    let lines = try await connection.rows(explain, logger: store.logger) { try $0.decode(String.self) }
                    try await connection.query("ROLLBACK", logger: store.logger)
                    return lines
                }.joined(separator: "\n")
            }
            let near = try await plan(AnnotationQuery(viewer: ana.id, near: .init(center: .zero, radius: 5)))
            #expect(near.contains("annotations_position"), "\(near)")
            let text = try await plan(AnnotationQuery(viewer: ana.id, text: "zebra"))
            #expect(text.contains("annotations_search"), "\(text)")
        }
    }

    /// The services' nearby read and text search have the text of the prepared shapes, so they
    /// are parsed once per connection (a change to either query that loses this fails here), and
    /// answer as the statement written for each call does.
    @Test func nearbyAndSearchFromTheServices_runAsPreparedStatements() async throws {
        // One connection: the statements the services prepared are the ones listed here.
        try await withPostgresStore(connections: 1) { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let near = Samples.note("a zebra crossing", owner: ana.id, layer: layer.id, at: SIMD3(1, 0, 0))
            let far = Samples.note("zebras far away", owner: ana.id, layer: layer.id, at: SIMD3(40, 0, 0))
            try await store.commit(
                ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(near), .saveAnnotation(far)]))
            let services = ServiceContainer(store: store)
            for _ in 0..<7 {
                let found = try await services.annotations(ana.id).fetchNearby(position: .zero, radius: 5)
                #expect(found.map(\.id) == [near.id])
                let matches = try await services.search(ana.id).search(query: "zebra")
                #expect(Set(matches.map(\.id)) == [near.id, far.id])
            }
            let prepared = try await store.client.withConnection { connection in
                try await connection.rows("SELECT name FROM pg_prepared_statements", logger: store.logger) {
                    try $0.decode(String.self)
                }
            }
            #expect(prepared.contains(NearbyAnnotationsStatement.name), "\(prepared)")
            #expect(prepared.contains(TextSearchStatement.name), "\(prepared)")
        }
    }

    @Test func aChangeThatFailsHalfway_rollsBackTheChangesBeforeIt() async throws {
        try await withPostgresStore { store in
            let (ana, layer) = try await CommitTests.seed(store, notes: 1)
            let before = try await store.snapshot()
            var broken = Samples.note("second", owner: ana.id, layer: layer.id)
            // PostgreSQL's text cannot hold U+0000, so this change fails inside the transaction,
            // after the first one was applied.
            broken.title = "bad\u{0}title"
            let error = await thrownError {
                try await store.commit(
                    ChangeSet(changes: [
                        .saveAnnotation(Samples.note("first", owner: ana.id, layer: layer.id)), .saveAnnotation(broken),
                    ]))
            }
            #expect(error is StoreError)
            #expect(try await store.snapshot() == before)
            #expect(await store.ping(), "the store is usable afterwards")
            try await store.commit(
                ChangeSet(changes: [.saveAnnotation(Samples.note("third", owner: ana.id, layer: layer.id))]))
            #expect(try await store.annotationCount(ownedBy: ana.id) == 2)
        }
    }

    @Test func ping_isFalse_whenNoServerAnswers() async throws {
        var configuration = PostgresClient.Configuration(
            host: "127.0.0.1", port: 1, username: "nobody", password: nil, database: nil, tls: .disable)
        configuration.options.connectTimeout = .milliseconds(500)
        let client = PostgresClient(configuration: configuration, backgroundLogger: TestPostgres.logger)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            let store = try? await withThrowingTaskGroup(of: PostgresStore.self) { inner in
                inner.addTask { try await PostgresStore.open(client: client, logger: TestPostgres.logger) }
                inner.addTask {
                    try await Task.sleep(for: .seconds(3))
                    throw CancellationError()
                }
                defer { inner.cancelAll() }
                return try await inner.next()!
            }
            #expect(store == nil, "opening fails (or times out) without a server")
            group.cancelAll()
        }
    }

    // MARK: - Configuration

    @Test func urls_becomeClientConfigurations() throws {
        let full = try PostgresStore.clientConfiguration(
            url: "postgres://ana:p%40ss@db.example.com:6543/reality?sslmode=disable")
        #expect(full.host == "db.example.com")
        #expect(full.port == 6543)
        #expect(full.username == "ana")
        #expect(full.password == "p@ss")
        #expect(full.database == "reality")
        let defaults = try PostgresStore.clientConfiguration(url: "postgresql://localhost")
        #expect(defaults.port == 5432)
        #expect(defaults.username == "postgres")
        #expect(defaults.database == nil)
        let socket = try PostgresStore.clientConfiguration(url: "postgres://ana@/reality?host=/var/run/postgresql")
        #expect(socket.unixSocketPath == "/var/run/postgresql/.s.PGSQL.5432")
    }

    /// Every connection of a store made from a URL, as `reality serve --postgres` makes it, runs
    /// with the store's session settings: JIT off, which cost a first sync seconds per page
    /// (``PostgresStore/sessionSettings``).
    @Test func connectionsFromAURL_startWithTheSessionSettings() async throws {
        try await withPostgresDatabase { configuration in
            let server = try await TestPostgres.shared.value
            let url = server.url(database: configuration.database ?? "")
            try await PostgresStore.withStore(
                configuration: try PostgresStore.clientConfiguration(url: url), logger: TestPostgres.logger
            ) { store in
                for (name, value) in PostgresStore.sessionSettings {
                    var shown: [String] = []
                    let rows = try await store.client.query(
                        PostgresQuery(unsafeSQL: "SHOW \(name)"), logger: store.logger)
                    for try await setting in rows.decode(String.self) { shown.append(setting) }
                    #expect(shown == [value])
                }
            }
        }
    }

    @Test(arguments: ["mysql://localhost/db", "not a url", "postgres:///db", "postgres://h/db?sslmode=sometimes"])
    func badURLs_areRefused_withoutRepeatingThePassword(url: String) {
        let error = #expect(throws: StoreError.self) { try PostgresStore.clientConfiguration(url: url) }
        #expect(!String(describing: error).contains("secret"))
    }

    // MARK: - Text search literals

    @Test func searchLiterals_quoteEveryWord_soNothingIsSyntax() {
        #expect(SearchText.queryLiteral("Crème BRÛLÉE") == "'creme':* & 'brulee':*")
        #expect(SearchText.queryLiteral("tom & !jerry | (x:*) <-> 'y'") == "'tom':* & 'jerry':* & 'x':* & 'y':*")
        #expect(SearchText.queryLiteral("  '';--  ") == nil)
        #expect(SearchText.vectorLiteral("Leak", "leak under the leak") == "'leak':1,2,5 'under':3 'the':4")
        #expect(SearchText.vectorLiteral(nil, nil) == "")
        let sixteen = (1...20).map { "w\($0)" }.joined(separator: " ")
        #expect(SearchText.queryLiteral(sixteen)?.components(separatedBy: " & ").count == 16)
    }

    /// The bytewise reading of an ASCII text makes the words the per-character reading makes.
    @Test func asciiText_isSplitAndFolded_asByCharacters() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("aZ09 .,;:'\"\\-_@#\t\r\n!?()[]{}<>=+*/|&^%$~`Qq")
        var texts = ["", " ", "Leak under the LEAK", "a\r\nb", "x" + String(repeating: "Y", count: 3_000) + " z"]
        for _ in 0..<500 {
            texts.append(
                String(
                    (0..<Int.random(in: 0..<60, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? " "
                    }))
        }
        for text in texts {
            #expect(SearchText.asciiWords(text) == SearchText.unicodeWords(text), "\(text.debugDescription)")
        }
        #expect(SearchText.asciiWords("Crème") == nil)
        #expect(SearchText.words("Crème BRÛLÉE à 9") == ["creme", "brulee", "a", "9"])
    }

    @Test func longWords_areCutToWhatPostgreSQLAccepts() async throws {
        try await withPostgresStore { store in
            let ana = Samples.user("Ana")
            let layer = Samples.layer(owner: ana.id)
            let long = String(repeating: "é", count: 3_000)
            let note = Samples.note(long + " tail", owner: ana.id, layer: layer.id)
            try await store.commit(ChangeSet(changes: [.saveUser(ana), .saveLayer(layer), .saveAnnotation(note)]))
            let found = try await store.annotations(matching: AnnotationQuery(viewer: ana.id, text: long))
            #expect(found.map(\.id) == [note.id])
        }
    }
}
