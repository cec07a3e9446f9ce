import Foundation
import GRDB
import RealityCore

/// The job queue in `jobs` (migration renditions19). One server owns an SQLite data directory, so
/// a claim is one write transaction; a job whose runner died is taken again when its lease ends.
extension SQLiteServerStore: JobQueue {
    public func enqueueJob(_ kind: JobKind, subject: String, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO jobs (kind, subject, runAfter, createdAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [kind.rawValue, subject, date.storeValue, Date().storeValue])
        }
    }

    public func claimJobs(now: Date, leaseEnd: Date, limit: Int) async throws -> [ClaimedJob] {
        // Looked for first in a read: an idle runner's poll must not commit, as every commit
        // empties the store's read caches.
        let due = try await read { db in
            try Bool.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM jobs WHERE state = 'queued' AND runAfter <= ?1
                        AND (leaseEnd IS NULL OR leaseEnd <= ?1))
                    """,
                arguments: [now.storeValue]) ?? false
        }
        guard due else { return [] }
        return try await write { db in
            try Row.fetchAll(
                db,
                sql: """
                    UPDATE jobs SET leaseEnd = ?1, attempts = attempts + 1
                    WHERE id IN (
                        SELECT id FROM jobs
                        WHERE state = 'queued' AND runAfter <= ?2 AND (leaseEnd IS NULL OR leaseEnd <= ?2)
                        ORDER BY runAfter, id LIMIT ?3)
                    RETURNING id, kind, subject, attempts
                    """,
                arguments: [leaseEnd.storeValue, now.storeValue, limit]
            ).map { row in
                ClaimedJob(
                    id: row["id"], kind: JobKind(rawValue: row["kind"]), subject: row["subject"],
                    attempt: row["attempts"])
            }
        }
    }

    public func finishJob(_ id: Int64) async throws {
        try await write { db in try db.execute(sql: "DELETE FROM jobs WHERE id = ?", arguments: [id]) }
    }

    public func rescheduleJob(_ id: Int64, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE jobs SET runAfter = ?, leaseEnd = NULL, attempts = 0, lastError = NULL WHERE id = ?",
                arguments: [date.storeValue, id])
        }
    }

    public func retryJob(_ id: Int64, at date: Date, error: String) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE jobs SET runAfter = ?, leaseEnd = NULL, lastError = ? WHERE id = ?",
                arguments: [date.storeValue, error, id])
        }
    }

    public func failJob(_ id: Int64, error: String) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE jobs SET state = 'failed', leaseEnd = NULL, lastError = ? WHERE id = ?",
                arguments: [error, id])
        }
    }

    public func isJobQueued(_ kind: JobKind, subject: String) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM jobs WHERE kind = ? AND subject = ? AND state = 'queued'",
                arguments: [kind.rawValue, subject]) ?? false
        }
    }

    public func jobCounts() async throws -> JobCounts {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT count(*) FILTER (WHERE state = 'queued') AS queued,
                        count(*) FILTER (WHERE state = 'failed') AS failed FROM jobs
                    """)
            return JobCounts(queued: row?["queued"] ?? 0, failed: row?["failed"] ?? 0)
        }
    }
}
