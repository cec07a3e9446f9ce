import Foundation
import PostgresNIO
import RealityCore

/// The shared rate limits' buckets in `rate_buckets`, as the SQLite store keeps them. A take is
/// one upsert, which PostgreSQL runs under the row's lock: instances racing for one bucket take
/// no more tokens than it holds.
extension PostgresStore: RateBucketStore {
    public func takeToken(_ limit: SharedRateLimit, subject: String, now: Date) async throws -> Int? {
        let burst = Double(limit.burst)
        let rate = limit.perSecond
        let at = now.storeValue
        return try await read { connection in
            let taken = try await connection.rows(
                """
                INSERT INTO rate_buckets (name, subject, tokens, updatedAt)
                VALUES (\(limit.name), \(subject), \(burst - 1), \(at))
                ON CONFLICT (name, subject) DO UPDATE
                SET tokens = LEAST(\(burst), rate_buckets.tokens
                        + GREATEST(0, \(at) - rate_buckets.updatedAt) / 1000.0 * \(rate)) - 1,
                    updatedAt = GREATEST(rate_buckets.updatedAt, \(at))
                WHERE LEAST(\(burst), rate_buckets.tokens
                    + GREATEST(0, \(at) - rate_buckets.updatedAt) / 1000.0 * \(rate)) >= 1
                RETURNING tokens
                """, logger: logger
            ) { row in try row.decode(Double.self) }
            guard taken.isEmpty else { return nil }
            let held = try await connection.rows(
                """
                SELECT LEAST(\(burst), tokens + GREATEST(0, \(at) - updatedAt) / 1000.0 * \(rate))
                FROM rate_buckets WHERE name = \(limit.name) AND subject = \(subject)
                """, logger: logger
            ) { row in try row.decode(Double.self) }
            return limit.wait(holding: held.first ?? 0)
        }
    }
}
