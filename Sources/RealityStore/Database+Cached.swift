import GRDB

extension Database {
    // Every read goes through the connection's statement cache: the store's queries are few
    // shapes run many times, and compiling a statement can cost more than running it.

    /// The rows of `sql`.
    func rows(sql: String, arguments: StatementArguments = StatementArguments()) throws -> [Row] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    /// The first row of `sql`, if any.
    func row(sql: String, arguments: StatementArguments = StatementArguments()) throws -> Row? {
        try Row.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }

    /// The values of the first column of `sql`.
    func values<Value: DatabaseValueConvertible>(
        _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [Value] {
        try Value.fetchAll(cachedStatement(sql: sql), arguments: arguments)
    }

    /// The value of the first column of the first row of `sql`, if any.
    func value<Value: DatabaseValueConvertible>(
        _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> Value? {
        try Value.fetchOne(cachedStatement(sql: sql), arguments: arguments)
    }
}
