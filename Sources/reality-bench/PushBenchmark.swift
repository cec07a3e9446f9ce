import ArgumentParser
import Foundation
import RealityAPI
import RealityCore

/// `reality-bench push`: server-side ingest of `POST /api/v1/sync/push` (batches of creates from
/// several devices at once) against the same annotations created one REST request each.
struct PushBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Mutations per second the server ingests through the sync push.")
    @Option(help: "Annotations to push in all.") var count: Int = 20_000
    @Option(help: "Mutations per push.") var batch: Int = 400
    @Option(help: "Devices pushing at once (one user each).") var devices: Int = 4
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?
    @Option(help: "Port of the server.") var port: Int = 18_184
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let server = try await BenchServer.start(port: port, postgres: postgres, name: "push")
        defer { server.stop() }
        let client = server.client
        let admin = BenchServer.adminToken

        let perDevice = max(1, count / devices)
        let pushers = try await (0..<devices).asyncMap {
            try await BenchUser.make(client, admin: admin, name: "push\($0)")
        }
        var batches = Samples()
        let pushStart = ContinuousClock.now
        let pushLatencies = try await withThrowingTaskGroup(of: Samples.self) { group in
            for device in pushers {
                group.addTask { try await device.push(perDevice, batch: batch) }
            }
            var all = Samples()
            for try await samples in group { all.append(samples) }
            return all
        }
        let pushSeconds = (ContinuousClock.now - pushStart).milliseconds / 1000
        batches.append(pushLatencies)

        let restDevices = try await (0..<devices).asyncMap {
            try await BenchUser.make(client, admin: admin, name: "rest\($0)")
        }
        let restStart = ContinuousClock.now
        let restLatencies = try await withThrowingTaskGroup(of: Samples.self) { group in
            for device in restDevices {
                group.addTask { try await device.post(perDevice) }
            }
            var all = Samples()
            for try await samples in group { all.append(samples) }
            return all
        }
        let restSeconds = (ContinuousClock.now - restStart).milliseconds / 1000
        let total = Double(perDevice * devices)
        let pushRate = total / pushSeconds
        let restRate = total / restSeconds
        var report = BenchmarkReport(
            benchmark: "push", count: Int(total), ours: batches, baseline: restLatencies,
            baselineDescription:
                "the same annotations created one REST \(APIRoute.createAnnotation) each; ratio here is "
                + "push mutations per second over REST creates per second; p50/p99 are per push of \(batch)",
            extra: [
                "mutationsPerSecond": pushRate, "restCreatesPerSecond": restRate, "devices": Double(devices),
                "batch": Double(batch),
            ],
            targets: ["mutationsPerSecond": 5_000])
        report.ratio = pushRate / restRate
        try BenchOutput(json: json).report(report)
    }
}

extension Samples {
    /// Adds every measurement of `other`.
    mutating func append(_ other: Samples) {
        for value in other.milliseconds { appendValue(value) }
    }
}

extension Range where Bound == Int {
    /// `transform` applied to each element in order, awaiting each.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
