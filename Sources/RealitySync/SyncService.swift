import Foundation
import Logging
import RealityAPI
import RealityCore
import RealityStore
import ServiceLifecycle
import Synchronization

/// Continuous sync (`reality sync --watch`, SPEC S9): keeps the events socket open, pulls the
/// scopes each `changes` hint names, pushes when the store commits (in this process, or in
/// another one on the same file: ``SyncStore/watchCommits(every:_:)``), and after every
/// (re)connection pulls everything, since hints sent while away are not replayed. Cancellation
/// and graceful shutdown end it without an error.
///
/// All work goes through one queue, so that the engine never runs two syncs at once.
public struct SyncService<Store: SyncStore>: Service {
    let engine: SyncEngine<Store>
    let events: LiveEventsClient
    let reconnect: RetryPolicy
    let logger: Logger
    let commitPolling: Duration
    let onSynced: @Sendable (SyncSummary) async -> Void
    let onFailed: @Sendable (any Error) async -> Void

    /// A service over `engine`, listening on `events`, looking for other processes' commits
    /// every `commitPolling`; `onSynced` hears about each round of work, `onFailed` about each
    /// round that failed (it is tried again on the next commit or hint).
    public init(
        engine: SyncEngine<Store>, events: LiveEventsClient, reconnect: RetryPolicy = RetryPolicy(maxRetries: nil),
        commitPolling: Duration = .milliseconds(250), logger: Logger,
        onSynced: @escaping @Sendable (SyncSummary) async -> Void = { _ in },
        onFailed: @escaping @Sendable (any Error) async -> Void = { _ in }
    ) {
        self.engine = engine
        self.events = events
        self.reconnect = reconnect
        self.commitPolling = commitPolling
        self.logger = logger
        self.onSynced = onSynced
        self.onFailed = onFailed
    }

    enum Work: Sendable {
        case everything
        case pull([SyncScope])
        case push
    }

    /// Runs until cancelled or until graceful shutdown, and then returns normally; throws when the
    /// server ends the session (``SyncError/needsSignIn``), so that `--watch` stops and asks to
    /// log in again.
    public func run() async throws {
        let (work, queue) = AsyncStream.makeStream(of: Work.self, bufferingPolicy: .unbounded)
        // The error that ends the service, kept: when it ends the task group, a child's
        // cancellation may surface in its place, and the service must still throw it rather than
        // return as if shut down (which a service group reports as an unexpected finish).
        let ending = Mutex<SyncError?>(nil)
        do {
            try await cancelWhenGracefulShutdown {
                try await withThrowingDiscardingTaskGroup { group in
                    group.addTask {
                        for await _ in engine.store.commits() { queue.yield(.push) }
                    }
                    group.addTask {
                        try await engine.store.watchCommits(every: commitPolling) { _ = queue.yield(.push) }
                    }
                    group.addTask { try await listen(queue) }
                    queue.yield(.everything)
                    for await item in work {
                        do {
                            try await perform(item)
                        } catch let error as SyncError {
                            ending.withLock { $0 = error }
                            throw error
                        }
                    }
                    group.cancelAll()
                }
            }
        } catch is CancellationError {
            if let error = ending.withLock({ $0 }) { throw error }
            return
        }
    }

    /// Runs `item`; a failure is reported and the next commit or hint tries again, except one
    /// that only signing in again can cure, which ends the service (``SyncError/needsSignIn``).
    private func perform(_ item: Work) async throws {
        do {
            let summary: SyncSummary
            switch item {
            case .everything: summary = try await engine.sync()
            case .pull(let scopes): summary = try await engine.pull(scopes: scopes)
            case .push:
                var pushed = SyncSummary()
                pushed.pushed = try await engine.push()
                // Most commits the store watch reports are this service's own pulls and pushes:
                // a push that found nothing to send is no round of work.
                guard pushed.pushed != PushSummary() else { return }
                summary = pushed
            }
            await onSynced(summary)
        } catch let error as SyncError where error.needsSignIn {
            throw error
        } catch {
            // A round cut short by shutting down is no failure.
            guard !Task.isCancelled else { return }
            logger.warning("sync failed", metadata: ["sync.error": "\(error)"])
            await onFailed(error)
        }
    }

    /// Keeps the socket open, reconnecting with backoff; each connection starts with a full sync
    /// once the server says the socket is registered.
    private func listen(_ queue: AsyncStream<Work>.Continuation) async throws {
        var attempt = 0
        var generator = SystemRandomNumberGenerator()
        while !Task.isCancelled {
            do {
                // The full sync waits for `ready`: from then on hints reach this socket, so
                // nothing committed between the sync and the registration can be missed.
                try await events.run(
                    connected: {},
                    handle: { event in
                        switch event {
                        case .ready: queue.yield(.everything)
                        case .changes(let scopes): queue.yield(.pull(scopes))
                        case .notification: break
                        }
                    })
                attempt = 0
            } catch {
                logger.info("events socket lost", metadata: ["sync.error": "\(error)"])
                attempt += 1
            }
            let wait = reconnect.delay(attempt: attempt, using: &generator)
            try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
        }
    }
}
