import Foundation
import NIOCore
import PostgresNIO
import RealityCore

/// One column of many rows, bound as a single PostgreSQL array (`$1::uuid[]`), for statements
/// that write a batch as `INSERT … SELECT … FROM unnest($1, $2, …)`.
///
/// A batch written that way is one statement of a fixed text with one placeholder per column,
/// whatever its size. A multi-row `VALUES` list instead has a placeholder per cell, so PostgreSQL
/// parsed, analysed and planned every row of it on every call: for a push of 400 notes that was
/// 12,000 placeholders and 400 search-vector subqueries, over a third of the database's work on a
/// push (docs/performance.md, "Push: one statement per column").
///
/// Elements go in PostgreSQL's binary format; NULL elements are allowed (PostgresNIO's own array
/// encoding has none).
struct PostgresColumnArray: PostgresDynamicTypeEncodable {
    /// The type of the elements.
    let element: ColumnType
    /// The elements, each as its length (-1 for NULL) and its bytes.
    private var body = ByteBuffer()
    private var count: Int32 = 0
    private var hasNull = false

    /// An empty column of `element`s.
    private init(of element: ColumnType, capacity: Int = 0) {
        self.element = element
        body.reserveCapacity(capacity * 16)
    }

    /// The column `column` of `records`, in order.
    init<Record>(_ column: StoredColumn<Record>, of records: some Collection<Record>) throws {
        try self.init(column.type, records, column.value)
    }

    /// A column of `element`s: `value` of each of `rows`, in order.
    init<Row>(_ element: ColumnType, _ rows: some Collection<Row>, _ value: (Row) throws -> StoredValue) throws {
        self.init(of: element, capacity: rows.count)
        for row in rows { try append(try value(row)) }
    }

    /// Appends `value`, which must be NULL or of the column's type (an integer is taken for a
    /// real).
    private mutating func append(_ value: StoredValue) throws {
        count += 1
        switch (element, value) {
        case (_, .null):
            hasNull = true
            body.writeInteger(-1, as: Int32.self)
        case (.text, .text(let text)):
            writeElement(text.utf8)
        case (.json, .json(let data)), (.blob, .blob(let data)):
            writeElement(data)
        case (.integer, .integer(let integer)):
            body.writeInteger(8, as: Int32.self)
            body.writeInteger(integer)
        case (.real, .real(let real)):
            writeReal(real)
        case (.real, .integer(let integer)):
            writeReal(Double(integer))
        case (.boolean, .boolean(let flag)):
            body.writeInteger(1, as: Int32.self)
            body.writeInteger(flag ? 1 : 0, as: UInt8.self)
        case (.uuid, .uuid(let uuid)):
            body.writeInteger(16, as: Int32.self)
            withUnsafeBytes(of: uuid.uuid) { _ = body.writeBytes($0) }
        default:
            throw StoreError.unavailable(detail: "a \(value) in a column of \(element)")
        }
    }

    private mutating func writeElement(_ bytes: some Collection<UInt8>) {
        body.writeInteger(Int32(bytes.count))
        body.writeBytes(bytes)
    }

    private mutating func writeReal(_ real: Double) {
        body.writeInteger(8, as: Int32.self)
        body.writeInteger(real.bitPattern)
    }

    var psqlType: PostgresDataType { element.postgresTypes.array }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        // One dimension (none when empty), whether any element is NULL, the elements' type, then
        // the dimension's length and lower bound, then the elements.
        buffer.writeInteger(count == 0 ? 0 : 1, as: Int32.self)
        buffer.writeInteger(hasNull ? 1 : 0, as: Int32.self)
        buffer.writeInteger(element.postgresTypes.element.rawValue)
        guard count > 0 else { return }
        buffer.writeInteger(count)
        buffer.writeInteger(1, as: Int32.self)
        buffer.writeImmutableBuffer(body)
    }
}

extension ColumnType {
    /// How a ``PostgresColumnArray`` of these travels: its elements' type, its own, and its own
    /// as SQL names it in a cast. A JSON document travels as text and is cast where it is used.
    var postgresTypes: (element: PostgresDataType, array: PostgresDataType, cast: String) {
        switch self {
        case .text, .json: (.text, .textArray, "text[]")
        case .integer: (.int8, .int8Array, "bigint[]")
        case .real: (.float8, .float8Array, "double precision[]")
        case .boolean: (.bool, .boolArray, "boolean[]")
        case .uuid: (.uuid, .uuidArray, "uuid[]")
        case .blob: (.bytea, .byteaArray, "bytea[]")
        }
    }
}

extension PostgresQueryBuilder {
    /// Binds `column` and answers its placeholder cast to its array type (`$3::uuid[]`), as an
    /// argument of `unnest`.
    mutating func bind(column: PostgresColumnArray) -> String {
        bind(column) + "::" + column.element.postgresTypes.cast
    }
}

extension PostgresDeclaredTable {
    /// `unnest($n::uuid[], …) AS u(id, …)`: the declared columns, then `extra` (a name and a
    /// type each), as rows, from placeholders numbered from `first` on; and the expressions that
    /// select the declared columns from it, in ``columnNames`` order (JSON documents cast to
    /// `jsonb`). ``columnArrays(_:)`` makes the declared columns' arrays to bind, in the same order.
    func unnest(extra: [(name: String, type: ColumnType)] = [], from first: Int) -> (source: String, values: [String]) {
        let columns = declaration.columns.map { ($0.name, $0.type) } + extra
        let arguments = columns.enumerated().map { "$\(first + $0.offset)::\($0.element.1.postgresTypes.cast)" }
        let source = "unnest(\(arguments.joined(separator: ", "))) AS u(\(columns.map(\.0).joined(separator: ", ")))"
        let values = declaration.columns.map { $0.type == .json ? "u.\($0.name)::jsonb" : "u.\($0.name)" }
        return (source, values)
    }

    /// Each declared column of `records` as an array, in ``columnNames`` order.
    func columnArrays(_ records: some Collection<Record>) throws -> [PostgresColumnArray] {
        try declaration.columns.map { try PostgresColumnArray($0, of: records) }
    }

    /// Binds every column of `records`, then each of `extra`, and answers ``unnest(extra:from:)``
    /// over them.
    func unnest(
        _ records: some Collection<Record>, extra: [(name: String, column: PostgresColumnArray)] = [],
        into query: inout PostgresQueryBuilder
    ) throws -> (source: String, values: [String]) {
        let first = query.binds.count + 1
        for column in try columnArrays(records) + extra.map(\.column) { _ = query.bind(column) }
        return unnest(extra: extra.map { ($0.name, $0.column.element) }, from: first)
    }
}
