import RealityCore
import Synchronization

/// What `/health` knows of live events: whether the ``EventHub`` that turns commits into events
/// still runs, and on PostgreSQL whether the relay listens for other instances' commits
/// (``PostgresCommitRelay``). The hub and the relay report here; `/health` reads.
final class LiveEventsStatus: Sendable {
    private struct State {
        var hubStopped = false
        /// Why the relay is not listening, while it reconnects; nil while it listens (or before
        /// its first attempt, or with no relay at all).
        var relayProblem: String?
    }

    private let state = Mutex(State())

    /// The hub ended: no more events until a restart.
    func hubStopped() {
        state.withLock { $0.hubStopped = true }
    }

    /// The relay listens (`problem` nil) or lost its connection and is reconnecting.
    func relay(problem: String?) {
        state.withLock { $0.relayProblem = problem }
    }

    /// Live events as a dependency of the `events` component: unhealthy once the hub stopped,
    /// degraded while the relay reconnects (this instance's own commits still reach its sockets).
    var healthDependency: HealthDependency {
        HealthDependency(name: "live events") { [self] in
            let current = self.state.withLock { $0 }
            if current.hubStopped { return .init(status: .unhealthy, detail: "the live-event hub has stopped") }
            if let problem = current.relayProblem {
                return .init(status: .degraded, detail: "not listening for other instances' commits: \(problem)")
            }
            return nil
        }
    }
}
