/// A write the store refused, or a store that failed (SPEC D1).
public enum StoreError: Error, Hashable, Sendable {
    /// A record changed since the service read it; read again and retry.
    case conflict(recordType: RecordType, id: String)
    /// A change refers to a record that does not exist.
    case missingRecord(recordType: RecordType, id: String)
    /// A row of `table` was no longer in the state a ``Precondition/transition(table:id:from:to:)``
    /// needs: another writer moved it first.
    case moved(table: String, id: String)
    /// The store is not usable: it could not be opened, or a statement failed. `detail` is for logs.
    case unavailable(detail: String)
}
