import Foundation

/// How sync settles a field when the device's version of a record meets the server's
/// (docs/sync-protocol.md, "Conflicts").
public enum MergeRule: Sendable, Hashable {
    /// The record's identity; the same on both sides.
    case identity
    /// The server's value always (owner, grants, creation date).
    case serverKept
    /// Last writer wins per field, by the field's edit stamp: the fields a person edits.
    case lastWriterWins
    /// Part of a record saved and synced whole (world maps): the latest save replaces every such
    /// field together.
    case wholeRecord
    /// A field a person edits on a record without edit stamps: three-way against the base, and
    /// when both sides changed it, the side whose record changed later (comments).
    case threeWay
    /// Deleted on either side is deleted.
    case deletionWins
    /// The later of the two dates (`updatedAt`).
    case latest
    /// A set: the server's elements, plus the device's additions, minus its removals.
    case set
    /// A counter: the server's count plus what the device counted since the base.
    case counter
    /// The device's own value, never taken from the server (parts read alongside, sync dates).
    case localOnly
    /// The edit stamps themselves, settled with the fields they stamp.
    case editStamps
}

/// One field of a record type, declared once: its name on the wire, its column(s), whether a
/// PATCH may change it, how sync merges it, its JSON shape and its share of a cache's size
/// estimate. Built by the factories below from a key path, which fix the merge rule's types.
public struct RecordField<Record: Sendable>: Sendable {
    /// The field's key in JSON (and in ``FieldStamps``).
    public let name: String
    /// How sync settles it.
    public let merge: MergeRule
    /// Whether `PATCH` may change it.
    public let isPatchable: Bool
    /// The columns that keep it in the record's own table; none when it lives in a table of its
    /// own (grants, reactions, …) or is never stored.
    public let columns: [StoredColumn<Record>]
    /// Its JSON shape.
    public let schema: WireSchema
    /// Whether JSON always carries it (its value is not optional).
    public let isRequired: Bool
    /// Roughly how many bytes its value holds beyond the record's fixed size.
    public let estimatedBytes: @Sendable (Record) -> Int
    /// Compares, copies and orders the field's values (for every field but derived ones).
    public let access: EditableField<Record>
    /// Settles the field in a merge's result, which starts as the server's version; nil when
    /// the server's value stands or the edit stamps settle it.
    let settle: (@Sendable (FieldMerge<Record>, inout Record) -> Void)?
    /// Reads the field from a PATCH body's key, if the body has it: the change to make.
    let decodePatch: (@Sendable (KeyedDecodingContainer<WireKey>) throws -> (@Sendable (inout Record) -> Void)?)?

