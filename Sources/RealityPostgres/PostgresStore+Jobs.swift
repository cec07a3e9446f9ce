import Foundation
import PostgresNIO
import RealityCore

/// The job queue in `jobs`: several instances on one database each take different jobs
/// (`FOR UPDATE SKIP LOCKED`), and a job whose runner died is taken again when its lease ends.
extension PostgresStore: JobQueue {
    public func enqueueJob(_ kind: JobKind, subject: String, at date: Date) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO jobs (kind, subject, runAfter, createdAt)
                VALUES (\(kind.rawValue), \(subject), \(date.storeValue), \(Date().storeValue))
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    public func claimJobs(now: Date, leaseEnd: Date, limit: Int) async throws -> [ClaimedJob] {
        try await read { connection in
            try await connection.rows(
                """
                UPDATE jobs SET leaseEnd = \(leaseEnd.storeValue), attempts = attempts + 1
                WHERE id IN (
                    SELECT id FROM jobs
                    WHERE state = 'queued' AND runAfter <= \(now.storeValue)
                      AND (leaseEnd IS NULL OR leaseEnd <= \(now.storeValue))
                    ORDER BY runAfter, id LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED)
                RETURNING id, kind, subject, attempts
                """, logger: logger
            ) { row in
                let (id, kind, subject, attempts) = try row.decode((Int64, String, String, Int32).self)
                return ClaimedJob(id: id, kind: JobKind(rawValue: kind), subject: subject, attempt: Int(attempts))
            }
        }
    }

    public func finishJob(_ id: Int64) async throws {
        _ = try await read { connection in
            try await connection.query("DELETE FROM jobs WHERE id = \(id)", logger: logger)
        }
    }

    public func rescheduleJob(_ id: Int64, at date: Date) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                UPDATE jobs SET runAfter = \(date.storeValue), leaseEnd = NULL, attempts = 0, lastError = NULL
                WHERE id = \(id)
                """, logger: logger)
        }
    }

    public func retryJob(_ id: Int64, at date: Date, error: String) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                UPDATE jobs SET runAfter = \(date.storeValue), leaseEnd = NULL, lastError = \(error)
                WHERE id = \(id)
                """, logger: logger)
        }
    }

    public func failJob(_ id: Int64, error: String) async throws {
        _ = try await read { connection in
            try await connection.query(
                "UPDATE jobs SET state = 'failed', leaseEnd = NULL, lastError = \(error) WHERE id = \(id)",
                logger: logger)
        }
    }

    public func isJobQueued(_ kind: JobKind, subject: String) async throws -> Bool {
        try await read { connection in
            try await !connection.rows(
                """
                SELECT 1 FROM jobs WHERE kind = \(kind.rawValue) AND subject = \(subject) AND state = 'queued'
                """, logger: logger
            ) { try $0.decode(Int.self) }.isEmpty
        }
    }

    public func jobCounts() async throws -> JobCounts {
        try await read { connection in
            let counts = try await connection.rows(
                """
                SELECT count(*) FILTER (WHERE state = 'queued'), count(*) FILTER (WHERE state = 'failed') FROM jobs
                """, logger: logger
            ) { try $0.decode((Int64, Int64).self) }.first
            return JobCounts(queued: Int(counts?.0 ?? 0), failed: Int(counts?.1 ?? 0))
        }
    }
}
