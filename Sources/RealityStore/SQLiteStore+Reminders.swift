import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// Out of Box's reminders in `challenge_reminders` (issue 22); a delivery moves one out of
/// `scheduled` through a commit's ``Precondition/transition(table:id:from:to:)``.
extension SQLiteStore {
    public func saveReminders(_ reminders: [ChallengeReminder]) async throws {
        guard !reminders.isEmpty else { return }
        try await write { db in
            let row = try db.cachedStatement(
                sql: """
                    INSERT INTO challenge_reminders (id, userID, kind, localDay, dueAt, status, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
            let job = try db.cachedStatement(
                sql: "INSERT INTO jobs (kind, subject, runAfter, createdAt) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
            for reminder in reminders {
                try row.execute(arguments: [
                    Self.key(reminder.id), Self.key(reminder.userID), reminder.kind.rawValue,
                    reminder.localDay.description, reminder.dueAt.storeValue, reminder.status.rawValue,
                    reminder.createdAt.storeValue,
                ])
                try job.execute(arguments: [
                    JobKind.challengeReminder.rawValue, Self.key(reminder.id), reminder.dueAt.storeValue,
                    reminder.createdAt.storeValue,
                ])
            }
        }
    }

    public func reminder(id: UUID) async throws -> ChallengeReminder? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM challenge_reminders WHERE id = ?", arguments: [Self.key(id)])
                .map(Self.reminder(from:))
        }
    }

    public func reminders(of userID: UUID, dueFrom since: Date) async throws -> [ChallengeReminder] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM challenge_reminders WHERE userID = ? AND dueAt >= ? ORDER BY dueAt, id",
                arguments: [Self.key(userID), since.storeValue]
            ).map(Self.reminder(from:))
        }
    }

    public func cancelReminders(of userID: UUID, id: UUID?) async throws -> Int {
        try await write { db in
            try db.execute(
                sql: """
                    UPDATE challenge_reminders SET status = 'cancelled'
                    WHERE userID = ? AND status = 'scheduled' AND (? IS NULL OR id = ?)
                    """, arguments: [Self.key(userID), id.map(Self.key), id.map(Self.key)])
            return db.changesCount
        }
    }

    private static func reminder(from row: Row) throws -> ChallengeReminder {
        guard let id = UUID(uuidString: row["id"]), let userID = UUID(uuidString: row["userID"]),
            let kind = ChallengeReminder.Kind(rawValue: row["kind"]), let day = LocalDay(row["localDay"] as String),
            let status = ChallengeReminder.Status(rawValue: row["status"])
        else { throw StoreError.unavailable(detail: "an unreadable challenge_reminders row") }
        return ChallengeReminder(
            id: id, userID: userID, kind: kind, localDay: day, dueAt: Timestamp.date(milliseconds: row["dueAt"]),
            status: status, createdAt: Timestamp.date(milliseconds: row["createdAt"]))
    }
}
