import Foundation
import Logging
import RealityAPI
import RealityCore
import RealityServer
import RealitySync
import Synchronization

/// `reality-bench live --clients N`: the time from a commit until every one of N users listening
/// on the events socket has heard of it (issue 24). One writer's public layer; N readers, one
/// socket each; each round the writer creates an annotation there over HTTP and the round ends
/// when every socket has its `changes` hint. The baseline, in the same run, is the same rounds
/// heard by one socket alone, before the others connect. With `--steady-seconds`, commits then
/// come at `--rate` per second for that long, and the report says whether the hub keeps up.
struct LiveFanout {
    let clients: Int
    let rounds: Int
    let steadySeconds: Int
    let rate: Double
    let postgres: String?
    let port: Int

    func run() async throws -> BenchmarkReport {
        var limits = ConnectionLimits()
        limits.maxConnectionsPerAddress = clients + 64
        limits.maxConnections = clients + 256
        let server = try await BenchServer.start(port: port, postgres: postgres, name: "fanout", limits: limits)
        defer { server.stop() }
        let writer = try await BenchUser.make(server.client, admin: BenchServer.adminToken, name: "fanout-writer")
        let (status, _) = try await server.client.send(
            .updateLayer, APIRoute.updateLayer.path(id: writer.layerID), token: writer.token, body: ["isPublic": true])
        guard status == 200 else { throw BenchError("making the layer public answered \(status)") }
        let tokens = try await Self.readers(clients, on: server)
        let hearing = Hearing(scope: .public)
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .critical
        return try await withThrowingTaskGroup(of: Void.self) { group in
            func listen(_ indices: Range<Int>) async throws {
                for index in indices {
                    let client = LiveEventsClient(serverURL: server.url, token: tokens[index], logger: logger)
                    group.addTask {
                        try await client.run(connected: {}) { event in hearing.heard(event, by: index) }
                    }
                }
                try await hearing.waitReady(indices.upperBound)
            }
            try await listen(0..<1)
            let alone = try await measure(rounds, sockets: 1, writer: writer, server: server, hearing: hearing)
            let residentBefore = try ProcessMemory.residentKiB()
            try await listen(1..<clients)
            try await Task.sleep(for: .seconds(1))
            let residentAfter = try ProcessMemory.residentKiB()
            let all = try await measure(rounds, sockets: clients, writer: writer, server: server, hearing: hearing)
            var extra: [String: Double] = [
                "clients": Double(clients), "perSocketP50Ms": all.perSocket.p50, "perSocketP99Ms": all.perSocket.p99,
                "residentKiBPerSocketBothEnds": Double(residentAfter - residentBefore) / Double(clients - 1),
            ]
            if steadySeconds > 0 {
                extra.merge(try await steady(writer: writer, server: server, hearing: hearing)) { $1 }
            }
            group.cancelAll()
            return BenchmarkReport(
                benchmark: "live-fanout", count: clients, ours: all.everyone, baseline: alone.everyone,
                baselineDescription: "the same rounds heard by one socket, before the other \(clients - 1) connect: "
                    + "the time from the start of the create over HTTP until the socket has its changes hint "
                    + "(ours: until every socket has it; perSocket figures: each socket's own time; the resident "
                    + "memory per socket counts the server's and the client's end, in one process)",
                extra: extra, targets: ["p99Ms": 50])
        }
    }

    /// `count` readers' tokens, registered eight at a time.
    private static func readers(_ count: Int, on server: BenchServer) async throws -> [String] {
        var tokens = [String](repeating: "", count: count)
        for start in stride(from: 0, to: count, by: 8) {
            try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in start..<min(start + 8, count) {
                    group.addTask {
                        let (status, body) = try await server.client.send(
                            .register,
                            body: RegisterRequest(
                                email: "reader\(index)@example.com", password: BenchUser.password,
                                displayName: "Reader \(index)"))
                        guard status == 201 else { throw BenchError("register answered \(status)") }
                        return (index, try RealityJSON.decode(AuthResponse.self, from: body).token)
                    }
                }
                for try await (index, token) in group { tokens[index] = token }
            }
        }
        return tokens
    }

    /// Rounds after three untimed ones: per round, the time until all `sockets` heard, and each
    /// socket's own time.
    private func measure(
        _ rounds: Int, sockets: Int, writer: BenchUser, server: BenchServer, hearing: Hearing
    ) async throws -> (everyone: Samples, perSocket: Samples) {
        var everyone = Samples()
        var perSocket = Samples()
        for round in 0..<(3 + rounds) {
            let start = ContinuousClock.now
            hearing.startRound(at: start, sockets: sockets)
            try await create(round, writer: writer, server: server)
            let times = try await hearing.waitRound(deadline: start + .seconds(30))
            if round >= 3 {
                everyone.appendValue(times.max() ?? 0)
                for time in times { perSocket.appendValue(time) }
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (everyone, perSocket)
    }

    /// Commits at ``rate`` per second for ``steadySeconds``: each commit's time until every socket
    /// heard a hint after it, in the first and the last tenth of the run, and the time after the last
    /// commit was answered until every socket heard a hint after that commit began (0 when all had).
    private func steady(writer: BenchUser, server: BenchServer, hearing: Hearing) async throws -> [String: Double] {
        let total = Int(Double(steadySeconds) * rate)
        let interval = Duration.seconds(1 / rate)
        hearing.startLog(sockets: clients)
        let begin = ContinuousClock.now
        var starts: [ContinuousClock.Instant] = []
        // Each create starts at its time, whether or not the ones before have been answered: a
        // writer that waited for each answer would measure its own round trip, not the hub.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<total {
                let due = begin + interval * index
                if due > .now { try await Task.sleep(until: due) }
                starts.append(.now)
                group.addTask { try await create(100_000 + index, writer: writer, server: server) }
            }
            try await group.waitForAll()
        }
        let last = ContinuousClock.now
        // Every socket's hint after the last commit began, which may come before that commit's
        // answer does (then the hub had drained already).
        let lastStart = starts.last ?? last
        let drained = max(last, try await hearing.waitAllHeard(after: lastStart, deadline: last + .seconds(60)))
        let lags = hearing.stopLog(commits: starts)
        let tenth = max(1, lags.count / 10)
        var first = Samples()
        var final = Samples()
        for lag in lags.prefix(tenth) { first.appendValue(lag) }
        for lag in lags.suffix(tenth) { final.appendValue(lag) }
        let elapsed = (last - begin).milliseconds / 1000
        return [
            "steadyCommitsPerSecond": Double(total) / elapsed, "steadyFirstTenthP99Ms": first.p99,
            "steadyLastTenthP99Ms": final.p99, "steadyDrainMs": (drained - last).milliseconds,
        ]
    }

    private func create(_ index: Int, writer: BenchUser, server: BenchServer) async throws {
        let (status, _) = try await server.client.send(
            .createAnnotation, token: writer.token,
            body: CreateAnnotationRequest(
                type: .text, content: AnnotationContent(text: "Fan-out \(index)"),
                position: [Float(index % 100), 1, Float(index / 100 % 100)], layerID: writer.layerID))
        guard status == 201 else { throw BenchError("create answered \(status)") }
    }
}

