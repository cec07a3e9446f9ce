import ArgumentParser
import Foundation
import Logging
import RealityAPI
import RealityCore
import RealityProcess
import RealitySync

#if canImport(Glibc)
    import Glibc
#endif

/// `reality-bench idle --sockets N`: the server's own memory per idle live-events socket, with
/// `reality serve` in a process of its own (issue 24: 10,000 idle sockets at most 32 KiB each on
/// the server). Its resident memory is read from `/proc` with a few sockets open and again after
/// all N have connected and idled; the difference over the sockets is the figure. Then each round
/// commits one annotation and times until every socket has its hint (ours) against the time the
/// first socket has it (the baseline), to show the idle sockets are alive.
struct IdleSocketsBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle", abstract: "Server memory per idle live-events socket, the server in its own process.")
    @Option(help: "Sockets to hold open (one user's).") var sockets: Int = 10_000
    @Option(help: "Rounds timed after the sockets idled.") var rounds: Int = 5
    @Option(help: "Seconds the sockets idle before the server's memory is read.") var idleSeconds: Int = 5
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?
    @Option(help: "Port of the server.") var port: Int = 18_187
    @Flag(help: "Print one JSON object.") var json = false

    /// Sockets open when the memory at rest is read (the hub and one user's state exist).
    private static let warm = 16

    func run() async throws {
        guard sockets > Self.warm else { throw ValidationError("--sockets must be more than \(Self.warm)") }
        try Self.raiseDescriptorLimit(to: sockets + 1024)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reality-idle-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var arguments = [
            "serve", "--host", "127.0.0.1", "--port", String(port), "--data",
            directory.appendingPathComponent("data").path,
            "--admin-token", BenchServer.adminToken, "--rate-limit", "1000000000", "--rate-burst", "1000000000",
            "--max-connections", String(sockets + 256), "--max-connections-per-address", String(sockets + 64),
            "--max-sockets-per-user", String(sockets), "--log-level", "warning",
        ]
        if let postgres { arguments += ["--postgres", postgres] }
        let server = try ChildProcess(
            Self.realityExecutable, arguments, output: .appending(directory.appendingPathComponent("log").path),
            error: .output)
        defer { if server.isRunning { server.send(SIGKILL) } }
        let client = BenchHTTP(base: "http://127.0.0.1:\(port)")
        try await client.waitForOK(deadline: .now + .seconds(60))
        let writer = try await BenchUser.make(client, admin: BenchServer.adminToken, name: "idle")
        let hearing = Hearing(scope: .private)
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .critical

        let report = try await withThrowingTaskGroup(of: Void.self) { group in
            func open(_ indices: Range<Int>) async throws {
                for index in indices {
                    let socket = LiveEventsClient(serverURL: client.base, token: writer.token, logger: logger)
                    group.addTask {
                        try await socket.run(connected: {}) { event in hearing.heard(event, by: index) }
                    }
                }
                try await hearing.waitReady(indices.upperBound)
            }
            try await open(0..<Self.warm)
            try await Task.sleep(for: .seconds(1))
            let before = try ProcessMemory.residentKiB(of: server.processIdentifier)
            for start in stride(from: Self.warm, to: sockets, by: 500) {
                try await open(start..<min(start + 500, sockets))
            }
            try await Task.sleep(for: .seconds(idleSeconds))
            let after = try ProcessMemory.residentKiB(of: server.processIdentifier)
            var everyone = Samples()
            var first = Samples()
            for round in 0..<(rounds + 1) {
                let start = ContinuousClock.now
                hearing.startRound(at: start, sockets: sockets)
                try await writer.create(round)
                let times = try await hearing.waitRound(deadline: start + .seconds(60))
                if round > 0 {
                    everyone.appendValue(times.max() ?? 0)
                    first.appendValue(times.min() ?? 0)
                }
            }
            group.cancelAll()
            let perSocket = Double(after - before) / Double(sockets - Self.warm)
            return BenchmarkReport(
                benchmark: "idle-sockets", count: sockets, ours: everyone, baseline: first,
                baselineDescription:
                    "after the sockets idled, each round commits one annotation: ours is the time until every "
                    + "socket has its hint, the baseline until the first has it; serverKiBPerSocket is the "
                    + "server process's resident memory after all sockets idled, less its memory with "
                    + "\(Self.warm) open, over the others",
                extra: [
                    "serverKiBPerSocket": perSocket, "serverResidentKiBBefore": Double(before),
                    "serverResidentKiBAfter": Double(after), "idleSeconds": Double(idleSeconds),
                ],
                targets: ["serverKiBPerSocket": 32], unit: "sockets")
        }
        server.send(SIGTERM)
        _ = try await server.exit()
        try BenchOutput(json: json).report(report)
    }

    /// `reality`, beside this executable.
    private static var realityExecutable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("reality").path
    }

    /// Raises this process's open-file limit (which `reality serve` inherits) to `wanted`, within
    /// the hard limit.
    private static func raiseDescriptorLimit(to wanted: Int) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw BenchError("getrlimit failed") }
        guard limit.rlim_cur < rlim_t(wanted) else { return }
        guard limit.rlim_max >= rlim_t(wanted) else {
            throw BenchError("--sockets needs \(wanted) open files; the hard limit is \(limit.rlim_max)")
        }
        limit.rlim_cur = rlim_t(wanted)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw BenchError("setrlimit failed") }
    }
}
