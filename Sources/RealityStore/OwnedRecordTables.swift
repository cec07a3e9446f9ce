import Foundation
import GRDB
import RealityCore

/// The table of each owned kind (``OwnedRecord``) as the SQLite store writes and reads it, built
/// once from the kind's declaration: every owned kind is stored, read, loaded for the feed,
/// stamped and deleted through these, so no statement names a kind.
enum OwnedRecordTables {
    /// One kind's table.
    struct Table: Sendable {
        /// The table's name.
        let name: String
        /// The record's columns of alias `r`, in `SELECT` order, then `r.changeSeq`.
        let selection: String
        /// Inserts or replaces a record (its change-log columns stay).
        let save: @Sendable (AnyOwnedRecord, Database) throws -> Void
        /// Reads a row of ``selection``.
        let record: @Sendable (Row) throws -> AnyOwnedRecord
        /// Where `changeSeq` is in a row of ``selection``.
        let changeSeqIndex: Int
    }

    /// Every owned kind's table, by kind.
    static let byType = OwnedKindMap { table(of: $0) }

    /// The table of the owned kind `type`.
    static func table(_ type: RecordType) throws -> Table { try byType.value(of: type) }

    private static func table<Record: OwnedRecord>(of kind: Record.Type) -> Table {
        let declared = DeclaredTable(kind.declaration)
        return Table(
            name: kind.tableName, selection: declared.selection(alias: "r") + ", r.changeSeq",
            save: { record, db in
                guard let typed = record.typed(kind) else {
                    throw StoreError.unavailable(
                        detail: "a \(record.recordType.rawValue) saved as a \(kind.recordType)")
                }
                try db.cachedStatement(sql: declared.upsertSQL).execute { try declared.bind(typed, to: &$0) }
            },
            record: { row in AnyOwnedRecord(try declared.record(from: row, at: 0)) },
            changeSeqIndex: declared.selectionWidth)
    }

    /// The records of kind `type` that `sql` selects (``Table/selection`` from `table r`, then
    /// its conditions), each with its change tag.
    static func records(_ type: RecordType, where condition: String, arguments: StatementArguments, in db: Database)
        throws -> [(AnyOwnedRecord, String)]
    {
        let table = try table(type)
        let rows = try db.rows(
            sql: "SELECT \(table.selection) FROM \(table.name) r WHERE \(condition)", arguments: arguments)
        return try rows.map { row in (try table.record(row), String(row[table.changeSeqIndex] as Int64)) }
    }

    /// Removes the record of kind `type` with `id`.
    static func delete(_ type: RecordType, id: String, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM \(try table(type).name) WHERE id = ?").execute(arguments: [id])
    }
}
