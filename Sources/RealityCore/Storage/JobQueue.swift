import Foundation

/// What a background job does; the server's job runner has one handler per kind.
public struct JobKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// The kind named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Makes an uploaded asset's thumbnail and preview (images, a video's poster frame) and reads
    /// its media facts (size, duration); the subject is the asset's SHA-256 (issue 19).
    public static let mediaRenditions = JobKind(rawValue: "media.renditions")

    /// The retention sweep (issue 20): moves annotations a rule retires into the trash and purges
    /// what has been in the trash 30 days (``Retention``); one job, subject ``retentionSubject``,
    /// that reschedules itself.
    public static let retention = JobKind(rawValue: "retention.sweep")

    /// The subject of the one ``retention`` job.
    public static var retentionSubject: String { "all" }

    /// Delivers one of Out of Box's reminders at its time (issue 22); the subject is the
    /// reminder's ID. Queued by the store in the transaction that keeps the reminder, so a kept
    /// reminder always has its job.
    public static let challengeReminder = JobKind(rawValue: "challenge.reminder")

    public var description: String { rawValue }
}

/// A job a runner took: it is leased to that runner until it finishes, retries or fails, or until
/// the lease runs out (the runner died), when another may take it.
public struct ClaimedJob: Hashable, Sendable {
    /// The queue's identity of the job.
    public var id: Int64
    /// What it does.
    public var kind: JobKind
    /// What it works on (for ``JobKind/mediaRenditions``, an asset's SHA-256).
    public var subject: String
    /// Which attempt this is, from 1.
    public var attempt: Int

    /// A job with the given parts.
    public init(id: Int64, kind: JobKind, subject: String, attempt: Int) {
        self.id = id
        self.kind = kind
        self.subject = subject
        self.attempt = attempt
    }
}

/// How many jobs wait and how many gave up.
public struct JobCounts: Hashable, Sendable {
    /// Jobs waiting or running.
    public var queued: Int
    /// Jobs that failed every attempt; kept, with their last error, for an operator.
    public var failed: Int

    /// Counts with the given parts.
    public init(queued: Int, failed: Int) {
        self.queued = queued
        self.failed = failed
    }
}

/// The server's durable job queue (a `jobs` table in either backend): a job written in the same
/// transaction as what asks for it survives a crash and a restart, and on PostgreSQL one instance
/// takes each job (`FOR UPDATE SKIP LOCKED`). One job per kind and subject waits at a time.
public protocol JobQueue: Sendable {
    /// Queues a job to run from `date`, unless one of this kind and subject is queued already.
    func enqueueJob(_ kind: JobKind, subject: String, at date: Date) async throws
    /// Takes up to `limit` queued jobs due at `now` that no live lease holds, the longest due first
    /// (answered in no particular order), leasing them until `leaseEnd` and counting an attempt for
    /// each.
    func claimJobs(now: Date, leaseEnd: Date, limit: Int) async throws -> [ClaimedJob]
    /// Removes a job that is done.
    func finishJob(_ id: Int64) async throws
    /// Queues a job that finished to run again from `date`, as a new first attempt (a recurring
    /// job); one transaction, so the job is never both gone and not yet queued.
    func rescheduleJob(_ id: Int64, at date: Date) async throws
    /// Gives a job back to the queue to run again from `date`, noting `error`.
    func retryJob(_ id: Int64, at date: Date, error: String) async throws
    /// Marks a job failed for good with `error`; it is kept, and never runs again.
    func failJob(_ id: Int64, error: String) async throws
    /// Whether a job of this kind and subject is queued or running.
    func isJobQueued(_ kind: JobKind, subject: String) async throws -> Bool
    /// How many jobs are queued and failed.
    func jobCounts() async throws -> JobCounts
}
