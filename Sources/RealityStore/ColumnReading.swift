import Foundation
import GRDB
import GRDBSQLite
import RealityCore

/// The columns of one result row, read by position: a GRDB `Row`, or a ``StatementRow`` read
/// straight from SQLite. Records decode from either with one implementation.
protocol ColumnReading {
    /// The text at `index`; nil when NULL.
    func text(at index: Int) -> String?
    /// The integer at `index`; nil when NULL.
    func integer(at index: Int) -> Int64?
    /// The floating-point number at `index`; nil when NULL.
    func real(at index: Int) -> Double?
    /// The bytes at `index`; nil when NULL.
    func blob(at index: Int) -> Data?
}

extension ColumnReading {
    /// The text at `index`, the position of `column`; throws when it is NULL.
    func requiredText(at index: Int, column: String) throws -> String {
        guard let text = text(at: index) else { throw StoreError.unavailable(detail: "column \(column) is NULL") }
        return text
    }

    /// The identifier stored as a UUID string at `index`, the position of `column`.
    func identifier<Entity>(at index: Int, column: String) throws -> Identifier<Entity> {
        try StoredText.identifier(requiredText(at: index, column: column), column: column)
    }

    /// The optional identifier stored at `index`, the position of `column`.
    func optionalIdentifier<Entity>(at index: Int, column: String) throws -> Identifier<Entity>? {
        guard text(at: index) != nil else { return nil }
        return try identifier(at: index, column: column)
    }

    /// The enum stored as its raw string at `index`; throws for an unknown value.
    func enumValue<Value: RawRepresentable>(at index: Int, column: String) throws -> Value
    where Value.RawValue == String {
        try StoredText.enumValue(requiredText(at: index, column: column), column: column)
    }

    /// The boolean stored as 0 or 1 at `index` (NULL reads as false).
    func bool(at index: Int) -> Bool { (integer(at: index) ?? 0) != 0 }

    /// The date stored as milliseconds since 1970 at `index` (NULL reads as 1970).
    func date(at index: Int) -> Date { Timestamp.date(milliseconds: integer(at: index) ?? 0) }

    /// The optional date stored as milliseconds at `index`.
    func optionalDate(at index: Int) -> Date? { integer(at: index).map(Timestamp.date(milliseconds:)) }
}

/// The store's text forms of identifiers and enums, parsed the same way whether a column is read
/// by name or by position.
enum StoredText {
    /// `text` as an identifier; throws, naming `column`, when it is not a UUID.
    static func identifier<Entity>(_ text: String, column: String) throws -> Identifier<Entity> {
        guard let id = Identifier<Entity>(uuidString: text) else {
            throw StoreError.unavailable(detail: "column \(column) holds a malformed UUID")
        }
        return id
    }

    /// `text` as an enum's raw value; throws, naming `column`, for an unknown value.
    static func enumValue<Value: RawRepresentable>(_ text: String, column: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            throw StoreError.unavailable(detail: "column \(column) holds unknown value \(text)")
        }
        return value
    }
}

extension Row: ColumnReading {
    func text(at index: Int) -> String? { self[index] }
    func integer(at index: Int) -> Int64? { self[index] }
    func real(at index: Int) -> Double? { self[index] }
    func blob(at index: Int) -> Data? { self[index] }
}

/// The current row of a SQLite statement being stepped by ``Database/eachRow(sql:arguments:_:)``.
/// Valid only inside that call's body.
struct StatementRow: ColumnReading {
    fileprivate let statement: SQLiteStatement

    /// Whether the column at `index` is NULL.
    func isNull(at index: Int) -> Bool { sqlite3_column_type(statement, CInt(index)) == SQLITE_NULL }

    func text(at index: Int) -> String? {
        guard !isNull(at: index), let bytes = sqlite3_column_text(statement, CInt(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, CInt(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func integer(at index: Int) -> Int64? {
        isNull(at: index) ? nil : sqlite3_column_int64(statement, CInt(index))
    }

    func real(at index: Int) -> Double? {
        isNull(at: index) ? nil : sqlite3_column_double(statement, CInt(index))
    }

    func blob(at index: Int) -> Data? {
        guard !isNull(at: index) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, CInt(index)))
        guard count > 0, let bytes = sqlite3_column_blob(statement, CInt(index)) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

extension Database {
    /// Runs the cached statement `sql` (one without results, such as `BEGIN`), stepping it
    /// directly as ``eachRow(sql:arguments:_:)`` does.
    func executeDirectly(sql: String) throws {
        try eachRow(sql: sql) { _ in }
    }

    /// Runs the cached statement `sql` with the values `bind` binds (``DirectBindings``; none
    /// when nil) and calls `body` with each row, read in place from SQLite. For the point reads
    /// every request makes: GRDB's `Row` builds a table of the statement's column names each time
    /// a statement runs, and its arguments are boxed and checked, which costs more than reading a
    /// few rows by position.
    func eachRow(
        sql: String, binding bind: ((inout DirectBindings) -> Void)? = nil, _ body: (StatementRow) throws -> Void
    ) throws {
        let statement = try cachedStatement(sql: sql)
        if let bind { try statement.bindDirectly(bind) }
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)),
                    sql: sql)
            }
            try body(StatementRow(statement: raw))
        }
    }
}
