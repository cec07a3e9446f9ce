import Foundation

/// One field a person edits on a record: its wire name and how to compare and copy it. A record
/// type's list of them (``StampedRecord/editableFields``) is the one declaration that stamping
/// edits, merging versions and telling whether a pushed edit changes anything all read.
public struct EditableField<Record>: Sendable {
    /// The field's name in JSON, and its key in ``FieldStamps``.
    public let name: String
    /// True when the two records' values differ.
    public let differs: @Sendable (Record, Record) -> Bool
    /// Copies the field's value from the first record into the second.
    public let copy: @Sendable (Record, inout Record) -> Void
    /// Orders two differing values the same way on every device (the value whose JSON sorts
    /// later first), to settle two edits stamped the same millisecond.
    public let sortsAfter: @Sendable (Record, Record) -> Bool

    /// The field `name` at `path`.
    public init<Value: Equatable & Encodable & Sendable>(
        _ name: String, _ path: any WritableKeyPath<Record, Value> & Sendable
    ) {
        self.name = name
        differs = { $0[keyPath: path] != $1[keyPath: path] }
        copy = { source, target in target[keyPath: path] = source[keyPath: path] }
        sortsAfter = { a, b in
            let left = (try? RealityJSON.encode(a[keyPath: path])) ?? Data()
            let right = (try? RealityJSON.encode(b[keyPath: path])) ?? Data()
            return left.lexicographicallyPrecedes(right) == false && left != right
        }
    }
}

/// A record whose editable fields carry edit stamps (annotations and layers).
public protocol StampedRecord {
    /// The fields a person edits, each once.
    static var editableFields: [EditableField<Self>] { get }
    /// When each field was last edited, if after creation.
    var fieldStamps: FieldStamps? { get set }
    /// When the record was made: the stamp of every field not edited since.
    var createdAt: Date { get }
}

extension StampedRecord {
    /// The stamp of `field`.
    public func stamp(of field: EditableField<Self>) -> Int64 {
        (fieldStamps ?? FieldStamps()).stamp(of: field.name, createdAt: createdAt)
    }

    /// True when any editable field differs from `other`'s.
    public func editableFieldsDiffer(from other: Self) -> Bool {
        Self.editableFields.contains { $0.differs(self, other) }
    }

    /// `self`, an edit of `current` at `now`, with its stamps settled: a changed field keeps the
    /// stamp the editor gave it when that is later than the current one (a device's offline edit,
    /// pushed), bounded by the clock skew the server accepts; otherwise it is stamped `now` (an
    /// edit made here). An unchanged field keeps its current stamp.
    public func stamped(editing current: Self, at now: Date) -> Self {
        var result = self
        var stamps = current.fieldStamps ?? FieldStamps()
        for field in Self.editableFields where field.differs(self, current) {
            let before = current.stamp(of: field)
            let given = FieldStamps.bounded(stamp(of: field), now: now)
            stamps.values[field.name] = given > before ? given : FieldStamps.next(after: before, now: now)
        }
        result.fieldStamps = stamps.nonEmpty
        return result
    }

    /// `self` with each editable field restamped at `now` where it differs from `other`: the
    /// person just chose these values (resolving a conflict with the device's version).
    public func restamped(against other: Self, at now: Date) -> Self {
        var result = self
        var stamps = fieldStamps ?? FieldStamps()
        for field in Self.editableFields where field.differs(self, other) {
            stamps.values[field.name] = FieldStamps.next(after: max(stamp(of: field), other.stamp(of: field)), now: now)
        }
        result.fieldStamps = stamps.nonEmpty
        return result
    }
}