    fileprivate init<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, merge: MergeRule, patchable: Bool,
        schema: WireSchema, columns: [StoredColumn<Record>],
        settle: (@Sendable (FieldMerge<Record>, inout Record) -> Void)? = nil
    ) {
        self.name = name
        self.merge = merge
        self.isPatchable = patchable
        self.columns = columns
        self.schema = schema
        self.isRequired = !(Value.self is any ExpressibleByNilLiteral.Type)
        self.estimatedBytes = { $0[keyPath: path].estimatedBytes }
        self.access = EditableField(name, path)
        self.settle = settle
        let key = WireKey(name)
        if patchable {
            self.decodePatch = { container in
                guard container.contains(key) else { return nil }
                let value = try container.decode(Value.self, forKey: key)
                return { $0[keyPath: path] = value }
            }
        } else {
            self.decodePatch = nil
        }
    }

    /// The record's identity.
    public static func identity<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, schema: WireSchema,
        columns: [StoredColumn<Record>]
    ) -> Self {
        Self(name, path, merge: .identity, patchable: false, schema: schema, columns: columns)
    }

    /// A field the server keeps: a device's version never changes it.
    public static func serverKept<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, schema: WireSchema,
        columns: [StoredColumn<Record>] = []
    ) -> Self {
        Self(name, path, merge: .serverKept, patchable: false, schema: schema, columns: columns)
    }

    /// A field of a record saved whole (``MergeRule/wholeRecord``); `patchable` when `PATCH` may
    /// change it.
    public static func whole<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, patchable: Bool = true,
        schema: WireSchema, columns: [StoredColumn<Record>] = []
    ) -> Self {
        Self(name, path, merge: .wholeRecord, patchable: patchable, schema: schema, columns: columns) { merge, result in
            if merge.takesLocalRecord { result[keyPath: path] = merge.local[keyPath: path] }
        }
    }

    /// A field a person edits on a record without edit stamps, merged three-way (``MergeRule/threeWay``);
    /// `patchable` when `PATCH` may change it (an optional one is cleared by `null`).
    public static func picked<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, patchable: Bool = true,
        schema: WireSchema, columns: [StoredColumn<Record>] = []
    ) -> Self {
        Self(name, path, merge: .threeWay, patchable: patchable, schema: schema, columns: columns) { merge, result in
            result[keyPath: path] = merge.pick(path)
        }
    }

    /// The soft-delete flag: a deletion on either side wins.
    public static func deletion(
        _ name: String, _ path: any WritableKeyPath<Record, Bool> & Sendable, columns: [StoredColumn<Record>]
    ) -> Self {
        Self(name, path, merge: .deletionWins, patchable: false, schema: .boolean, columns: columns) { merge, result in
            result[keyPath: path] = merge.local[keyPath: path] || merge.remote[keyPath: path]
        }
    }

    /// The date of the last change: the later side's.
    public static func latest(
        _ name: String, _ path: any WritableKeyPath<Record, Date> & Sendable, columns: [StoredColumn<Record>]
    ) -> Self {
        Self(name, path, merge: .latest, patchable: false, schema: .date, columns: columns) { merge, result in
            result[keyPath: path] = merge.latest(path)
        }
    }

    /// A set of elements identified by `key`, merged element by element.
    public static func set<Element: Codable & Equatable & Sendable & ByteEstimating, Key: Hashable & Sendable>(
        _ name: String, _ path: any WritableKeyPath<Record, [Element]> & Sendable, schema: WireSchema,
        key: @escaping @Sendable (Element) -> Key
    ) -> Self {
        Self(name, path, merge: .set, patchable: false, schema: schema, columns: []) { merge, result in
            result[keyPath: path] = merge.mergeSet(path, key: key)
        }
    }

    /// A counter: the server's count plus the device's since the base.
    public static func counter(
        _ name: String, _ path: any WritableKeyPath<Record, Int> & Sendable, columns: [StoredColumn<Record>] = []
    ) -> Self {
        Self(name, path, merge: .counter, patchable: false, schema: .integer, columns: columns) { merge, result in
            result[keyPath: path] = merge.mergeCounter(path)
        }
    }

    /// A part the device keeps as its own (never taken from the server's version).
    public static func localOnly<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, schema: WireSchema,
        columns: [StoredColumn<Record>] = []
    ) -> Self {
        Self(name, path, merge: .localOnly, patchable: false, schema: schema, columns: columns) { merge, result in
            result[keyPath: path] = merge.local[keyPath: path]
        }
    }

    /// The per-field edit stamps.
    public static func editStamps(
        _ name: String, _ path: any WritableKeyPath<Record, FieldStamps?> & Sendable, columns: [StoredColumn<Record>]
    ) -> Self {
        Self(name, path, merge: .editStamps, patchable: false, schema: .component("FieldStamps"), columns: columns)
    }
}

extension RecordField where Record: StampedRecord {
    /// A field a person edits, merged by its edit stamp; `patchable` when `PATCH` may change it
    /// (an optional one is cleared by `null`). Only a record with edit stamps has such fields.
    public static func edited<Value: Codable & Equatable & Sendable & ByteEstimating>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable, patchable: Bool = true,
        schema: WireSchema, columns: [StoredColumn<Record>] = []
    ) -> Self {
        Self(name, path, merge: .lastWriterWins, patchable: patchable, schema: schema, columns: columns)
    }
}

/// A JSON key named at run time, for reading the keys a declaration names.
public struct WireKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }

    /// The key `name`.
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
