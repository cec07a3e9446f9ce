import Foundation
import GRDB
import GRDBSQLite

/// Values bound by position straight to a prepared statement's SQLite handle, for the annotation
/// and outbox writers. A thousand annotations bind 27,000 values; through `StatementArguments`
/// each is boxed as an existential, converted to a `DatabaseValue`, copied into two arrays and
/// validated before it reaches SQLite. Measured with `reality-bench insert` against a C program
/// running the same statements, that work cost more than SQLite spent storing the rows and
/// their six indexes.
struct DirectBindings {
    /// SQLite copies strings and blobs bound with this destructor before the call returns, so
    /// the Swift buffers may go away at once.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }

    private static let empty: StaticString = ""

    private let handle: SQLiteStatement
    /// The 1-based position of the next value.
    private(set) var position: CInt = 1
    /// The first error a bind returned (a value too big, a position out of range), if any.
    private(set) var failure: CInt?

    fileprivate init(handle: SQLiteStatement) {
        self.handle = handle
    }

    private mutating func check(_ code: CInt) {
        if code != SQLITE_OK, failure == nil { failure = code }
    }

    /// Binds NULL.
    mutating func bindNull() {
        check(sqlite3_bind_null(handle, position))
        position += 1
    }

    /// Binds an integer.
    mutating func bind(_ value: Int64) {
        check(sqlite3_bind_int64(handle, position, value))
        position += 1
    }

    /// Binds an integer, or NULL.
    mutating func bind(_ value: Int64?) {
        if let value { bind(value) } else { bindNull() }
    }

    /// Binds a Boolean as 0 or 1, as GRDB stores it.
    mutating func bind(_ value: Bool) {
        bind(Int64(value ? 1 : 0))
    }

    /// Binds a real.
    mutating func bind(_ value: Double) {
        check(sqlite3_bind_double(handle, position, value))
        position += 1
    }

    /// Binds a text, or NULL.
    mutating func bind(_ value: String?) {
        guard var value else { return bindNull() }
        value.withUTF8 { bytes in
            // An empty text still needs a pointer: a NULL one would bind NULL.
            let start = bytes.baseAddress ?? Self.empty.utf8Start
            start.withMemoryRebound(to: CChar.self, capacity: max(bytes.count, 1)) { text in
                check(sqlite3_bind_text(handle, position, text, CInt(bytes.count), Self.transient))
            }
        }
        position += 1
    }

    /// Binds a blob, or NULL.
    mutating func bind(_ value: Data?) {
        guard let value else { return bindNull() }
        value.withUnsafeBytes { bytes in
            // sqlite3_bind_blob binds NULL for a NULL pointer; an empty blob needs one that is not.
            let start = bytes.baseAddress ?? UnsafeRawPointer(Self.empty.utf8Start)
            check(sqlite3_bind_blob(handle, position, start, CInt(bytes.count), Self.transient))
        }
        position += 1
    }
}

extension Statement {
    /// Runs the statement once with the values `bind` binds to it directly, in the order of its
    /// parameters (see ``DirectBindings`` for why); GRDB's execution checks and observation hooks
    /// run as for ``execute(arguments:)``.
    func execute(binding bind: (inout DirectBindings) throws -> Void) throws {
        try bindDirectly(bind)
        try execute()
    }

    /// Resets the statement and binds the values `bind` binds to it directly, in the order of its
    /// parameters; throws unless it bound one value to each parameter.
    func bindDirectly(_ bind: (inout DirectBindings) throws -> Void) throws {
        // Resets the statement and marks its (no) arguments as bound, so that GRDB runs it with
        // the bindings made below instead of checking them against empty arguments.
        setUncheckedArguments(StatementArguments())
        var bindings = DirectBindings(handle: sqliteStatement)
        try bind(&bindings)
        let expected = sqlite3_bind_parameter_count(sqliteStatement)
        if let failure = bindings.failure {
            throw DatabaseError(resultCode: ResultCode(rawValue: failure), message: "binding a value failed", sql: sql)
        }
        guard bindings.position == expected + 1 else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE, message: "bound \(bindings.position - 1) values for \(expected) parameters",
                sql: sql)
        }
    }
}

extension Array {
    /// The index ranges of the multi-row statements that write this array's elements: full
    /// statements of `maxRows` rows, then the rest in pieces whose sizes are powers of two, so
    /// that a connection caches a handful of statement shapes whatever the counts.
    func statementRanges(maxRows: Int) -> [Range<Int>] {
        precondition(maxRows > 0, "a statement writes at least one row")
        var ranges: [Range<Int>] = []
        var start = 0
        while start < count {
            var rows = maxRows
            while rows > count - start { rows /= 2 }
            ranges.append(start..<(start + rows))
            start += rows
        }
        return ranges
    }
}