/// What the readers' sockets heard: ready sockets, the current round's times, and in the steady
/// phase every hint's time per socket. Counts the hints of one scope (`reality-bench live --clients`:
/// strangers hear a public layer; `reality-bench idle`: the writer's own sockets hear their own).
final class Hearing: Sendable {
    private struct State {
        var ready: Set<Int> = []
        var roundStart: ContinuousClock.Instant?
        var roundSockets = 0
        var times: [Int: Double] = [:]
        var logging = false
        var log: [[ContinuousClock.Instant]] = []
    }

    private let state = Mutex(State())
    private let scope: SyncScope

    init(scope: SyncScope) { self.scope = scope }

    func heard(_ event: LiveEvent, by index: Int) {
        let now = ContinuousClock.now
        state.withLock { state in
            switch event {
            case .ready:
                state.ready.insert(index)
            case .changes(let scopes) where scopes.contains(scope):
                if let start = state.roundStart, index < state.roundSockets, state.times[index] == nil {
                    state.times[index] = (now - start).milliseconds
                }
                if state.logging, index < state.log.count { state.log[index].append(now) }
            default:
                break
            }
        }
    }

    func waitReady(_ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while state.withLock({ $0.ready.count }) < count {
            guard ContinuousClock.now < deadline else { throw BenchError("only some sockets connected") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func startRound(at start: ContinuousClock.Instant, sockets: Int) {
        state.withLock { state in
            state.roundStart = start
            state.roundSockets = sockets
            state.times = [:]
        }
    }

    /// Each socket's time once all have heard.
    func waitRound(deadline: ContinuousClock.Instant) async throws -> [Double] {
        while true {
            let times: [Double]? = state.withLock { state in
                state.times.count >= state.roundSockets ? Array(state.times.values) : nil
            }
            if let times {
                state.withLock { $0.roundStart = nil }
                return times
            }
            guard ContinuousClock.now < deadline else { throw BenchError("a round was not heard by every socket") }
            try await Task.sleep(for: .microseconds(200))
        }
    }

    func startLog(sockets: Int) {
        state.withLock { state in
            state.logging = true
            state.log = Array(repeating: [], count: sockets)
        }
    }

    /// The instant by which every socket heard a hint after `instant`.
    func waitAllHeard(after instant: ContinuousClock.Instant, deadline: ContinuousClock.Instant) async throws
        -> ContinuousClock.Instant
    {
        while true {
            let done: ContinuousClock.Instant? = state.withLock { state in
                var latest = instant
                for hints in state.log {
                    guard let first = Self.first(in: hints, after: instant) else { return nil }
                    latest = max(latest, first)
                }
                return latest
            }
            if let done { return done }
            guard ContinuousClock.now < deadline else { throw BenchError("the hub did not drain") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Per commit, the time until every socket heard a hint after it (hints are not tied to
    /// commits, so a hub that falls behind shows here as growing times, and in the drain).
    func stopLog(commits: [ContinuousClock.Instant]) -> [Double] {
        state.withLock { state in
            state.logging = false
            return commits.compactMap { start in
                var latest = start
                for hints in state.log {
                    guard let first = Self.first(in: hints, after: start) else { return nil }
                    latest = max(latest, first)
                }
                return (latest - start).milliseconds
            }
        }
    }

    /// The first of `hints` (in time order) after `instant`.
    private static func first(in hints: [ContinuousClock.Instant], after instant: ContinuousClock.Instant)
        -> ContinuousClock.Instant?
    {
        var low = 0
        var high = hints.count
        while low < high {
            let middle = (low + high) / 2
            if hints[middle] > instant { high = middle } else { low = middle + 1 }
        }
        return low < hints.count ? hints[low] : nil
    }
}
