import Foundation

/// How a column keeps its values, which tells each store how to bind and read them.
public enum ColumnType: Sendable, Hashable {
    /// Text (SQLite TEXT, PostgreSQL text).
    case text
    /// A 64-bit integer (dates as milliseconds since 1970).
    case integer
    /// A double.
    case real
    /// A Boolean (SQLite 0 or 1, PostgreSQL boolean).
    case boolean
    /// A UUID (SQLite lower-case text, PostgreSQL uuid).
    case uuid
    /// Bytes (SQLite BLOB, PostgreSQL bytea).
    case blob
    /// A JSON document in the platform's dialect (SQLite BLOB, PostgreSQL jsonb).
    case json
}

/// One value as a store keeps it, between a record's field and a store's cell.
public enum StoredValue: Sendable, Hashable {
    /// NULL.
    case null
    /// A ``ColumnType/text`` value.
    case text(String)
    /// An ``ColumnType/integer`` value.
    case integer(Int64)
    /// A ``ColumnType/real`` value.
    case real(Double)
    /// A ``ColumnType/boolean`` value.
    case boolean(Bool)
    /// A ``ColumnType/uuid`` value.
    case uuid(UUID)
    /// A ``ColumnType/blob`` value.
    case blob(Data)
    /// A ``ColumnType/json`` document's bytes.
    case json(Data)
}

/// One column of a record's table: its name, its type and how a record's value goes into it and
/// comes back. Declared in a record's ``RecordDeclaration``; the stores build their column lists,
/// placeholders, bindings and row readers from these, once.
///
/// The accessors are closures written out per column rather than key paths: rows are read and
/// written on the hot paths the benchmarks measure, and a closure is a direct call.
public struct StoredColumn<Record>: Sendable {
    /// The column's name in both stores.
    public let name: String
    /// How it keeps its values.
    public let type: ColumnType
    /// The value to store for a record.
    public let value: @Sendable (Record) throws -> StoredValue
    /// Sets a record's part from the stored value; nil for a column written but never read back
    /// (one derived from other fields for queries, such as `visibleUntil`).
    public let read: (@Sendable (inout Record, StoredValue) throws -> Void)?

    /// A column of `type` named `name`, written with `value` and read with `read`.
    public init(
        _ name: String, _ type: ColumnType, value: @escaping @Sendable (Record) throws -> StoredValue,
        read: (@Sendable (inout Record, StoredValue) throws -> Void)?
    ) {
        self.name = name
        self.type = type
        self.value = value
        self.read = read
    }
}

extension StoredColumn {
    /// Optional text.
    public static func text(
        _ name: String, _ get: @escaping @Sendable (Record) -> String?,
        _ set: @escaping @Sendable (inout Record, String?) -> Void
    ) -> Self {
        Self(name, .text, value: { get($0).map(StoredValue.text) ?? .null }, read: { set(&$0, try $1.text(name)) })
    }

    /// Text that cannot be NULL.
    public static func requiredText(
        _ name: String, _ get: @escaping @Sendable (Record) -> String,
        _ set: @escaping @Sendable (inout Record, String) -> Void
    ) -> Self {
        Self(name, .text, value: { .text(get($0)) }, read: { set(&$0, try $1.requiredText(name)) })
    }

    /// An optional URL, kept as its absolute string.
    public static func url(
        _ name: String, _ get: @escaping @Sendable (Record) -> URL?,
        _ set: @escaping @Sendable (inout Record, URL?) -> Void
    ) -> Self {
        Self(
            name, .text, value: { get($0).map { .text($0.absoluteString) } ?? .null },
            read: { set(&$0, try $1.text(name).flatMap(URL.init(string:))) })
    }

    /// An enum kept as its raw string; an unknown value fails the read.
    public static func enumeration<Value: RawRepresentable & Sendable>(
        _ name: String, _ get: @escaping @Sendable (Record) -> Value,
        _ set: @escaping @Sendable (inout Record, Value) -> Void
    ) -> Self where Value.RawValue == String {
        Self(
            name, .text, value: { .text(get($0).rawValue) },
            read: { record, stored in
                let text = try stored.requiredText(name)
                guard let value = Value(rawValue: text) else {
                    throw StoreError.unavailable(detail: "column \(name) holds unknown value \(text)")
                }
                set(&record, value)
            })
    }

