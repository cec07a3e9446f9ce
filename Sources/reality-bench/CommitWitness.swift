import Foundation
import Logging
import RealityCore
import RealityPostgres
import Synchronization

/// When the database announces each commit, as another instance of the server hears it: a
/// store of the benchmark's own on the server's PostgreSQL database relays the server's commit
/// notices (``PostgresStore/relayCommitsOfOtherInstances(report:)``), which PostgreSQL sends as
/// the commit's transaction ends, and this keeps the instant each one arrived. It stands in for
/// the commit's own instant in "commit → other device" (later than it by the notice's way to
/// the listening connection, so the time from it is if anything shorter than from the commit).
final class CommitWitness: Sendable {
    private let heard = Mutex<[ContinuousClock.Instant]>([])
    private let listening = Mutex(false)

    /// Runs `body` while a store on `postgres` listens, and answers its result.
    static func listening<Result: Sendable>(
        on postgres: String, _ body: (CommitWitness) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "reality.bench.witness")
        logger.logLevel = .warning
        let witness = CommitWitness()
        return try await PostgresStore.withStore(
            configuration: try PostgresStore.clientConfiguration(url: postgres), logger: logger
        ) { store in
            let commits = store.commits()
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    await withTaskGroup(of: Void.self) { relay in
                        relay.addTask {
                            await store.relayCommitsOfOtherInstances { problem in
                                if problem == nil { witness.listening.withLock { $0 = true } }
                            }
                        }
                        relay.addTask {
                            for await _ in commits { witness.heard.withLock { $0.append(.now) } }
                        }
                    }
                }
                defer { group.cancelAll() }
                let deadline = ContinuousClock.now + .seconds(10)
                while !witness.listening.withLock({ $0 }) {
                    guard ContinuousClock.now < deadline else { throw BenchError("the witness did not listen") }
                    try await Task.sleep(for: .milliseconds(5))
                }
                return try await body(witness)
            }
        }
    }

    /// The first commit heard at or after `instant`.
    func firstCommit(after instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        heard.withLock { instants in instants.first { $0 >= instant } }
    }
}
