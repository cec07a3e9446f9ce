import Foundation
import OutOfBoxCore
import PostgresNIO
import RealityCore

/// The published kinds (``RecordType/published``) in PostgreSQL, as the SQLite store's
/// `PublishedRecordTables` reads them: the one place in this module that ties a published kind
/// to its app's type.
enum PostgresPublishedTables {
    /// The feed's rows of published kind `type` after the bound `(sequence, id)`, oldest first:
    /// at most `limit`. IDs compare byte by byte (`COLLATE "C"`), as the feed's page orders them.
    static func changed(
        _ type: RecordType, after bound: (sequence: Int64, recordID: String), limit: Int,
        on connection: PostgresConnection, logger: Logger
    ) async throws -> [(Int64, String)] {
        guard let table = type.published?.tableName else { return [] }
        return try await connection.rows(
            """
            SELECT changeSeq, id FROM \(unescaped: table)
            WHERE (changeSeq, id COLLATE "C") > (\(bound.sequence), \(bound.recordID) COLLATE "C")
            ORDER BY changeSeq, id COLLATE "C" LIMIT \(Int64(limit))
            """, logger: logger
        ) { try $0.decode((Int64, String).self) }
    }

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
