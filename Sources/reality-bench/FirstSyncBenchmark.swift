import ArgumentParser
import Foundation
import RealityAPI
import RealityCore
import RealityStore
import RealitySync

/// `reality-bench firstsync`: a new device's first sync of an account holding `--count`
/// annotations, through the sync engine's change feed, against paging the REST list and saving
/// each annotation in a transaction of its own.
struct FirstSyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firstsync", abstract: "Records per second a new device applies on its first sync.")
    @Option(help: "Annotations the account holds.") var count: Int = 100_000
    @Option(help: "Records per pulled page (the server allows at most 1000).") var pageSize: Int = 1000
    @Option(help: "New devices to time through the sync engine.") var iterations: Int = 3
    @Option(help: "New devices to time through the REST baseline.") var baselineIterations: Int = 1
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?
    @Option(help: "Port of the server.") var port: Int = 18_185
    @Flag(help: "Print one JSON object.") var json = false

    /// Annotations per page of the REST list (its largest).
    static let restPageSize = 200

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard (1...1000).contains(pageSize) else { throw ValidationError("--page-size must be from 1 to 1000") }
        guard iterations >= 1, baselineIterations >= 1 else { throw ValidationError("iterations must be at least 1") }
    }

    func run() async throws {
        let server = try await BenchServer.start(port: port, postgres: postgres, name: "firstsync")
        defer { server.stop() }
        let user = try await BenchUser.make(server.client, admin: BenchServer.adminToken, name: "firstsync")
        let loadStart = ContinuousClock.now
        try await user.push(count, batch: 400)
        let loadSeconds = (ContinuousClock.now - loadStart).milliseconds / 1000

        var ours = Samples()
        var applied = 0
        for index in 0..<iterations {
            let device = try await BenchDevice.signIn(
                user, server: server, name: "firstsync-\(index)", pageSize: pageSize)
            defer { device.remove() }
            let summary = try await ours.time { try await device.engine.sync() }
            applied = summary.pulled.values.reduce(0, +)
            try await Self.expect(count, annotationsIn: device.store, of: user, after: "the first sync")
        }
        var baseline = Samples()
        for index in 0..<baselineIterations {
            let device = try await BenchDevice.signIn(user, server: server, name: "firstsync-rest-\(index)")
            defer { device.remove() }
            try await baseline.time { try await Self.copyThroughREST(user, into: device.store) }
            try await Self.expect(count, annotationsIn: device.store, of: user, after: "the REST copy")
        }
        let rate = Double(applied) / (ours.p50 / 1000)
        let baselineRate = Double(count) / (baseline.p50 / 1000)
        var report = BenchmarkReport(
            benchmark: "firstsync", count: count, ours: ours, baseline: baseline,
            baselineDescription:
                "the same annotations paged from \(APIRoute.annotations) (\(Self.restPageSize) a page) "
                + "and saved on a new device store one commit (transaction) each; ratio here is records per second "
                + "over the baseline's; p50/p99 are of a whole first sync",
            extra: [
                "recordsPerSecond": rate, "baselineRecordsPerSecond": baselineRate, "recordsApplied": Double(applied),
                "pageSize": Double(pageSize), "serverLoadSeconds": loadSeconds,
            ],
            targets: ["recordsPerSecond": 20_000])
        report.ratio = rate / baselineRate
        try BenchOutput(json: json).report(report)
    }

    /// The naive copy: every page of the REST list, each annotation committed on its own.
    static func copyThroughREST(_ user: BenchUser, into store: DeviceStore) async throws {
        var cursor: String?
        repeat {
            let path = APIRoute.annotations.path(query: [.limit: String(restPageSize), .cursor: cursor])
            let (status, body) = try await user.client.send(.annotations, path, token: user.token)
            guard status == 200 else { throw BenchError("GET \(path) answered \(status)") }
            let page = try RealityJSON.decode(Page<Annotation>.self, from: body)
            for annotation in page.items {
                try await store.commit(ChangeSet(changes: [.saveAnnotation(annotation)]))
            }
            cursor = page.nextCursor
        } while cursor != nil
    }

    /// Throws unless `store` holds exactly `count` live annotations of `user`.
    static func expect(_ count: Int, annotationsIn store: DeviceStore, of user: BenchUser, after what: String)
        async throws
    {
        let held = try await store.annotationCount(ownedBy: user.userID)
        guard held == count else {
            throw BenchError("after \(what) the device holds \(held) annotations, not \(count)")
        }
    }
}
