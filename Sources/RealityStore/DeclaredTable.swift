import Foundation
import GRDB
import RealityCore

/// A declared record's table as the SQLite store writes and reads it: column lists and
/// statements built once from the record's ``RecordDeclaration``, rows bound and read by position.
struct DeclaredTable<Record: DeclaredRecord>: Sendable {
    /// The declaration everything here comes from.
    let declaration: RecordDeclaration<Record>
    /// The names of every column, in the order ``bind(_:to:)`` binds them.
    var columnNames: [String] { declaration.columnNames }
    /// ``columnNames``, comma-separated.
    var columnList: String { declaration.columnList }
    /// Inserts a row: ``columnList`` and one placeholder per column.
    let insertSQL: String
    /// Updates every column of the row whose rowid is bound last.
    let updateByRowIDSQL: String
    /// Inserts a row or updates every column but the first (the ID) of the one with its ID; other
    /// columns of an existing row (the change log's) stay.
    let upsertSQL: String

    /// The table of `declaration`.
    init(_ declaration: RecordDeclaration<Record>) {
        self.declaration = declaration
        let table = declaration.table
        let columnNames = declaration.columnNames
        let columnList = declaration.columnList
        insertSQL = "INSERT INTO \(table) (\(columnList)) VALUES (\(placeholders(columnNames.count)))"
        updateByRowIDSQL =
            "UPDATE \(table) SET \(columnNames.map { "\($0) = ?" }.joined(separator: ", ")) WHERE rowid = ?"
        upsertSQL = """
            \(insertSQL)
            ON CONFLICT(\(columnNames[0])) DO UPDATE SET \(
                columnNames.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """
    }

    /// The columns a record is read from, in order, of the table aliased `alias`.
    func selection(alias: String) -> String { declaration.selection(alias: alias) }

    /// How many columns ``selection(alias:)`` names.
    var selectionWidth: Int { declaration.selectionWidth }

    /// Binds every column of `record`, in the order of ``columnNames``.
    func bind(_ record: Record, to bindings: inout DirectBindings) throws {
        for column in declaration.columns {
            bindings.bind(try column.value(record))
        }
    }

    /// Where the columns of ``selection(alias:)`` are in `row`, by name (`SELECT *` and the like):
    /// looked up once per statement, then each row is read by position.
    func positions(in row: Row) throws -> [Int] {
        let names = Array(row.columnNames)
        return try declaration.readColumns.map { column in
            guard let index = names.firstIndex(of: column.name) else {
                throw StoreError.unavailable(detail: "a \(declaration.table) row lacks its column \(column.name)")
            }
            return index
        }
    }

    /// A record from `row`, whose columns of ``selection(alias:)`` are at `positions`.
    func record(from row: some ColumnReading, positions: [Int]) throws -> Record {
        try declaration.record { index, column in
            try row.storedValue(at: positions[index], type: column.type, column: column.name)
        }
    }

    /// A record from `row`, whose columns from `offset` on are those of ``selection(alias:)``, in
    /// order; the parts kept in other tables are left as the declaration's blank has them.
    func record(from row: some ColumnReading, at offset: Int) throws -> Record {
        try declaration.record { index, column in
            try row.storedValue(at: offset + index, type: column.type, column: column.name)
        }
    }
}

extension DirectBindings {
    /// Binds a stored value as SQLite keeps it: UUIDs as lower-case text, Booleans as 0 or 1,
    /// JSON documents as blobs.
    mutating func bind(_ value: StoredValue) {
        switch value {
        case .null: bindNull()
        case .text(let text): bind(text)
        case .integer(let integer): bind(integer)
        case .real(let real): bind(real)
        case .boolean(let flag): bind(flag)
        case .uuid(let uuid): bind(uuid.lowercasedString)
        case .blob(let data), .json(let data): bind(data)
        }
    }
}

extension ColumnReading {
    /// The value at `index`, of the column `column` of type `type`.
    func storedValue(at index: Int, type: ColumnType, column: String) throws -> StoredValue {
        switch type {
        case .text: return text(at: index).map(StoredValue.text) ?? .null
        case .integer: return integer(at: index).map(StoredValue.integer) ?? .null
        case .real: return real(at: index).map(StoredValue.real) ?? .null
        case .boolean: return integer(at: index).map { .boolean($0 != 0) } ?? .null
        case .uuid:
            guard let text = text(at: index) else { return .null }
            guard let uuid = UUID.parse(text) else {
                throw StoreError.unavailable(detail: "column \(column) holds a malformed UUID")
            }
            return .uuid(uuid)
        case .blob: return blob(at: index).map(StoredValue.blob) ?? .null
        case .json: return blob(at: index).map(StoredValue.json) ?? .null
        }
    }
}
