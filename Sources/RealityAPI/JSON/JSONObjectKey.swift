import Foundation

/// The keys an object read by a fast path may hold (``JSONCursor/object(of:_:)``): each case's
/// raw value is one, read at most once; any other key leaves the object to `JSONDecoder`.
protocol JSONObjectKey: CaseIterable, RawRepresentable<String>, Sendable {
    /// The keys' bytes, made once: `static let table = JSONKeyTable<Self>()`.
    static var table: JSONKeyTable<Self> { get }
}

/// The bytes of each key of a ``JSONObjectKey`` type, to match a key without making a `String`.
struct JSONKeyTable<Key: JSONObjectKey>: Sendable {
    private let keys: [Key]
    private let names: [[UInt8]]

    /// The table of `Key`'s cases (at most 64, one bit each).
    init() {
        keys = Array(Key.allCases)
        names = keys.map { Array($0.rawValue.utf8) }
        precondition(keys.count <= 64, "a JSONObjectKey has at most 64 cases")
    }

    /// The key written as `name` (the bytes between its quotes) and its bit; nil for any other.
    func key(named name: UnsafeRawBufferPointer) -> (key: Key, bit: UInt64)? {
        guard let base = name.baseAddress else { return nil }
        for position in names.indices where names[position].count == name.count {
            let equal = names[position].withUnsafeBytes {
                $0.baseAddress.map { memcmp($0, base, name.count) == 0 } ?? false
            }
            if equal { return (keys[position], 1 << UInt64(position)) }
        }
        return nil
    }
}
