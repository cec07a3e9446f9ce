import ArgumentParser
import Foundation
import Logging
import PostgresNIO
import RealityAPI
import RealityCore
@_spi(Benchmarks) import RealityPostgres
@_spi(Benchmarks) import RealityStore

/// `reality-bench nearbyhttp`: `GET /api/v1/annotations/nearby` (or, with `--ask search`, `GET
/// /api/v1/search` for a rare word) over HTTP, one request at a time, with a million annotations
/// in the store (issues 20 and 24), on SQLite or PostgreSQL; the baseline is the same query without
/// the spatial or text index, run on the store directly in the same run.
struct NearbyHTTPBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearbyhttp",
        abstract: "Nearby (or text search) over HTTP at a million annotations, against the unindexed query.")
    /// What the benchmark asks.
    enum Ask: String, ExpressibleByArgument, Sendable {
        case nearby, search
    }

    @Option(help: "What to ask: nearby or search (a rare word).") var ask: Ask = .nearby
    @Option(help: "How many annotations the user has.") var count: Int = 1_000_000
    @Option(help: "Search radius, metres.") var radius: Float = 10
    @Option(help: "Requests to time.") var iterations: Int = 2_000
    @Option(help: "Baseline (unindexed) queries to time.") var baselineIterations: Int = 5
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?
    @Option(help: "Port of the server.") var port: Int = 18_186
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let server = try await BenchServer.start(port: port, postgres: postgres, name: "nearbyhttp")
        defer { server.stop() }
        let user = try await BenchUser.make(
            server.client, admin: BenchServer.adminToken, name: "nearby\(UUID().uuidString.prefix(8).lowercased())")
        let data = BenchData(count: count, owner: user.userID)
        let fillStart = ContinuousClock.now
        let baseline: Samples
        if let postgres {
            baseline = try await Self.withPostgresStore(url: postgres) { store, client in
                try await BenchStore.fill(store, data: data)
                // What autovacuum does soon after a bulk load: the planner's statistics.
                try await client.query("ANALYZE annotations", logger: Logger(label: "reality.bench"))
                return try await scanBaseline(store, data: data)
            }
        } else {
            // A second handle on the server's own file: the server serves, this one fills and scans.
            let store = try SQLiteServerStore.open(path: server.databasePath)
            try await BenchStore.fill(store, data: data)
            baseline = try await scanBaseline(store, data: data)
        }
        let fillSeconds = (ContinuousClock.now - fillStart).milliseconds / 1000
        for index in 0..<200 { _ = try await request(index, user: user, client: server.client) }
        var ours = Samples()
        var found = 0
        for index in 0..<iterations {
            found += try await ours.time { try await request(index, user: user, client: server.client) }
        }
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: ask == .nearby ? "nearbyhttp" : "searchhttp", count: count, ours: ours, baseline: baseline,
                baselineDescription:
                    "the same query without the \(ask == .nearby ? "spatial" : "text") index (for text the seed's lowercase-contains match), on the store directly (no HTTP), \(postgres == nil ? "SQLite" : "PostgreSQL")",
                extra: [
                    "radiusMeters": Double(radius), "meanResults": Double(found) / Double(iterations),
                    "fillAndBaselineSeconds": fillSeconds,
                ],
                targets: ["p50Ms": 2]))
    }

    /// The query of request `index`, as the service runs it.
    private func query(_ index: Int, viewer: UserID) -> AnnotationQuery {
        switch ask {
        case .nearby:
            AnnotationQuery(
                viewer: viewer, near: .init(center: BenchData.queryPoint(index), radius: radius),
                order: .nearestFirst, limit: AnnotationQuery.maxLimit)
        case .search:
            AnnotationQuery(
                viewer: viewer, text: BenchData.rareTerm, order: .relevance, limit: AnnotationQuery.maxLimit)
        }
    }

    /// One `GET nearby` or `GET search`; answers how many annotations came back.
    private func request(_ index: Int, user: BenchUser, client: BenchHTTP) async throws -> Int {
        switch ask {
        case .nearby:
            let point = BenchData.queryPoint(index)
            let path = APIRoute.nearby.path(query: [
                .point: "\(point.x),\(point.y),\(point.z)", .radius: "\(radius)", .limit: "200",
            ])
            let (status, body) = try await client.send(.nearby, path, token: user.token)
            guard status == 200 else { throw BenchError("nearby answered \(status)") }
            return try RealityJSON.decode(Page<NearbyAnnotation>.self, from: body).items.count
        case .search:
            let path = APIRoute.search.path(query: [.q: BenchData.rareTerm, .limit: "200"])
            let (status, body) = try await client.send(.search, path, token: user.token)
            guard status == 200 else { throw BenchError("search answered \(status)") }
            return try RealityJSON.decode(Page<Annotation>.self, from: body).items.count
        }
    }

    /// The unindexed query, timed, each checked against the indexed one.
    private func scanBaseline(_ store: some UnindexedNearby, data: BenchData) async throws -> Samples {
        var samples = Samples()
        for index in 0..<baselineIterations {
            let expected = try await store.annotations(matching: query(index, viewer: data.owner)).map(\.id)
            let scanned = try await samples.time {
                try await store.scanAnnotations(matching: query(index, viewer: data.owner))
            }
            // Nearest first is one order on both plans; a scan cannot rank text, so search compares sets.
            let agree =
                ask == .nearby ? scanned.map(\.id) == expected : Set(scanned.map(\.id)) == Set(expected)
            guard agree, ask == .nearby || !expected.isEmpty else {
                throw BenchError("baseline and index disagree on query \(index)")
            }
        }
        return samples
    }

    /// Runs `body` with a store on the PostgreSQL database at `url`.
    private static func withPostgresStore<Result: Sendable>(
        url: String, _ body: (PostgresStore, PostgresClient) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .warning
        let configuration = try PostgresStore.clientConfiguration(url: url)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let running = Task { await client.run() }
        defer { running.cancel() }
        let store = PostgresStore(client: client, logger: logger)
        return try await body(store, client)
    }
}

/// A store that answers the nearby query with its index and without it (the baseline).
protocol UnindexedNearby: ChangeCommitting {
    func annotations(matching query: AnnotationQuery) async throws -> [Annotation]
    func scanAnnotations(matching query: AnnotationQuery) async throws -> [Annotation]
}

extension SQLiteServerStore: UnindexedNearby {}
extension PostgresStore: UnindexedNearby {}
