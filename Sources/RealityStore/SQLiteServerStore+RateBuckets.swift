import Foundation
import GRDB
import RealityCore

/// The shared rate limits' buckets in `rate_buckets` (migration ratelimits22). A take is one
/// upsert: the bucket refilled to now, less one token, only when that leaves it at least empty.
extension SQLiteServerStore: RateBucketStore {
    public func takeToken(_ limit: SharedRateLimit, subject: String, now: Date) async throws -> Int? {
        let arguments: StatementArguments = [
            limit.name, subject, Double(limit.burst), now.storeValue, limit.perSecond,
        ]
        return try await write { db in
            let taken = try Double.fetchOne(
                db,
                sql: """
                    INSERT INTO rate_buckets (name, subject, tokens, updatedAt) VALUES (?1, ?2, ?3 - 1, ?4)
                    ON CONFLICT (name, subject) DO UPDATE
                    SET tokens = min(?3, tokens + max(0, ?4 - updatedAt) / 1000.0 * ?5) - 1, updatedAt = max(updatedAt, ?4)
                    WHERE min(?3, tokens + max(0, ?4 - updatedAt) / 1000.0 * ?5) >= 1
                    RETURNING tokens
                    """,
                arguments: arguments)
            guard taken == nil else { return nil }
            let held =
                try Double.fetchOne(
                    db,
                    sql: """
                        SELECT min(?3, tokens + max(0, ?4 - updatedAt) / 1000.0 * ?5) FROM rate_buckets
                        WHERE name = ?1 AND subject = ?2
                        """,
                    arguments: arguments) ?? 0
            return limit.wait(holding: held)
        }
    }
}