    /// An optional enum kept as its raw string or NULL; an unknown value fails the read.
    public static func optionalEnumeration<Value: RawRepresentable & Sendable>(
        _ name: String, _ get: @escaping @Sendable (Record) -> Value?,
        _ set: @escaping @Sendable (inout Record, Value?) -> Void
    ) -> Self where Value.RawValue == String {
        Self(
            name, .text, value: { get($0).map { .text($0.rawValue) } ?? .null },
            read: { record, stored in
                guard let text = try stored.text(name) else { return set(&record, nil) }
                guard let value = Value(rawValue: text) else {
                    throw StoreError.unavailable(detail: "column \(name) holds unknown value \(text)")
                }
                set(&record, value)
            })
    }

    /// A list of words (no spaces in any) kept as one text, separated by spaces: what a text
    /// index reads as it is.
    public static func words(
        _ name: String, _ get: @escaping @Sendable (Record) -> [String],
        _ set: @escaping @Sendable (inout Record, [String]) -> Void
    ) -> Self {
        Self(
            name, .text, value: { .text(get($0).joined(separator: " ")) },
            read: { set(&$0, try $1.requiredText(name).split(separator: " ").map(String.init)) })
    }

    /// A typed identifier.
    public static func identifier<Entity>(
        _ name: String, _ get: @escaping @Sendable (Record) -> Identifier<Entity>,
        _ set: @escaping @Sendable (inout Record, Identifier<Entity>) -> Void
    ) -> Self {
        Self(
            name, .uuid, value: { .uuid(get($0).rawValue) },
            read: { record, stored in
                guard let uuid = try stored.uuid(name) else {
                    throw StoreError.unavailable(detail: "column \(name) is NULL")
                }
                set(&record, Identifier(uuid))
            })
    }

    /// An optional typed identifier.
    public static func optionalIdentifier<Entity>(
        _ name: String, _ get: @escaping @Sendable (Record) -> Identifier<Entity>?,
        _ set: @escaping @Sendable (inout Record, Identifier<Entity>?) -> Void
    ) -> Self {
        Self(
            name, .uuid, value: { get($0).map { .uuid($0.rawValue) } ?? .null },
            read: { set(&$0, try $1.uuid(name).map(Identifier.init)) })
    }

    /// A plain UUID that cannot be NULL (a record keyed by `UUID` rather than ``Identifier``).
    public static func uuid(
        _ name: String, _ get: @escaping @Sendable (Record) -> UUID,
        _ set: @escaping @Sendable (inout Record, UUID) -> Void
    ) -> Self {
        Self(
            name, .uuid, value: { .uuid(get($0)) },
            read: { record, stored in
                guard let uuid = try stored.uuid(name) else {
                    throw StoreError.unavailable(detail: "column \(name) is NULL")
                }
                set(&record, uuid)
            })
    }

    /// An optional number kept as a double or NULL.
    public static func optionalReal(
        _ name: String, _ get: @escaping @Sendable (Record) -> Double?,
        _ set: @escaping @Sendable (inout Record, Double?) -> Void
    ) -> Self {
        Self(name, .real, value: { get($0).map(StoredValue.real) ?? .null }, read: { set(&$0, try $1.real(name)) })
    }

    /// A number kept as a double; NULL reads as 0.
    public static func real(
        _ name: String, _ get: @escaping @Sendable (Record) -> Double,
        _ set: @escaping @Sendable (inout Record, Double) -> Void
    ) -> Self {
        Self(name, .real, value: { .real(get($0)) }, read: { set(&$0, try $1.real(name) ?? 0) })
    }

    /// An integer; NULL reads as 0.
    public static func integer(
        _ name: String, _ get: @escaping @Sendable (Record) -> Int64,
        _ set: @escaping @Sendable (inout Record, Int64) -> Void
    ) -> Self {
        Self(name, .integer, value: { .integer(get($0)) }, read: { set(&$0, try $1.integer(name) ?? 0) })
    }

    /// An optional integer.
    public static func optionalInteger(
        _ name: String, _ get: @escaping @Sendable (Record) -> Int64?,
        _ set: @escaping @Sendable (inout Record, Int64?) -> Void
    ) -> Self {
        Self(
            name, .integer, value: { get($0).map(StoredValue.integer) ?? .null },
            read: { set(&$0, try $1.integer(name)) })
    }

