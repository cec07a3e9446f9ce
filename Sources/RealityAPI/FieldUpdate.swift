import Foundation

/// One field of a PATCH body whose value may be cleared: absent leaves it as it is, `null`
/// clears it, a value sets it.
public enum FieldUpdate<Value: Codable & Hashable & Sendable>: Hashable, Sendable {
    /// The key was absent.
    case unchanged
    /// The key was `null`.
    case clear
    /// The key had a value.
    case set(Value)

    /// The field's new value given its `current` one.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: current
        case .clear: nil
        case .set(let value): value
        }
    }
}

extension KeyedDecodingContainer {
    /// A field that may be absent (unchanged) but not `null`.
    public func decodeUpdate<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        return try decode(type, forKey: key)
    }

    /// A field that may be absent (unchanged), `null` (cleared) or a value (set).
    public func decodeClearable<T>(_ type: T.Type, forKey key: Key) throws -> FieldUpdate<T> {
        guard contains(key) else { return .unchanged }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decode(type, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Writes a clearable field: nothing when unchanged, `null` when cleared.
    public mutating func encodeUpdate<T>(_ update: FieldUpdate<T>, forKey key: Key) throws {
        switch update {
        case .unchanged: break
        case .clear: try encodeNil(forKey: key)
        case .set(let value): try encode(value, forKey: key)
        }
    }
}
