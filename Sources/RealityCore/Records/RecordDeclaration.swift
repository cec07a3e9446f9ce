import Foundation

/// A record type that declares its fields once (docs/architecture.md, "Record declarations"):
/// both stores' row mapping, PATCH, sync merges, the OpenAPI schema and cache estimates read the
/// declaration instead of listing the fields again.
public protocol DeclaredRecord: Sendable {
    /// The record type's one declaration of its fields.
    static var declaration: RecordDeclaration<Self> { get }
}

/// The fields of a record type, each once, and what is derived from them, worked out once when
/// the declaration is built.
public struct RecordDeclaration<Record: Sendable>: Sendable {
    /// The name of the record's own table in both stores.
    public let table: String
    /// The record's name in the OpenAPI document.
    public let schemaName: String
    /// The fields, in the order the declaration lists them.
    public let fields: [RecordField<Record>]
    /// What a row is read into before its columns set their parts; parts kept in other tables
    /// keep the values this has (empty lists, zero counts).
    public let blank: Record
    /// Every column of the record's table, in order: the fields' columns, as they list them.
    public let columns: [StoredColumn<Record>]
    /// The columns read back into a record (all but derived ones), in `SELECT` order.
    public let readColumns: [StoredColumn<Record>]
    /// The names of ``columns``, in order (the order both stores bind a record's values in).
    public let columnNames: [String]
    /// ``columnNames``, comma-separated, as both stores' SQL lists them.
    public let columnList: String
    /// The fields a person edits (merged last-writer-wins by their stamps).
    public let editableFields: [EditableField<Record>]

    /// A declaration of `fields` kept in `table`, rows read into `blank`.
    public init(table: String, schemaName: String, blank: Record, fields: [RecordField<Record>]) {
        self.table = table
        self.schemaName = schemaName
        self.blank = blank
        self.fields = fields
        columns = fields.flatMap(\.columns)
        readColumns = columns.filter { $0.read != nil }
        editableFields = fields.filter { $0.merge == .lastWriterWins }.map(\.access)
        let names = fields.map(\.name)
        precondition(Set(names).count == names.count, "\(schemaName) declares a field twice")
        columnNames = columns.map(\.name)
        columnList = columnNames.joined(separator: ", ")
        precondition(Set(columnNames).count == columnNames.count, "\(schemaName) declares a column twice")
    }

    /// The columns a record is read from, in order, of the table aliased `alias` (the same text in
    /// both stores' SQL).
    public func selection(alias: String) -> String {
        readColumns.map { "\(alias).\($0.name)" }.joined(separator: ", ")
    }

    /// How many columns ``selection(alias:)`` names.
    public var selectionWidth: Int { readColumns.count }

    /// The field named `name` on the wire.
    public func field(named name: String) -> RecordField<Record>? {
        fields.first { $0.name == name }
    }

    /// A record from the values of ``readColumns``, in order; `value(index, column)` gives the
    /// value of the column at `index` (the stores read a row's cell by position).
    /// Inlinable so that each store's reader is specialized for its record type: unspecialized, every
    /// cell copied the whole record through its value witnesses (a hot path: search reads 20 rows).
    @inlinable
    public func record(reading value: (Int, StoredColumn<Record>) throws -> StoredValue) throws -> Record {
        var record = blank
        for index in readColumns.indices {
            let column = readColumns[index]
            // Every column in readColumns has a reader.
            try column.read?(&record, try value(index, column))
        }
        return record
    }

    /// Roughly how many bytes `record` holds: a fixed overhead and its fields' variable parts.
    public func estimatedBytes(of record: Record) -> Int {
        fields.reduce(estimatedRecordBytes) { $0 + $1.estimatedBytes(record) }
    }

    /// `record` with every part that is not merged field by field taken from `other`: what the
    /// server keeps, sets, counters, dates, edit stamps and local-only parts. Equal to `other`
    /// exactly when the editable fields (and the deletion flag) agree.
    public func withUnmergedParts(_ record: Record, from other: Record) -> Record {
        var result = record
        for field in fields {
            switch field.merge {
            case .identity, .lastWriterWins, .threeWay, .wholeRecord, .deletionWins: continue
            case .serverKept, .latest, .set, .counter, .localOnly, .editStamps: field.access.copy(other, &result)
            }
        }
        return result
    }

    /// The parts of a PATCH body (an object keyed by wire names) that the declaration lets a
    /// `PATCH` change, as changes to apply; keys it does not name are ignored.
    public func patchChanges(
        from container: KeyedDecodingContainer<WireKey>
    ) throws -> [@Sendable (inout Record) -> Void] {
        try fields.compactMap { try $0.decodePatch?(container) }
    }
}

extension RecordDeclaration {
    /// The merge of `merge.local` and `merge.remote` for a record without edit stamps: the server's
    /// version, each edited field settled three-way, every other field by its rule. (A record with
    /// stamps uses the overload below; only such a record can declare ``RecordField/edited``.)
    public func merged(_ merge: FieldMerge<Record>) -> Record {
        precondition(editableFields.isEmpty, "\(schemaName)'s stamped fields are merged by the StampedRecord overload")
        var result = merge.remote
        for field in fields { field.settle?(merge, &result) }
        return result
    }
}

extension RecordDeclaration where Record: StampedRecord {
    /// The merge of `merge.local` and `merge.remote`: the server's version, each editable field
    /// settled by its edit stamps, every other field by its rule (a deletion wins, sets and
    /// counters merge, the later date, the device's own parts).
    public func merged(_ merge: FieldMerge<Record>) -> Record {
        var result = merge.remote
        merge.settleStampedFields(into: &result)
        for field in fields { field.settle?(merge, &result) }
        return result
    }
}

extension Identifier {
    /// The all-zero identifier: what a declaration's blank record holds until a row sets it.
    public static var blank: Identifier { Identifier(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))) }
}
