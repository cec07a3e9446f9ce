import ArgumentParser
import Foundation
import Hummingbird
import Logging
import RealityAPI
import RealityCore
import RealityServer
import RealityStore

/// `reality-bench http`: authenticated GET of one annotation against a bare Hummingbird route
/// returning a constant JSON body of the same size, both loaded by `wrk` from a second process.
///
/// The two are measured in rounds, bare then ours, and each figure is the median over the
/// rounds: on a shared machine the speed drifts over a minute, and a ratio of two runs taken
/// next to each other, repeated, is steadier than one long run of each.
struct HTTPBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "http", abstract: "Requests per second and latency of \(APIRoute.annotation).")
    @Flag(help: "Print one JSON object.") var json = false
    @Option(help: "Seconds per wrk run.") var seconds: Int = 10
    @Option(help: "Rounds of a bare run then ours; figures are medians over the rounds.") var rounds: Int = 3
    @Option(help: "wrk connections.") var connections: Int = 32
    @Option(help: "wrk threads.") var threads: Int = 1
    @Option(help: "Port of the platform's server.") var port: Int = 18_181
    @Option(help: "Port of the bare Hummingbird server.") var barePort: Int = 18_182
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?

    func run() async throws {
        // As `reality serve` does: tasks run on the event loops (both servers here), and every
        // request logs a line to standard error.
        ServerThreads.runTasksOnEventLoops()
        SQLiteProcessSettings.disableMemoryStatistics()
        LoggingSystem.bootstrap { LineLogHandler(label: $0, level: .info) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-http-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = ServerConfiguration(
            port: port, dataDirectory: directory, postgresURL: postgres, rateLimitBurst: 1 << 40,
            rateLimitPerSecond: 1e12, bcryptCost: 8)
        let app = try await buildApplication(configuration)
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        defer { server.cancel() }
        let client = BenchHTTP(base: "http://127.0.0.1:\(port)")
        try await client.waitForOK(deadline: .now + .seconds(10))
        let (token, path, body) = try await Self.seed(client)

        let constant = ByteBuffer(data: body)
        let router = Router()
        router.get("/constant") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: constant))
        }
        let bare = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: barePort)))
        let bareTask = Task { try await bare.runService(gracefulShutdownSignals: []) }
        defer { bareTask.cancel() }
        try await BenchHTTP(base: "http://127.0.0.1:\(barePort)").waitForOK("/constant", deadline: .now + .seconds(10))

        let ours = "http://127.0.0.1:\(port)\(path)"
        let auth = "Authorization: Bearer \(token)"
        let bareURL = "http://127.0.0.1:\(barePort)/constant"
        _ = try await Wrk.run(url: bareURL, header: nil, connections: connections, threads: threads, seconds: 2)
        _ = try await Wrk.run(url: ours, header: auth, connections: connections, threads: threads, seconds: 2)
        var ratios = Samples()
        var bareRates = Samples()
        var ourRates = Samples()
        var bareCPUs = Samples()
        var ourCPUs = Samples()
        var ourPeakP99s = Samples()
        for _ in 0..<max(rounds, 1) {
            let bareCPU = ProcessCPU.now
            let bareRun = try await Wrk.run(
                url: bareURL, header: nil, connections: connections, threads: threads, seconds: seconds)
            let oursCPU = ProcessCPU.now
            let oursRun = try await Wrk.run(
                url: ours, header: auth, connections: connections, threads: threads, seconds: seconds)
            let afterCPU = ProcessCPU.now
            guard oursRun.non2xx == 0 else {
                throw BenchError("the server answered \(oursRun.non2xx) requests with an error status")
            }
            ratios.appendValue(oursRun.requestsPerSecond / bareRun.requestsPerSecond)
            bareRates.appendValue(bareRun.requestsPerSecond)
            ourRates.appendValue(oursRun.requestsPerSecond)
            ourPeakP99s.appendValue(oursRun.p99Microseconds / 1000)
            // This process serves both; wrk runs in its own. CPU time per request does not depend
            // on how much of the machine other processes take, unlike requests per second.
            bareCPUs.appendValue((oursCPU - bareCPU) / Double(bareRun.requests) * 1e6)
            ourCPUs.appendValue((afterCPU - oursCPU) / Double(oursRun.requests) * 1e6)
        }
        let paced = try await Wrk.run(
            url: ours, header: auth, connections: connections, threads: threads, seconds: seconds,
            rate: 0.7 * ourRates.p50)
        // The same pacing against the bare route: how much of the tail comes from sharing two
        // cores with wrk rather than from the platform.
        let barePaced = try await Wrk.run(
            url: bareURL, header: nil, connections: connections, threads: threads, seconds: seconds,
            rate: 0.7 * ourRates.p50)
        guard paced.non2xx == 0 else {
            throw BenchError("the server answered \(paced.non2xx) paced requests with an error status")
        }
        let report = BenchmarkReport(
            benchmark: "http", count: 1, iterations: paced.requests,
            p50Ms: paced.p50Microseconds / 1000, p99Ms: paced.p99Microseconds / 1000,
            baselineP50Ms: barePaced.p50Microseconds / 1000, baselineP99Ms: barePaced.p99Microseconds / 1000,
            ratio: ratios.p50,
            baselineDescription:
                "a bare Hummingbird route returning the same JSON body as a constant; ratio here is the median over rounds of ours over bare requests per second, p50/p99 are ours at 70% of our peak (baseline: the bare route at the same pacing)",
            extra: [
                "rounds": Double(ratios.count), "lowestRoundRatio": ratios.percentile(0),
                "highestRoundRatio": ratios.percentile(1),
                "oursRequestsPerSecond": ourRates.p50, "bareRequestsPerSecond": bareRates.p50,
                "pacedRequestsPerSecond": paced.requestsPerSecond, "oursPeakP99Ms": ourPeakP99s.p50,
                "barePacedP99Ms": barePaced.p99Microseconds / 1000, "barePacedP50Ms": barePaced.p50Microseconds / 1000,
                "bodyBytes": Double(body.count), "connections": Double(connections),
                "oursCPUMicrosecondsPerRequest": ourCPUs.p50, "bareCPUMicrosecondsPerRequest": bareCPUs.p50,
                "cpuRatio": bareCPUs.p50 / ourCPUs.p50,
            ],
            targets: ["ratio": 0.5, "p99Ms": 10])
        try BenchOutput(json: json).report(report)
    }

    /// Registers a user with a layer and an annotation; returns the token, the annotation's path
    /// and its JSON body.
    static func seed(_ client: BenchHTTP) async throws -> (String, String, Data) {
        let (status, body) = try await client.send(
            .register,
            body: RegisterRequest(
                email: "bench@example.com", password: "correct horse battery staple", displayName: "Bench"))
        guard status == 201 else { throw BenchError("register answered \(status)") }
        let token = try RealityJSON.decode(AuthResponse.self, from: body).token
        let (layerStatus, layerBody) = try await client.send(
            .createLayer, token: token, body: CreateLayerRequest(name: "Bench"))
        guard layerStatus == 201 else { throw BenchError("layer create answered \(layerStatus)") }
        let layer = try RealityJSON.decode(Layer.self, from: layerBody)
        let create = CreateAnnotationRequest(
            type: .text, content: AnnotationContent(text: "Remember to buy milk on the way home"), title: "Milk",
            position: SIMD3(0, 1.5, -2), layerID: layer.id)
        let (created, createdBody) = try await client.send(.createAnnotation, token: token, body: create)
        guard created == 201 else { throw BenchError("annotation create answered \(created)") }
        let annotation = try RealityJSON.decode(Annotation.self, from: createdBody)
        let path = APIRoute.annotation.path(id: annotation.id)
        let (_, body2) = try await client.send(.annotation, path, token: token)
        return (token, path, body2)
    }
}

