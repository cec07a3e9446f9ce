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
            let tags = Dictionary(
                try await connection.rows(
                    "SELECT id, changeSeq FROM challenges WHERE id = ANY(\(ids))", logger: logger
                ) { try $0.decode((String, Int64).self) },
                uniquingKeysWith: { first, _ in first })
            let challenges = try await PostgresStore.challenges(
                "SELECT \(unescaped: PostgresStore.challengeColumns) FROM challenges WHERE id = ANY(\(ids))",
                on: connection, logger: logger)
            return try Self.published(challenges, tags: tags)
        default:
            return []
        }
    }

    /// `challenges` as published records, each with its tag from `tags` (one without is left out).
    private static func published(_ challenges: [Challenge], tags: [String: Int64]) throws -> [(PublishedRecord, Int64)]
    {
        var records: [(PublishedRecord, Int64)] = []
        for challenge in challenges {
            guard let tag = tags[challenge.id] else { continue }
            records.append((try challenge.published(), tag))
        }
        return records
    }
}
