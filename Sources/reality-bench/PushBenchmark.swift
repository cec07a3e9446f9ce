import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import RealityAPI
import RealityCore
import RealityServer

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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-push-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = "bench-admin"
        let configuration = ServerConfiguration(
            port: port, dataDirectory: directory, postgresURL: postgres, adminToken: admin,
            rateLimitBurst: 1 << 40, rateLimitPerSecond: 1e12, bcryptCost: 4)
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .warning
        let app = try await buildApplication(configuration, logger: logger)
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        let client = BenchHTTP(base: "http://127.0.0.1:\(port)")
        try await client.waitForOK("/health", deadline: .now + .seconds(30))

        let perDevice = max(1, count / devices)
        let pushers = try await (0..<devices).asyncMap { try await Device.make(client, admin: admin, name: "push\($0)") }
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

        let restDevices = try await (0..<devices).asyncMap { try await Device.make(client, admin: admin, name: "rest\($0)") }
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
            baselineDescription: "the same annotations created one REST POST /api/v1/annotations each; ratio here is "
                + "push mutations per second over REST creates per second; p50/p99 are per push of \(batch)",
            extra: [
                "mutationsPerSecond": pushRate, "restCreatesPerSecond": restRate, "devices": Double(devices),
                "batch": Double(batch),
            ],
            targets: ["mutationsPerSecond": 5_000])
        report.ratio = pushRate / restRate
        try BenchOutput(json: json).report(report)
    }

    /// One benchmark user with a layer.
    struct Device: Sendable {
        let client: BenchHTTP
        let token: String
        let layerID: LayerID
        let userID: UserID

        static func make(_ client: BenchHTTP, admin: String, name: String) async throws -> Device {
            let (status, body) = try await client.send(
                .POST, "/api/v1/auth/register",
                body: RegisterRequest(email: "\(name)@example.com", password: "correct horse battery", displayName: name))
            guard status == 201 else { throw BenchError("register answered \(status)") }
            let auth = try RealityJSON.decode(AuthResponse.self, from: body)
            let (tier, _) = try await client.send(
                .PUT, "/api/v1/admin/users/\(auth.user.id)/tier", token: admin, body: TierRequest(tier: .pro))
            guard tier == 200 else { throw BenchError("tier answered \(tier)") }
            let (layerStatus, layerBody) = try await client.send(
                .POST, "/api/v1/layers", token: auth.token, body: CreateLayerRequest(name: name))
            guard layerStatus == 201 else { throw BenchError("layer create answered \(layerStatus)") }
            return Device(
                client: client, token: auth.token, layerID: try RealityJSON.decode(Layer.self, from: layerBody).id,
                userID: auth.user.id)
        }

        func note(_ index: Int) -> Annotation {
            Annotation(
                type: .text, content: AnnotationContent(text: "Pushed note \(index) about the kitchen"),
                title: "Note \(index)", position: SIMD3(Float(index % 100), 1.5, Float(index / 100)),
                layerID: layerID, ownerID: userID)
        }

        func push(_ count: Int, batch: Int) async throws -> Samples {
            var samples = Samples()
            var index = 0
            while index < count {
                let mutations = (index..<min(index + batch, count)).map { i in
                    let annotation = note(i)
                    return SyncMutation(
                        mutationID: UUID().uuidString, recordType: .annotation, recordID: annotation.id.uuidString,
                        op: .save, fields: .annotation(annotation))
                }
                let (status, body) = try await samples.time {
                    try await client.send(
                        .POST, "/api/v1/sync/push", token: token,
                        body: SyncPushRequest(clientID: userID.uuidString, mutations: mutations))
                }
                guard status == 200 else { throw BenchError("push answered \(status)") }
                let results = try RealityJSON.decode(SyncPushResponse.self, from: body).results
                guard results.allSatisfy({ $0.status == .saved }) else {
                    throw BenchError("a pushed create was not saved: \(results.first { $0.status != .saved }!)")
                }
                index += mutations.count
            }
            return samples
        }

        func post(_ count: Int) async throws -> Samples {
            var samples = Samples()
            for index in 0..<count {
                let annotation = note(index)
                let request = CreateAnnotationRequest(
                    type: .text, content: annotation.content, title: annotation.title, position: annotation.position,
                    layerID: layerID)
                let (status, _) = try await samples.time {
                    try await client.send(.POST, "/api/v1/annotations", token: token, body: request)
                }
                guard status == 201 else { throw BenchError("REST create answered \(status)") }
            }
            return samples
        }
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
