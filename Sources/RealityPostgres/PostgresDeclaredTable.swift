import Foundation
import PostgresNIO
import RealityCore

/// A declared record's table as the PostgreSQL store writes and reads it: column lists built once
/// from the record's ``RecordDeclaration``, values bound and cells read by position.
struct PostgresDeclaredTable<Record: DeclaredRecord>: Sendable {
    /// The declaration everything here comes from.
    let declaration: RecordDeclaration<Record>
    /// The names of every column, in the order ``bind(_:into:)`` binds them.
    var columnNames: [String] { declaration.columnNames }
    /// ``columnNames``, comma-separated.
    var columnList: String { declaration.columnList }
    /// `c = EXCLUDED.c` for every column but the first (the ID), for an upsert.
    let updateAssignments: String

    /// The table of `declaration`.
    init(_ declaration: RecordDeclaration<Record>) {
        self.declaration = declaration
        updateAssignments = declaration.columnNames.dropFirst().map { "\($0) = EXCLUDED.\($0)" }.joined(separator: ", ")
    }

    /// The columns a record is read from, in order, of the table aliased `alias`.
    func selection(alias: String) -> String { declaration.selection(alias: alias) }

    /// How many columns ``selection(alias:)`` names.
    var selectionWidth: Int { declaration.selectionWidth }

    /// The position of the column `name` in ``columnNames``; stops the program when the
    /// declaration has no such column (a statement built at startup names it).
    func position(of name: String) -> Int {
        guard let index = columnNames.firstIndex(of: name) else {
            preconditionFailure("\(declaration.table) has no column \(name)")
        }
        return index
    }

    /// Binds every column of `record` to `query` and answers their placeholders, in the order of
    /// ``columnNames`` (JSON documents cast to `jsonb`).
    func bind(_ record: Record, into query: inout PostgresQueryBuilder) throws -> [String] {
        var placeholders: [String] = []
        placeholders.reserveCapacity(columnNames.count)
        for column in declaration.columns {
            let placeholder = try query.bind(try column.value(record))
            placeholders.append(column.type == .json ? placeholder + "::jsonb" : placeholder)
        }
        return placeholders
    }

    /// Inserts `record`, or updates every column but the ID of the row with its ID (the change
    /// log's columns of an existing row stay). `extra` adds columns written for queries alone
    /// (a search vector), each with a function that binds its value and answers its placeholder.
    func upsert(
        _ record: Record, extra: [(column: String, bind: (inout PostgresQueryBuilder) throws -> String)] = []
    ) throws -> PostgresQuery {
        var query = PostgresQueryBuilder()
        var names = columnList
        var values = try bind(record, into: &query)
        var updates = updateAssignments
        for (column, bindValue) in extra {
            names += ", \(column)"
            values.append(try bindValue(&query))
            updates += ", \(column) = EXCLUDED.\(column)"
        }
        return query.query(
            """
            INSERT INTO \(declaration.table) (\(names)) VALUES (\(values.joined(separator: ", ")))
            ON CONFLICT (\(columnNames[0])) DO UPDATE SET \(updates)
            """)
    }

    /// A record from `row`, whose cells from `start` on are those of ``selection(alias:)``, in
    /// order; the parts kept in other tables are left as the declaration's blank has them.
    func record(from row: PostgresRow, from start: Int = 0) throws -> Record {
        let cells = row.makeRandomAccess()
        return try declaration.record { index, column in
            try cells[start + index].storedValue(of: column.type)
        }
    }
}

extension PostgresQueryBuilder {
    /// Binds a stored value and answers its placeholder.
    mutating func bind(_ value: StoredValue) throws -> String {
        switch value {
        case .null: bindNull()
        case .text(let text): bind(text)
        case .integer(let integer): bind(integer)
        case .real(let real): bind(real)
        case .boolean(let flag): bind(flag)
        case .uuid(let uuid): bind(uuid)
        case .blob(let data): try bindThrowing(data)
        case .json(let data): bind(String(decoding: data, as: UTF8.self))
        }
    }
}

extension PostgresCell {
    /// The cell as a stored value of `type`.
    func storedValue(of type: ColumnType) throws -> StoredValue {
        do {
            switch type {
            case .text: return try decode(String?.self).map(StoredValue.text) ?? .null
            case .integer: return try decode(Int64?.self).map(StoredValue.integer) ?? .null
            case .real: return try decode(Double?.self).map(StoredValue.real) ?? .null
            case .boolean: return try decode(Bool?.self).map(StoredValue.boolean) ?? .null
            case .uuid: return try decode(UUID?.self).map(StoredValue.uuid) ?? .null
            case .blob: return try decode(Data?.self).map(StoredValue.blob) ?? .null
            case .json: return try decode(String?.self).map { .json(Data($0.utf8)) } ?? .null
            }
        } catch {
            throw StoreError.unavailable(detail: "column \(columnName): \(String(reflecting: error))")
        }
    }
}
