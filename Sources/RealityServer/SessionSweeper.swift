import Foundation
import Logging
import RealityCore
import ServiceLifecycle

/// Deletes the sessions that have ended (issue 17): past their idle or maximum lifetime, or
/// revoked. A request already refuses them (``Authenticator``); this keeps their rows, which
/// hold a token's hash and a device's name, from staying in the database for ever. Every
/// ``interval`` (an hour by default), in batches of ``batchSize`` so that no transaction grows
/// with the backlog; on PostgreSQL each instance sweeps, and a row goes once whoever deletes it.
///
/// A swift-service-lifecycle `Service`: it sweeps until graceful shutdown.
struct SessionSweeper<Store: AccountRepository>: Service {
    let store: Store
    let lifetimes: SessionLifetimes
    /// Time between sweeps; the first comes one interval after start, not while the server starts.
    let interval: TimeInterval
    let logger: Logger

    /// Sessions deleted per transaction.
    static var batchSize: Int { 1_000 }

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                if Task.isCancelled { return }
                await sweep(at: Date())
            }
        }
    }

    /// Deletes every session ended by `now`, batch after batch; answers how many. A failure is
    /// logged and left for the next sweep.
    @discardableResult
    func sweep(at now: Date) async -> Int {
        var deleted = 0
        do {
            while true {
                let batch = try await store.deleteEndedSessions(
                    usedBefore: lifetimes.usedSince(now), createdBefore: lifetimes.createdSince(now),
                    limit: Self.batchSize)
                deleted += batch
                if batch < Self.batchSize { break }
            }
        } catch {
            logger.warning("sessions: deleting ended sessions failed", metadata: ["error": "\(error)"])
        }
        if deleted > 0 {
            logger.debug("sessions: deleted ended sessions", metadata: ["sessions.deleted": "\(deleted)"])
        }
        return deleted
    }
}
