import Foundation
import PostgresNIO
import RealityCore

/// Reads the cells of a row in `SELECT` order, so that record decoders read like the column lists
/// they mirror. PostgreSQL folds unquoted column names to lower case; reading by position avoids
/// depending on that.
struct ColumnReader {
    private let row: PostgresRandomAccessRow
    private var index = 0

    /// A reader of `row`'s cells from the one at `start` (0, the first, unless another reader
    /// reads the cells before it).
    init(_ row: PostgresRow, from start: Int = 0) {
        self.row = row.makeRandomAccess()
        self.index = start
    }

    /// The next cell, decoded.
    mutating func next<Value: PostgresDecodable>(_ type: Value.Type = Value.self) throws -> Value {
        defer { index += 1 }
        do {
            return try row[index].decode(Value.self)
        } catch {
            throw StoreError.unavailable(detail: "column \(row[index].columnName): \(String(reflecting: error))")
        }
    }

    /// The next cell as a typed identifier.
    mutating func identifier<Entity>() throws -> Identifier<Entity> {
        Identifier(try next(UUID.self))
    }

    /// The next cell as an optional typed identifier.
    mutating func optionalIdentifier<Entity>() throws -> Identifier<Entity>? {
        try next(UUID?.self).map(Identifier.init)
    }

    /// The next cell, milliseconds since 1970, as a date.
    mutating func date() throws -> Date {
        Timestamp.date(milliseconds: try next(Int64.self))
    }

    /// The next cell as an optional date.
    mutating func optionalDate() throws -> Date? {
        try next(Int64?.self).map(Timestamp.date(milliseconds:))
    }

    /// The next cell as an enum stored by its raw string; throws for an unknown value.
    mutating func enumValue<Value: RawRepresentable>() throws -> Value where Value.RawValue == String {
        let name = row[index].columnName
        let text = try next(String.self)
        guard let value = Value(rawValue: text) else {
            throw StoreError.unavailable(detail: "column \(name) holds unknown value \(text)")
        }
        return value
    }

    /// The next cell as an optional URL.
    mutating func url() throws -> URL? {
        try next(String?.self).flatMap(URL.init(string:))
    }

    /// The next cell, a JSON document, decoded; nil when NULL.
    mutating func json<Value: Decodable>(_ type: Value.Type) throws -> Value? {
        let name = row[index].columnName
        guard let text = try next(String?.self) else { return nil }
        do {
            return try RealityJSON.decoder().decode(type, from: Data(text.utf8))
        } catch {
            throw StoreError.unavailable(detail: "column \(name) holds unreadable JSON: \(error)")
        }
    }
}

extension Date {
    /// Milliseconds since 1970, the store's form of a date.
    var storeValue: Int64 { Timestamp.milliseconds(self) }
}

/// JSON for `jsonb` columns, in the platform's dialect, bound as text and cast in SQL.
enum ColumnJSON {
    /// `value` as JSON text.
    static func encode(_ value: some Encodable) throws -> String {
        String(decoding: try RealityJSON.encoder().encode(value), as: UTF8.self)
    }
}