/// `reality-bench startup`: process start to the first 200 from /health, with `--count`
/// annotations stored, against the same with an empty store.
struct StartupBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "startup", abstract: "Time from starting `reality serve` to its first 200 on /health.")
    @Option(help: "Annotations stored.") var count: Int = 100_000
    @Option(help: "Starts to time.") var runs: Int = 10
    @Option(help: "Port to serve on.") var port: Int = 18_183
    @Flag(help: "Print one JSON object.") var json = false

    func run() async throws {
        let reality = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("reality")
        guard FileManager.default.isExecutableFile(atPath: reality.path) else {
            throw BenchError("\(reality.path) is missing: build it with `swift build -c release`")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reality-startup-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let full = root.appendingPathComponent("full")
        let empty = root.appendingPathComponent("empty")
        // Private, as `reality serve` requires of its data directory.
        try FileManager.default.createDirectory(
            at: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = try SQLiteServerStore.open(path: ServerConfiguration(dataDirectory: full).databasePath)
        try await BenchStore.fill(store, data: BenchData(count: count))
        let ours = try await time(reality, data: full)
        let baseline = try await time(reality, data: empty)
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: "startup", count: count, ours: ours, baseline: baseline,
                baselineDescription: "the same start with an empty data directory",
                targets: ["p50Ms": 500]))
    }

    private func time(_ reality: URL, data: URL) async throws -> Samples {
        var samples = Samples()
        let client = BenchHTTP(base: "http://127.0.0.1:\(port)")
        for _ in 0..<runs {
            let process = Process()
            process.executableURL = reality
            process.arguments = ["serve", "--data", data.path, "--port", String(port)]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = ContinuousClock.now
            try process.run()
            try await client.waitForOK(deadline: start + .seconds(20))
            samples.appendValue((ContinuousClock.now - start).milliseconds)
            process.terminate()
            process.waitUntilExit()
        }
        return samples
    }
}

/// Prints a report as text or JSON.
struct BenchOutput {
    let json: Bool

    func report(_ report: BenchmarkReport) throws {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
        } else {
            print(report.text)
        }
    }
}

/// The resident memory of a process, KiB (`VmRSS` in `/proc/PID/status`): this process's when
/// `pid` is nil.
enum ProcessMemory {
    static func residentKiB(of pid: pid_t? = nil) throws -> Int {
        let path = "/proc/\(pid.map(String.init) ?? "self")/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw BenchError("cannot read \(path)") }
        return kilobytes
    }
}

/// The CPU time (user and system) this process has used, in seconds.
enum ProcessCPU {
    static var now: Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