    /// A Boolean; NULL reads as false.
    public static func boolean(
        _ name: String, _ get: @escaping @Sendable (Record) -> Bool,
        _ set: @escaping @Sendable (inout Record, Bool) -> Void
    ) -> Self {
        Self(name, .boolean, value: { .boolean(get($0)) }, read: { set(&$0, try $1.boolean(name) ?? false) })
    }

    /// A date kept as milliseconds since 1970; NULL reads as 1970.
    public static func date(
        _ name: String, _ get: @escaping @Sendable (Record) -> Date,
        _ set: @escaping @Sendable (inout Record, Date) -> Void
    ) -> Self {
        Self(
            name, .integer, value: { .integer(Timestamp.milliseconds(get($0))) },
            read: { set(&$0, Timestamp.date(milliseconds: try $1.integer(name) ?? 0)) })
    }

    /// An optional date kept as milliseconds since 1970.
    public static func optionalDate(
        _ name: String, _ get: @escaping @Sendable (Record) -> Date?,
        _ set: @escaping @Sendable (inout Record, Date?) -> Void
    ) -> Self {
        Self(
            name, .integer, value: { get($0).map { .integer(Timestamp.milliseconds($0)) } ?? .null },
            read: { set(&$0, try $1.integer(name).map(Timestamp.date(milliseconds:))) })
    }

    /// Optional bytes.
    public static func blob(
        _ name: String, _ get: @escaping @Sendable (Record) -> Data?,
        _ set: @escaping @Sendable (inout Record, Data?) -> Void
    ) -> Self {
        Self(name, .blob, value: { get($0).map(StoredValue.blob) ?? .null }, read: { set(&$0, try $1.data(name)) })
    }

    /// An optional value kept as a JSON document.
    public static func json<Value: Codable & Sendable>(
        _ name: String, _ get: @escaping @Sendable (Record) -> Value?,
        _ set: @escaping @Sendable (inout Record, Value?) -> Void
    ) -> Self {
        Self(
            name, .json, value: { try get($0).map { .json(try RealityJSON.encode($0)) } ?? .null },
            read: { record, stored in
                guard let data = try stored.data(name) else { return set(&record, nil) }
                do {
                    set(&record, try RealityJSON.decoder().decode(Value.self, from: data))
                } catch {
                    throw StoreError.unavailable(detail: "column \(name) holds unreadable JSON: \(error)")
                }
            })
    }

    /// A column written from the record for queries and never read back.
    public static func derived(
        _ name: String, _ type: ColumnType, _ value: @escaping @Sendable (Record) throws -> StoredValue
    ) -> Self {
        Self(name, type, value: value, read: nil)
    }
}

extension StoredValue {
    private func mismatch(_ column: String) -> StoreError {
        StoreError.unavailable(detail: "column \(column) holds a value of the wrong type")
    }

    /// The text, nil for NULL; throws for another type.
    func text(_ column: String) throws -> String? {
        switch self {
        case .null: nil
        case .text(let text): text
        default: throw mismatch(column)
        }
    }

    /// The text; throws for NULL or another type.
    func requiredText(_ column: String) throws -> String {
        guard let text = try text(column) else { throw StoreError.unavailable(detail: "column \(column) is NULL") }
        return text
    }

    /// The UUID, nil for NULL; throws for another type.
    func uuid(_ column: String) throws -> UUID? {
        switch self {
        case .null: nil
        case .uuid(let uuid): uuid
        default: throw mismatch(column)
        }
    }

    /// The integer, nil for NULL; throws for another type.
    func integer(_ column: String) throws -> Int64? {
        switch self {
        case .null: nil
        case .integer(let integer): integer
        default: throw mismatch(column)
        }
    }

    /// The double, nil for NULL; throws for another type.
    func real(_ column: String) throws -> Double? {
        switch self {
        case .null: nil
        case .real(let real): real
        case .integer(let integer): Double(integer)
        default: throw mismatch(column)
        }
    }

    /// The Boolean, nil for NULL; throws for another type.
    func boolean(_ column: String) throws -> Bool? {
        switch self {
        case .null: nil
        case .boolean(let flag): flag
        case .integer(let integer): integer != 0
        default: throw mismatch(column)
        }
    }

    /// The bytes of a blob or JSON document, nil for NULL; throws for another type.
    func data(_ column: String) throws -> Data? {
        switch self {
        case .null: nil
        case .blob(let data), .json(let data): data
        default: throw mismatch(column)
        }
    }
}
