import Foundation

/// Owned records (``OwnedRecord``) of every kind, grouped by kind: in JSON an object with a list
/// per kind, keyed by the kind's ``RecordType`` name (`{"savedSearch": [...]}`), every kind present.
public struct OwnedRecordSet: Codable, Hashable, Sendable {
    /// The records of each kind.
    public var records: [RecordType: [AnyOwnedRecord]]

    /// A set holding `records`.
    public init(_ records: [RecordType: [AnyOwnedRecord]] = [:]) {
        self.records = records
    }

    /// The records of `kind`.
    public func of<Record: OwnedRecord>(_ kind: Record.Type) -> [Record] {
        (records[kind.recordType] ?? []).compactMap { $0.typed(kind) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        records = [:]
        for kind in RecordType.ownedKinds {
            let key = WireKey(kind.recordType.rawValue)
            guard container.contains(key) else { continue }
            var list = try container.nestedUnkeyedContainer(forKey: key)
            var decoded: [AnyOwnedRecord] = []
            while !list.isAtEnd {
                decoded.append(try AnyOwnedRecord(kind, from: try list.superDecoder()))
            }
            records[kind.recordType] = decoded
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        for kind in RecordType.ownedKinds {
            try container.encode(records[kind.recordType] ?? [], forKey: WireKey(kind.recordType.rawValue))
        }
    }
}
