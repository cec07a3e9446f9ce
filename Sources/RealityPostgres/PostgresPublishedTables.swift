import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// The published kinds (``RecordType/published``) in PostgreSQL, as the SQLite store's
/// `PublishedRecordTables` reads them: the one place in this module that ties a published kind
/// to its app's type.
enum PostgresPublishedTables {
    /// The records of kind `type` whose IDs are `ids`, each with its change tag (read in the
    /// caller's transaction); a row this version cannot read is left out.
    static func records(_ type: RecordType, ids: [String], on connection: PostgresConnection, logger: Logger)
        async throws -> [(PublishedRecord, Int64)]
    {
        switch type {
        case .challenge:
            let rows = try await connection.rows(
                """
                SELECT \(unescaped: ChallengeRows.table.selection(alias: "challenges")), changeSeq FROM challenges
                WHERE id = ANY(\(ids))
                """, logger: logger
            ) { row in try? (ChallengeRows.table.record(from: row), Self.tag(of: row)) }
            return try Self.published(rows.compactMap { $0 })
        default:
            return []
        }
    }

    /// The change tag, after a challenge's declared columns.
    private static func tag(of row: PostgresRow) throws -> Int64 {
        try row.makeRandomAccess()[ChallengeRows.table.selectionWidth].decode(Int64.self)
    }

    /// `challenges` as published records, each with its tag.
    private static func published(_ challenges: [(Challenge, Int64)]) throws -> [(PublishedRecord, Int64)] {
        var records: [(PublishedRecord, Int64)] = []
        for (challenge, tag) in challenges {
            records.append((try challenge.published(), tag))
        }
        return records
    }
}
