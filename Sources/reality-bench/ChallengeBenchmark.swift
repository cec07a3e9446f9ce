import ArgumentParser
import Foundation
import Logging
import OutOfBoxCore
import PostgresNIO
import RealityCore
import RealityPostgres
@_spi(Benchmarks) import RealityStore

/// `reality-bench challenge`: Out of Box's `today` on the server's store (issue 21), for many
/// people with the shipped catalog and a year of history each: the first ask of a day (which picks
/// and assigns) and a later one (which reads the assignment). The baseline, in the same run, is
/// the one indexed read of a person's assignment of a day that a later ask cannot do without.
struct ChallengeBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "challenge", abstract: "Out of Box's today, with a year of history per person.")
    @Option(help: "People.") var users: Int = 10_000
    @Option(help: "Days of history each.") var days: Int = 365
    @Option(help: "People asked (each twice) in the timed part.") var iterations: Int = 2_000
    @Option(help: "Use this PostgreSQL database (emptied first is up to you) instead of an SQLite file.")
    var postgres: String?
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        guard users >= 1, days >= 1, (1...users).contains(iterations) else {
            throw ValidationError("--users and --days at least 1; --iterations from 1 to --users")
        }
    }

    func run() async throws {
        if let postgres {
            var logger = Logger(label: "reality.bench")
            logger.logLevel = .warning
            let client = PostgresClient(
                configuration: try PostgresStore.clientConfiguration(url: postgres), backgroundLogger: logger)
            let running = Task { await client.run() }
            defer { running.cancel() }
            let store = PostgresStore(client: client, logger: logger)
            try await store.migrate()
            try await measure(store, backend: "postgres")
        } else {
            let path = NSTemporaryDirectory() + "reality-bench-challenge-\(UUID().uuidString).sqlite"
            defer { SQLiteServerStore.removeFiles(at: path) }
            try await measure(try SQLiteServerStore.open(path: path), backend: "sqlite")
        }
    }

    private func measure(_ store: some ChallengeRepository, backend: String) async throws {
        try await ShippedCatalog.install(into: store)
        let catalog = try await store.challenges(includingRetired: false).map(\.id)
        let people = (0..<users).map { _ in UUID() }
        let now = Date()
        let today = LocalDay(now, in: .gmt)
        var random = SystemRandomNumberGenerator()
        let fillStart = ContinuousClock.now
        var batch: [UserChallenge] = []
        batch.reserveCapacity(20_000)
        for person in people {
            for back in 1...days {
                let day = today.adding(days: -back)
                let assignedAt = day.start(in: .gmt).addingTimeInterval(8 * 3_600)
                var item = UserChallenge(
                    userID: person, challengeID: catalog[Int.random(in: 0..<catalog.count, using: &random)],
                    localDay: day, assignedAt: assignedAt)
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<7:
                    item.status = .completed
                    item.completedDate = assignedAt.addingTimeInterval(3_600)
                    item.completionTime = 3_600
                    item.userRating = Int.random(in: 1...5, using: &random)
                case 7..<9:
                    item.status = .skipped
                    item.skippedDate = assignedAt.addingTimeInterval(600)
                    item.skipReason = .noTime
                default: break
                }
                batch.append(item)
                if batch.count == 20_000 {
                    try await store.saveAssignments(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
        }
        try await store.saveAssignments(batch)
        let fillSeconds = (ContinuousClock.now - fillStart).milliseconds / 1000

        var first = Samples()
        var again = Samples()
        var baseline = Samples()
        let asked = people.shuffled().prefix(iterations)
        for person in asked.prefix(50) {
            // Warm-up on people who are then left out of the timed part's second ask.
            _ = try await DefaultChallengeService(userID: person, store: store, photos: nil).todaysChallenge(
                timeZone: nil)
        }
        for person in asked.dropFirst(50) {
            let service = DefaultChallengeService(userID: person, store: store, photos: nil, clock: { now })
            let given = try await first.time { try await service.todaysChallenge(timeZone: nil) }
            let read = try await again.time { try await service.todaysChallenge(timeZone: nil) }
            guard read.assignment.id == given.assignment.id else {
                throw ValidationError("a second ask changed the day")
            }
            _ = try await baseline.time { try await store.assignment(of: person, on: today) }
        }
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: "challenge-\(backend)", count: users, ours: first, baseline: baseline,
                baselineDescription: "one indexed read of the person's assignment of the day",
                extra: [
                    "againP50Ms": again.p50, "againP99Ms": again.p99, "days": Double(days),
                    "catalog": Double(catalog.count), "assignments": Double(users * days + iterations),
                    "fillSeconds": fillSeconds,
                ],
                targets: ["p50Ms": 2], unit: "people"))
    }
}
