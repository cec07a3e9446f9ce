import Foundation

/// The pieces of a three-way merge of one record (docs/sync-protocol.md, "Conflicts"): the last
/// server version the device saw (`base`), the device's version and the server's current one.
///
/// Each editable field is settled on its own by ``pick(_:)``; set-like fields by
/// ``mergeSet(_:key:)``; counters by ``mergeCounter(_:)``. Fields the server keeps (owner, grants,
/// creation date) are read from `remote` by the callers.
public struct FieldMerge<Record: Sendable>: Sendable {
    /// The last server version the device saw; nil when it never saw one (a create that met an
    /// existing record), in which case every differing field counts as changed on both sides.
    public let base: Record?
    /// The device's version.
    public let local: Record
    /// The server's current version.
    public let remote: Record
    /// How fields changed on both sides are settled.
    public let policy: Policy
    /// True when the device's edit is strictly later than the server's.
    let localIsLater: Bool

    /// How a field that both sides changed is settled.
    public enum Policy: Sendable {
        /// The side with the later `updatedAt` wins; a tie goes to the server, so that every
        /// device settles the same tie the same way.
        case laterEdit
        /// Every editable field takes the device's value (the `useLocal` strategy).
        case preferLocal
        /// Every editable field takes the server's value (the `useRemote` strategy).
        case preferRemote
    }

    /// A merge of `local` and `remote` from `base`; `updatedAt` orders edits changed on both sides.
    public init(base: Record?, local: Record, remote: Record, updatedAt: KeyPath<Record, Date>, policy: Policy) {
        self.base = base
        self.local = local
        self.remote = remote
        self.policy = policy
        self.localIsLater = local[keyPath: updatedAt] > remote[keyPath: updatedAt]
    }

    /// The merged value of one editable field.
    public func pick<Value: Equatable>(_ field: KeyPath<Record, Value>) -> Value {
        let mine = local[keyPath: field]
        let theirs = remote[keyPath: field]
        if policy == .preferLocal || mine == theirs { return mine }
        if policy == .preferRemote { return theirs }
        if let base {
            let original = base[keyPath: field]
            if mine == original { return theirs }
            if theirs == original { return mine }
        }
        return localIsLater ? mine : theirs
    }

    /// Whether a record saved whole takes the device's version: as the policy says, and by
    /// default when the device's save is the later one.
    public var takesLocalRecord: Bool {
        switch policy {
        case .preferLocal: true
        case .preferRemote: false
        case .laterEdit: localIsLater
        }
    }

    /// The merged value of a set-like field, elements identified by `key`: the server's elements,
    /// plus those the device added since `base`, minus those the device removed since `base`.
    public func mergeSet<Element, Key: Hashable>(_ field: KeyPath<Record, [Element]>, key: (Element) -> Key)
        -> [Element]
    {
        let baseKeys = Set((base?[keyPath: field] ?? []).map(key))
        let localElements = local[keyPath: field]
        let localKeys = Set(localElements.map(key))
        let removedHere = baseKeys.subtracting(localKeys)
        var merged = remote[keyPath: field].filter { !removedHere.contains(key($0)) }
        var seen = Set(merged.map(key))
        for element in localElements where !baseKeys.contains(key(element)) && seen.insert(key(element)).inserted {
            merged.append(element)
        }
        return merged
    }

    /// The merged value of a counter: the server's count plus what the device counted since `base`.
    public func mergeCounter(_ field: KeyPath<Record, Int>) -> Int {
        let counted = local[keyPath: field] - (base?[keyPath: field] ?? 0)
        return remote[keyPath: field] + max(0, counted)
    }

    /// The later of the two sides' values of `field` (for `updatedAt`).
    public func latest(_ field: KeyPath<Record, Date>) -> Date {
        max(local[keyPath: field], remote[keyPath: field])
    }
}

extension FieldMerge where Record: StampedRecord {
    /// `result` with every editable field settled by its edit stamps: a field that differs takes
    /// the side whose edit of it is later (docs/sync-protocol.md, "Conflicts"), so two devices
    /// arrive at the same record whichever syncs first. Two edits stamped the same millisecond
    /// fall back to the three-way rule against `base`, then to an order of the values that every
    /// device computes alike. The result carries, per field, the stamp of the value it took.
    public func settleStampedFields(into result: inout Record) {
        var stamps = FieldStamps()
        for field in Record.editableFields {
            let mine = local.stamp(of: field)
            let theirs = remote.stamp(of: field)
            let takeLocal: Bool
            if !field.differs(local, remote) {
                takeLocal = false  // the same value: the server's stamp, so nothing needs pushing
            } else {
                switch policy {
                case .preferLocal: takeLocal = true
                case .preferRemote: takeLocal = false
                case .laterEdit: takeLocal = mine == theirs ? tieGoesToLocal(field) : mine > theirs
                }
            }
            field.copy(takeLocal ? local : remote, &result)
            let stamp = takeLocal ? mine : theirs
            if local.fieldStamps?.values[field.name] != nil || remote.fieldStamps?.values[field.name] != nil {
                stamps.values[field.name] = stamp
            }
        }
        result.fieldStamps = stamps.nonEmpty
    }

    private func tieGoesToLocal(_ field: EditableField<Record>) -> Bool {
        if let base {
            if !field.differs(local, base) { return false }
            if !field.differs(remote, base) { return true }
        }
        return field.sortsAfter(local, remote)
    }
}
