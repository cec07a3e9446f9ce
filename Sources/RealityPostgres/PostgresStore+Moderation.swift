import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// Out of Box's content reports and feedback (issue 22), as the SQLite store keeps them.
extension PostgresStore {
    public func saveReport(_ report: ContentReport) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO content_reports (id, reporterID, kind, targetID, reason, details, status, createdAt, resolvedAt)
                VALUES (\(report.id), \(report.reporterID), \(report.kind.rawValue), \(report.targetID),
                    \(report.reason.rawValue), \(report.details), \(report.status.rawValue),
                    \(report.createdAt.storeValue), \(report.resolvedAt?.storeValue))
                """, logger: logger)
        }
    }

    public func report(id: UUID) async throws -> ContentReport? {
        try await reports("SELECT \(unescaped: Self.reportColumns) FROM content_reports WHERE id = \(id)").first
    }

    public func reports(status: ContentReport.Status, limit: Int) async throws -> [ContentReport] {
        try await reports(
            """
            SELECT \(unescaped: Self.reportColumns) FROM content_reports WHERE status = \(status.rawValue)
            ORDER BY createdAt, id LIMIT \(limit)
            """)
    }

    public func reportedTargetIDs(by userID: UUID, kind: ContentReport.Kind) async throws -> Set<String> {
        try await read { connection in
            Set(
                try await connection.rows(
                    "SELECT targetID FROM content_reports WHERE reporterID = \(userID) AND kind = \(kind.rawValue)",
                    logger: logger
                ) { try $0.decode(String.self) })
        }
    }

    public func resolveReport(_ id: UUID, as status: ContentReport.Status, at date: Date) async throws
        -> ContentReport?
    {
        try await reports(
            """
            UPDATE content_reports SET status = \(status.rawValue), resolvedAt = \(date.storeValue)
            WHERE id = \(id) AND status = 'open' RETURNING \(unescaped: Self.reportColumns)
            """
        ).first
    }

    public func saveFeedback(_ feedback: ContentFeedback) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO content_feedback (id, userID, challengeID, message, createdAt)
                VALUES (\(feedback.id), \(feedback.userID), \(feedback.challengeID), \(feedback.message),
                    \(feedback.createdAt.storeValue))
                """, logger: logger)
        }
    }

    public func feedback(limit: Int) async throws -> [ContentFeedback] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT id, userID, challengeID, message, createdAt FROM content_feedback
                ORDER BY createdAt DESC, id LIMIT \(limit)
                """, logger: logger
            ) { row in
                let (id, userID, challengeID, message, createdAt) = try row.decode(
                    (UUID, UUID, String?, String, Int64).self)
                return ContentFeedback(
                    id: id, userID: userID, challengeID: challengeID, message: message,
                    createdAt: Timestamp.date(milliseconds: createdAt))
            }
        }
    }

    /// The columns ``reports(_:)`` reads, in order.
    private static let reportColumns = "id, reporterID, kind, targetID, reason, details, status, createdAt, resolvedAt"

    private func reports(_ query: PostgresQuery) async throws -> [ContentReport] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row -> ContentReport in
                let (id, reporterID, kind, targetID, reason, details, status, createdAt, resolvedAt) = try row.decode(
                    (UUID, UUID, String, String, String, String?, String, Int64, Int64?).self)
                guard let kind = ContentReport.Kind(rawValue: kind),
                    let reason = ContentReport.Reason(rawValue: reason),
                    let status = ContentReport.Status(rawValue: status)
                else { throw StoreError.unavailable(detail: "an unreadable content_reports row") }
                return ContentReport(
                    id: id, reporterID: reporterID, kind: kind, targetID: targetID, reason: reason, details: details,
                    status: status, createdAt: Timestamp.date(milliseconds: createdAt),
                    resolvedAt: resolvedAt.map(Timestamp.date(milliseconds:)))
            }
        }
    }
}
