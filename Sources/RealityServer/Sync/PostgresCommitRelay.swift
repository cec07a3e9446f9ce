import RealityPostgres
import ServiceLifecycle

/// Brings the commits of the other server instances on one PostgreSQL database to this
/// instance's live events (``PostgresStore/relayCommitsOfOtherInstances()``), until shutdown.
struct PostgresCommitRelay: Service {
    let store: PostgresStore
    /// Where `/health` learns whether the relay listens.
    let status: LiveEventsStatus

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await store.relayCommitsOfOtherInstances { [status] problem in status.relay(problem: problem) }
        }
    }
}
