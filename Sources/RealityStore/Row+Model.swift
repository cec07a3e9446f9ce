import Foundation
import GRDB
import RealityCore

extension Row {
    /// The identifier stored as a UUID string in `column`; throws when it is not one.
    func identifier<Entity>(_ column: String) throws -> Identifier<Entity> {
        try StoredText.identifier(self[column], column: column)
    }

    /// The optional identifier stored in `column`.
    func optionalIdentifier<Entity>(_ column: String) throws -> Identifier<Entity>? {
        guard let text: String = self[column] else { return nil }
        return try StoredText.identifier(text, column: column)
    }

    /// The date stored as milliseconds since 1970 in `column`.
    func date(_ column: String) -> Date {
        Timestamp.date(milliseconds: self[column])
    }

    /// The optional date stored as milliseconds in `column`.
    func optionalDate(_ column: String) -> Date? {
        let milliseconds: Int64? = self[column]
        return milliseconds.map(Timestamp.date(milliseconds:))
    }

    /// The enum stored as its raw string in `column`; throws for an unknown value.
    func enumValue<Value: RawRepresentable>(_ column: String) throws -> Value where Value.RawValue == String {
        try StoredText.enumValue(self[column], column: column)
    }

    /// The JSON document stored in `column`, decoded; nil when the column is NULL.
    func json<Value: Decodable>(_ column: String, as type: Value.Type) throws -> Value? {
        guard let data: Data = self[column] else { return nil }
        return try ColumnJSON.decode(type, from: data, column: column)
    }
}

extension Date {
    /// Milliseconds since 1970, the store's form of a date.
    var storeValue: Int64 { Timestamp.milliseconds(self) }
}

/// JSON for columns that hold documents, in the platform's dialect.
enum ColumnJSON {
    /// `value` as a JSON blob.
    static func encode(_ value: some Encodable) throws -> Data {
        try RealityJSON.encoder().encode(value)
    }

    /// The `Value` in `data`, read from `column`; throws ``StoreError`` naming the column.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, column: String) throws -> Value {
        do {
            return try RealityJSON.decoder().decode(type, from: data)
        } catch {
            throw StoreError.unavailable(detail: "column \(column) holds unreadable JSON: \(error)")
        }
    }
}
