import Foundation
import PostgresNIO
import RealityCore

/// The table of each owned kind (``OwnedRecord``) as the PostgreSQL store writes and reads it,
/// built once from the kind's declaration, as the SQLite store's `OwnedRecordTables`: every owned
/// kind is stored, read, loaded for the feed, stamped and deleted through these.
enum PostgresOwnedTables {
    /// One kind's table.
    struct Table: Sendable {
        /// The table's name.
        let name: String
        /// The record's columns of alias `r`, in `SELECT` order, then `r.changeSeq`.
        let selection: String
        /// The upsert of a record (its change-log columns stay).
        let upsert: @Sendable (AnyOwnedRecord) throws -> PostgresQuery
        /// Reads a row of ``selection``, with its change tag.
        let record: @Sendable (PostgresRow) throws -> (AnyOwnedRecord, Int64)
    }

    /// Every owned kind's table, by kind.
    static let byType = OwnedKindMap { table(of: $0) }

    /// The table of the owned kind `type`.
    static func table(_ type: RecordType) throws -> Table { try byType.value(of: type) }

    private static func table<Record: OwnedRecord>(of kind: Record.Type) -> Table {
        let declared = PostgresDeclaredTable(kind.declaration)
        let width = declared.selectionWidth
        return Table(
            name: kind.tableName, selection: declared.selection(alias: "r") + ", r.changeSeq",
            upsert: { record in
                guard let typed = record.typed(kind) else {
                    throw StoreError.unavailable(
                        detail: "a \(record.recordType.rawValue) saved as a \(kind.recordType)")
                }
                return try declared.upsert(typed)
            },
            record: { row in
                var tag = ColumnReader(row, from: width)
                return (AnyOwnedRecord(try declared.record(from: row)), try tag.next(Int64.self))
            })
    }

    /// The records of kind `type` with `ids`, each with its change tag.
    static func records(_ type: RecordType, ids: [UUID], on connection: PostgresConnection, logger: Logger)
        async throws -> [(AnyOwnedRecord, Int64)]
    {
        let table = try table(type)
        return try await connection.rows(
            "SELECT \(unescaped: table.selection) FROM \(unescaped: table.name) r WHERE r.id = ANY(\(ids))",
            logger: logger, table.record)
    }

    /// The records of kind `type` that `ownerID` owns, oldest first.
    static func records(_ type: RecordType, ownerID: UserID, on connection: PostgresConnection, logger: Logger)
        async throws -> [(AnyOwnedRecord, Int64)]
    {
        let table = try table(type)
        return try await connection.rows(
            """
            SELECT \(unescaped: table.selection) FROM \(unescaped: table.name) r
            WHERE r.ownerID = \(ownerID.rawValue) ORDER BY r.createdAt, r.id
            """, logger: logger, table.record)
    }
}

extension PostgresStore: OwnedRecordRepository {
    public func ownedRecord(_ type: RecordType, id: UUID) async throws -> AnyOwnedRecord? {
        try await read { connection in
            try await PostgresOwnedTables.records(type, ids: [id], on: connection, logger: logger).first?.0
        }
    }

    public func ownedRecords(_ type: RecordType, ownerID: UserID) async throws -> [AnyOwnedRecord] {
        try await read { connection in
            try await PostgresOwnedTables.records(type, ownerID: ownerID, on: connection, logger: logger).map(\.0)
        }
    }
}
