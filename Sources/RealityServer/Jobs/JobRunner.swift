import Foundation
import Logging
import RealityCore
import ServiceLifecycle

/// Runs one kind of background job.
protocol JobHandler: Sendable {
    /// The kind it runs.
    var kind: JobKind { get }
    /// Does the job; an error that is a ``PermanentJobFailure`` fails it for good, any other is
    /// tried again later.
    func run(_ job: ClaimedJob) async throws
    /// When a job of this kind runs again after one that ended at `date`; nil (the default) for a
    /// job that runs once.
    func nextRun(after date: Date) -> Date?
}

extension JobHandler {
    func nextRun(after date: Date) -> Date? { nil }
}

/// An error that trying again will not mend (bytes that are not an image, say).
protocol PermanentJobFailure: Error {}

extension RenditionFailure: PermanentJobFailure {}

/// The server's background job runner (issue 19; the queue is the store's ``JobQueue``): takes due
/// jobs one at a time and runs them by their handlers, leasing each so that a runner that dies
/// leaves it to another (or to itself after a restart) once the lease ends. A failed attempt is
/// tried again after a growing delay (``retryDelay(after:)``), up to ``maxAttempts``; then, or at
/// once for a ``PermanentJobFailure``, the job is marked failed with its error. It looks for work
/// when ``JobSignal`` is raised (a job queued by this instance) and every poll interval (jobs of
/// other instances, retries). Each run is counted in `/metrics` (`jobs_runs_total` by kind and
/// outcome). A swift-service-lifecycle `Service`, until graceful shutdown.
struct JobRunner: Service {
    let queue: any JobQueue
    let handlers: [JobKind: any JobHandler]
    let signal: JobSignal
    let pollInterval: Duration
    let metrics: ServerMetrics
    let logger: Logger

    /// How long a runner holds a job before another may take it.
    static var lease: TimeInterval { 600 }
    /// Attempts before a job is failed for good.
    static var maxAttempts: Int { 5 }

    /// A runner of `handlers` over `queue`.
    init(
        queue: any JobQueue, handlers: [any JobHandler], signal: JobSignal, pollInterval: Duration,
        metrics: ServerMetrics, logger: Logger
    ) {
        self.queue = queue
        self.handlers = Dictionary(handlers.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.signal = signal
        self.pollInterval = pollInterval
        self.metrics = metrics
        self.logger = logger
    }

    /// The wait before attempt `attempt + 1`: 10 s, 40 s, 90 s, 160 s.
    static func retryDelay(after attempt: Int) -> TimeInterval { 10 * Double(attempt * attempt) }

    func run() async throws {
        let ticker = Task { [signal, pollInterval] in
            while !Task.isCancelled {
                try? await Task.sleep(for: pollInterval)
                signal.raise()
            }
        }
        defer { ticker.cancel() }
        await cancelWhenGracefulShutdown {
            for await _ in signal.raised {
                if Task.isCancelled { return }
                await runDueJobs()
            }
        }
    }

    /// Runs jobs until none is due; answers how many ran.
    @discardableResult
    func runDueJobs() async -> Int {
        var ran = 0
        while !Task.isCancelled {
            let now = Date()
            let claimed: [ClaimedJob]
            do {
                claimed = try await queue.claimJobs(now: now, leaseEnd: now.addingTimeInterval(Self.lease), limit: 1)
            } catch  where Task.isCancelled {
                return ran
            } catch {
                logger.warning("jobs: taking a job failed", metadata: ["error": "\(error)"])
                return ran
            }
            guard let job = claimed.first else { return ran }
            await run(job)
            ran += 1
        }
        return ran
    }

    private func run(_ job: ClaimedJob) async {
        let metadata: Logger.Metadata = [
            "job": "\(job.kind)", "subject": "\(job.subject)", "attempt": "\(job.attempt)",
        ]
        do {
            guard let handler = handlers[job.kind] else {
                try await queue.failJob(job.id, error: "no handler for \(job.kind)")
                return
            }
            do {
                try await handler.run(job)
                if let next = handler.nextRun(after: Date()) {
                    try await queue.rescheduleJob(job.id, at: next)
                } else {
                    try await queue.finishJob(job.id)
                }
                metrics.recordJobRun(kind: job.kind, outcome: "done")
            } catch  where Task.isCancelled {
                // The server is stopping: the lease ends and the job runs again.
                return
            } catch let failure as any PermanentJobFailure {
                logger.warning("jobs: failed for good", metadata: metadata.merging(["error": "\(failure)"]) { $1 })
                try await fail(job, by: handler, error: "\(failure)")
            } catch {
                if job.attempt >= Self.maxAttempts {
                    logger.warning(
                        "jobs: failed every attempt", metadata: metadata.merging(["error": "\(error)"]) { $1 })
                    try await fail(job, by: handler, error: "\(error)")
                } else {
                    logger.info("jobs: will try again", metadata: metadata.merging(["error": "\(error)"]) { $1 })
                    try await queue.retryJob(
                        job.id, at: Date().addingTimeInterval(Self.retryDelay(after: job.attempt)), error: "\(error)")
                    metrics.recordJobRun(kind: job.kind, outcome: "retry")
                }
            }
        } catch  where Task.isCancelled {
            return
        } catch {
            // The queue itself failed; the lease ends and the job runs again.
            logger.warning(
                "jobs: recording a job's end failed", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        }
    }
}

extension JobRunner {
    /// Marks `job` failed (kept, with `error`, for an operator); a recurring job is queued afresh
    /// for its next run, so that one bad run never stops it for good.
    private func fail(_ job: ClaimedJob, by handler: any JobHandler, error: String) async throws {
        try await queue.failJob(job.id, error: error)
        if let next = handler.nextRun(after: Date()) {
            try await queue.enqueueJob(job.kind, subject: job.subject, at: next)
        }
        metrics.recordJobRun(kind: job.kind, outcome: "failed")
    }
}

/// Wakes the ``JobRunner`` of this server: raised when a request queues a job, so that it runs at
/// once rather than at the next poll. Raises coalesce.
struct JobSignal: Sendable {
    /// The raises, at most one waiting.
    let raised: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (raised, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks the runner to look for work.
    func raise() {
        continuation.yield()
    }
}
