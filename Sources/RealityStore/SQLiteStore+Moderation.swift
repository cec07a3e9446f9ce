import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// Out of Box's content reports and feedback (issue 22), in `content_reports` and
/// `content_feedback`.
extension SQLiteStore {
    public func saveReport(_ report: ContentReport) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO content_reports (id, reporterID, kind, targetID, reason, details, status, createdAt, resolvedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Self.key(report.id), Self.key(report.reporterID), report.kind.rawValue, report.targetID,
                    report.reason.rawValue, report.details, report.status.rawValue, report.createdAt.storeValue,
                    report.resolvedAt?.storeValue,
                ])
        }
    }

    public func report(id: UUID) async throws -> ContentReport? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM content_reports WHERE id = ?", arguments: [Self.key(id)])
                .map(Self.report(from:))
        }
    }

    public func reports(status: ContentReport.Status, limit: Int) async throws -> [ContentReport] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM content_reports WHERE status = ? ORDER BY createdAt, id LIMIT ?",
                arguments: [status.rawValue, limit]
            ).map(Self.report(from:))
        }
    }

    public func reportedTargetIDs(by userID: UUID, kind: ContentReport.Kind) async throws -> Set<String> {
        try await read { db in
            Set(
                try String.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT targetID FROM content_reports WHERE reporterID = ? AND kind = ?"),
                    arguments: [Self.key(userID), kind.rawValue]))
        }
    }

    public func resolveReport(_ id: UUID, as status: ContentReport.Status, at date: Date) async throws
        -> ContentReport?
    {
        try await write { db in
            try Row.fetchOne(
                db,
                sql: """
                    UPDATE content_reports SET status = ?, resolvedAt = ? WHERE id = ? AND status = 'open' RETURNING *
                    """, arguments: [status.rawValue, date.storeValue, Self.key(id)]
            ).map(Self.report(from:))
        }
    }

    public func saveFeedback(_ feedback: ContentFeedback) async throws {
        try await write { db in
            try db.execute(
                sql:
                    "INSERT INTO content_feedback (id, userID, challengeID, message, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    Self.key(feedback.id), Self.key(feedback.userID), feedback.challengeID, feedback.message,
                    feedback.createdAt.storeValue,
                ])
        }
    }

    public func feedback(limit: Int) async throws -> [ContentFeedback] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM content_feedback ORDER BY createdAt DESC, id LIMIT ?", arguments: [limit]
            ).map { row in
                guard let id = UUID(uuidString: row["id"]), let userID = UUID(uuidString: row["userID"]) else {
                    throw StoreError.unavailable(detail: "an unreadable content_feedback row")
                }
                return ContentFeedback(
                    id: id, userID: userID, challengeID: row["challengeID"], message: row["message"],
                    createdAt: Timestamp.date(milliseconds: row["createdAt"]))
            }
        }
    }

    private static func report(from row: Row) throws -> ContentReport {
        guard let id = UUID(uuidString: row["id"]), let reporterID = UUID(uuidString: row["reporterID"]),
            let kind = ContentReport.Kind(rawValue: row["kind"]),
            let reason = ContentReport.Reason(rawValue: row["reason"]),
            let status = ContentReport.Status(rawValue: row["status"])
        else { throw StoreError.unavailable(detail: "an unreadable content_reports row") }
        return ContentReport(
            id: id, reporterID: reporterID, kind: kind, targetID: row["targetID"], reason: reason,
            details: row["details"], status: status, createdAt: Timestamp.date(milliseconds: row["createdAt"]),
            resolvedAt: (row["resolvedAt"] as Int64?).map(Timestamp.date(milliseconds:)))
    }
}
