import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// Out of Box's reminders in `challenge_reminders` (issue 22), as the SQLite store keeps them.
extension PostgresStore {
    public func saveReminders(_ reminders: [ChallengeReminder]) async throws {
        guard !reminders.isEmpty else { return }
        let ids = reminders.map(\.id)
        let due = reminders.map(\.dueAt.storeValue)
        let created = reminders.map(\.createdAt.storeValue)
        // One statement, so one transaction: the reminders and the jobs that deliver them.
        _ = try await read { connection in
            try await connection.query(
                """
                WITH kept AS (
                    INSERT INTO challenge_reminders (id, userID, kind, localDay, dueAt, status, createdAt)
                    SELECT * FROM unnest(\(ids)::uuid[], \(reminders.map(\.userID))::uuid[],
                        \(reminders.map(\.kind.rawValue))::text[], \(reminders.map(\.localDay.description))::text[],
                        \(due)::bigint[], \(reminders.map(\.status.rawValue))::text[], \(created)::bigint[])
                    RETURNING id, dueAt, createdAt)
                INSERT INTO jobs (kind, subject, runAfter, createdAt)
                SELECT \(JobKind.challengeReminder.rawValue), id::text, dueAt, createdAt FROM kept
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    public func reminder(id: UUID) async throws -> ChallengeReminder? {
        try await reminders(
            "SELECT \(unescaped: Self.reminderColumns) FROM challenge_reminders WHERE id = \(id)"
        ).first
    }

    public func reminders(of userID: UUID, dueFrom since: Date) async throws -> [ChallengeReminder] {
        try await reminders(
            """
            SELECT \(unescaped: Self.reminderColumns) FROM challenge_reminders
            WHERE userID = \(userID) AND dueAt >= \(since.storeValue) ORDER BY dueAt, id
            """)
    }

    public func cancelReminders(of userID: UUID, id: UUID?) async throws -> Int {
        try await read { connection in
            try await connection.rows(
                """
                UPDATE challenge_reminders SET status = 'cancelled'
                WHERE userID = \(userID) AND status = 'scheduled' AND (\(id)::uuid IS NULL OR id = \(id))
                RETURNING 1
                """, logger: logger
            ) { try $0.decode(Int.self) }.count
        }
    }

    /// The columns ``reminders(_:)`` reads, in order.
    private static let reminderColumns = "id, userID, kind, localDay, dueAt, status, createdAt"

    private func reminders(_ query: PostgresQuery) async throws -> [ChallengeReminder] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row -> ChallengeReminder in
                let (id, userID, kind, day, dueAt, status, createdAt) = try row.decode(
                    (UUID, UUID, String, String, Int64, String, Int64).self)
                guard let kind = ChallengeReminder.Kind(rawValue: kind), let day = LocalDay(day),
                    let status = ChallengeReminder.Status(rawValue: status)
                else { throw StoreError.unavailable(detail: "an unreadable challenge_reminders row") }
                return ChallengeReminder(
                    id: id, userID: userID, kind: kind, localDay: day, dueAt: Timestamp.date(milliseconds: dueAt),
                    status: status, createdAt: Timestamp.date(milliseconds: createdAt))
            }
        }
    }
}
