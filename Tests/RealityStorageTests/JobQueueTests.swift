import Foundation
import RealityCore
import RealityTestSupport
import Testing

/// The durable job queue (issue 19) on every backend: leases, retries, failures, one waiting job
/// per kind and subject, and on PostgreSQL several runners taking different jobs.
@Suite("Job queue")
struct JobQueueTests {
    static let kind = JobKind(rawValue: "test.kind")

    @Test(arguments: StoreBackend.allCases) func aLeasedJob_isTakenAgainOnlyOnceItsLeaseEnds(
        _ backend: StoreBackend
    ) async throws {
        try await withStore(backend) { store in
            let now = Timestamp.now()
            try await store.enqueueJob(Self.kind, subject: "a", at: now)
            // Queued twice while waiting: one job.
            try await store.enqueueJob(Self.kind, subject: "a", at: now)
            #expect(try await store.jobCounts() == JobCounts(queued: 1, failed: 0))
            #expect(try await store.isJobQueued(Self.kind, subject: "a"))
            #expect(try await !store.isJobQueued(Self.kind, subject: "b"))

            let first = try await store.claimJobs(now: now, leaseEnd: now.addingTimeInterval(60), limit: 5)
            #expect(first.map(\.subject) == ["a"] && first.first?.attempt == 1)
            // Its runner holds it until the lease ends (a runner that died: a server killed).
            #expect(try await store.claimJobs(now: now.addingTimeInterval(59), leaseEnd: now, limit: 5).isEmpty)
            let again = try await store.claimJobs(
                now: now.addingTimeInterval(61), leaseEnd: now.addingTimeInterval(120), limit: 5)
            #expect(again.map(\.id) == first.map(\.id) && again.first?.attempt == 2)
            try await store.finishJob(try #require(again.first).id)
            #expect(try await store.jobCounts() == JobCounts(queued: 0, failed: 0))
        }
    }

    @Test(arguments: StoreBackend.allCases) func retries_waitTheirTime_andFailuresAreKeptButNeverRun(
        _ backend: StoreBackend
    ) async throws {
        try await withStore(backend) { store in
            let now = Timestamp.now()
            try await store.enqueueJob(Self.kind, subject: "later", at: now.addingTimeInterval(30))
            try await store.enqueueJob(Self.kind, subject: "now", at: now)
            let claimed = try await store.claimJobs(now: now, leaseEnd: now.addingTimeInterval(60), limit: 5)
            #expect(claimed.map(\.subject) == ["now"])
            let job = try #require(claimed.first)
            try await store.retryJob(job.id, at: now.addingTimeInterval(10), error: "busy")
            #expect(try await store.claimJobs(now: now.addingTimeInterval(5), leaseEnd: now, limit: 5).isEmpty)
            let due = try await store.claimJobs(
                now: now.addingTimeInterval(40), leaseEnd: now.addingTimeInterval(100), limit: 5)
            #expect(Set(due.map(\.subject)) == ["now", "later"])
            try await store.failJob(job.id, error: "broken")
            #expect(try await store.jobCounts() == JobCounts(queued: 1, failed: 1))
            #expect(try await !store.isJobQueued(Self.kind, subject: "now"))
            // A failed job does not stop the same work being asked for again.
            try await store.enqueueJob(Self.kind, subject: "now", at: now)
            #expect(try await store.jobCounts() == JobCounts(queued: 2, failed: 1))
        }
    }

    /// A recurring job (the retention sweep) goes back to the queue as a fresh first attempt.
    @Test(arguments: StoreBackend.allCases) func aRescheduledJob_waitsItsTime_asAFirstAttempt(
        _ backend: StoreBackend
    ) async throws {
        try await withStore(backend) { store in
            let now = Timestamp.now()
            try await store.enqueueJob(Self.kind, subject: "every hour", at: now)
            let first = try #require(
                try await store.claimJobs(now: now, leaseEnd: now.addingTimeInterval(60), limit: 1).first)
            try await store.retryJob(first.id, at: now, error: "once")
            let second = try #require(
                try await store.claimJobs(now: now, leaseEnd: now.addingTimeInterval(60), limit: 1).first)
            #expect(second.attempt == 2)
            try await store.rescheduleJob(second.id, at: now.addingTimeInterval(3_600))
            #expect(try await store.claimJobs(now: now.addingTimeInterval(3_599), leaseEnd: now, limit: 1).isEmpty)
            let next = try await store.claimJobs(
                now: now.addingTimeInterval(3_600), leaseEnd: now.addingTimeInterval(3_700), limit: 1)
            #expect(next.map(\.id) == [first.id] && next.first?.attempt == 1)
            #expect(try await store.jobCounts() == JobCounts(queued: 1, failed: 0))
        }
    }

    @Test(arguments: StoreBackend.allCases) func runnersClaimingAtOnce_neverTakeTheSameJob(
        _ backend: StoreBackend
    ) async throws {
        try await withStore(backend, connections: 8) { store in
            let now = Timestamp.now()
            for index in 0..<40 { try await store.enqueueJob(Self.kind, subject: "\(index)", at: now) }
            let taken = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        var mine: [Int64] = []
                        while true {
                            let jobs = try await store.claimJobs(
                                now: now, leaseEnd: now.addingTimeInterval(600), limit: 1)
                            guard let job = jobs.first else { return mine }
                            mine.append(job.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(taken.count == 40 && Set(taken).count == 40)
        }
    }
}
