import ArgumentParser
import Foundation
import Logging
import RealityCore
import RealityStore
import RealitySync

/// `reality-bench live`: how long an annotation created on one device takes to reach another
/// device's store over the events WebSocket, against the second device syncing in a loop; with
/// `--clients N`, how long a commit takes to reach N users' sockets (``LiveFanout``).
struct LiveBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live", abstract: "Latency from a commit on one device to its arrival on another.")
    @Option(help: "Annotations to time, each way.") var count: Int = 200
    @Option(help: "Untimed annotations before each measurement.") var warmup: Int = 10
    @Option(help: "Run the server on this PostgreSQL URL instead of SQLite.") var postgres: String?
    @Option(help: "Port of the server.") var port: Int = 18_186
    @Option(help: "Time a commit's hint to this many users' sockets instead (one socket each).") var clients: Int?
    @Option(help: "With --clients: commits per second in the steady phase.") var rate: Double = 50
    @Option(help: "With --clients: seconds of steady commits after the timed rounds (0: none).")
    var steadySeconds: Int = 0
    @Flag(help: "Print one JSON object.") var json = false

    func validate() throws {
        guard count >= 1 else { throw ValidationError("--count must be at least 1") }
        guard (clients ?? 2) >= 2 else { throw ValidationError("--clients must be at least 2") }
        guard rate > 0, rate.isFinite, steadySeconds >= 0 else {
            throw ValidationError("--rate must be positive and --steady-seconds not negative")
        }
    }

    func run() async throws {
        if let clients {
            let fanout = LiveFanout(
                clients: clients, rounds: count, steadySeconds: steadySeconds, rate: rate, postgres: postgres,
                port: port)
            try BenchOutput(json: json).report(try await fanout.run())
            return
        }
        let server = try await BenchServer.start(port: port, postgres: postgres, name: "live")
        defer { server.stop() }
        guard let postgres else { return try await run(on: server, witness: nil) }
        try await CommitWitness.listening(on: postgres) { witness in try await run(on: server, witness: witness) }
    }

    /// The phone and the tablet on `server`; with a `witness`, also timed from each commit's notice.
    private func run(on server: BenchServer, witness: CommitWitness?) async throws {
        let user = try await BenchUser.make(server.client, admin: BenchServer.adminToken, name: "live")
        let phone = try await BenchDevice.signIn(user, server: server, name: "live-phone")
        let tablet = try await BenchDevice.signIn(user, server: server, name: "live-tablet")
        defer {
            phone.remove()
            tablet.remove()
        }
        try await phone.engine.sync()
        var logger = Logger(label: "reality.bench")
        logger.logLevel = .warning
        let rounds = SyncRounds()
        let service = SyncService(
            engine: tablet.engine, events: LiveEventsClient(serverURL: server.url, token: tablet.token, logger: logger),
            reconnect: RetryPolicy(base: 0.05, cap: 0.5, maxRetries: nil), logger: logger,
            onSynced: { _ in await rounds.add() })
        let (ours, ourRounds, ourSeconds) = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await service.run() }
            // One full sync at start and one once the socket is registered (`ready`).
            try await rounds.wait(atLeast: 2)
            let before = await rounds.count
            let start = ContinuousClock.now
            let samples = try await Self.measure(
                count, warmup: warmup, from: phone, to: tablet, user: user, witness: witness)
            let seconds = (ContinuousClock.now - start).milliseconds / 1000
            let done = await rounds.count - before
            group.cancelAll()
            return (samples, done, seconds)
        }
        let syncs = SyncRounds()
        let (baseline, baselineSeconds) = try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try await tablet.engine.sync()
                    await syncs.add()
                }
            }
            let start = ContinuousClock.now
            let samples = try await Self.measure(
                count, warmup: warmup, from: phone, to: tablet, user: user, witness: witness)
            let seconds = (ContinuousClock.now - start).milliseconds / 1000
            group.cancelAll()
            return (samples, seconds)
        }
        let baselineSyncs = await syncs.count
        try BenchOutput(json: json).report(
            BenchmarkReport(
                benchmark: "live", count: count, ours: ours.arrivals, baseline: baseline.arrivals,
                baselineDescription: "the same creates with the tablet off the events socket, running full syncs "
                    + "back to back (SyncEngine.sync() in a loop) instead; latency from the start of the create on "
                    + "the phone to the annotation's arrival in the tablet's store, polled every 1 ms; the extra "
                    + "figures count the tablet's rounds of sync work per second in each, and time the phone's "
                    + "create and push alone, and (ours) the time from the push's answer to the arrival; on PostgreSQL "
                    + "also from the commit's notice, as another instance hears it on the database's channel, to "
                    + "the arrival (commitHeardToArrival: commit to other device)",
                extra: [
                    "warmup": Double(warmup), "syncRoundsPerSecond": Double(ourRounds) / ourSeconds,
                    "baselineSyncsPerSecond": Double(baselineSyncs) / baselineSeconds,
                    "createAndPushP50Ms": ours.pushes.p50, "baselineCreateAndPushP50Ms": baseline.pushes.p50,
                    "pushAnsweredToArrivalP50Ms": ours.afterPush.p50,
                ].merging(
                    witness == nil
                        ? [:]
                        : [
                            "commitHeardToArrivalP50Ms": ours.afterCommit.p50,
                            "commitHeardToArrivalP99Ms": ours.afterCommit.p99,
                            "baselineCommitHeardToArrivalP50Ms": baseline.afterCommit.p50,
                        ]
                ) { $1 },
                targets: ["p50Ms": 50]))
    }

    /// Creates `warmup + count` annotations on `phone`, each pushed at once, and times the last
    /// `count` from the start of the create until `tablet`'s store has the annotation, until the
    /// push is done, from the push's end to the arrival, and from the commit `witness` heard.
    static func measure(
        _ count: Int, warmup: Int, from phone: BenchDevice, to tablet: BenchDevice, user: BenchUser,
        witness: CommitWitness?
    ) async throws -> (arrivals: Samples, pushes: Samples, afterPush: Samples, afterCommit: Samples) {
        var samples = Samples()
        var pushes = Samples()
        var afterPush = Samples()
        var afterCommit = Samples()
        let annotations = try await phone.services.annotationService()
        for index in 0..<(warmup + count) {
            let start = ContinuousClock.now
            let note = try await annotations.createAnnotation(
                content: AnnotationContent(text: "Live note \(index)"), type: .text,
                position: SIMD3(Float(index % 10), 1, Float(index / 10)), layerID: user.layerID)
            _ = try await phone.engine.push()
            let pushed = ContinuousClock.now
            let deadline = start + .seconds(10)
            while try await tablet.store.annotation(id: note.id) == nil {
                guard ContinuousClock.now < deadline else { throw BenchError("note \(index) did not reach the tablet") }
                try await Task.sleep(for: .milliseconds(1))
            }
            if index >= warmup {
                let arrived = ContinuousClock.now
                samples.appendValue((arrived - start).milliseconds)
                pushes.appendValue((pushed - start).milliseconds)
                afterPush.appendValue((arrived - pushed).milliseconds)
                if let witness {
                    guard let committed = witness.firstCommit(after: start) else {
                        throw BenchError("no commit was heard for note \(index)")
                    }
                    afterCommit.appendValue((arrived - committed).milliseconds)
                }
            }
        }
        return (samples, pushes, afterPush, afterCommit)
    }
}

/// Counts rounds of sync work: those a watching ``SyncService`` finished, or full syncs.
private actor SyncRounds {
    private(set) var count = 0

    func add() { count += 1 }

    /// Waits (up to ten seconds) until `atLeast` rounds are done.
    func wait(atLeast: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while count < atLeast {
            guard ContinuousClock.now < deadline else { throw BenchError("the tablet's sync service did not sync") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
