import Foundation

/// A value that writes itself with a ``JSONWriter``, producing the same bytes as
/// `RealityJSON.encode` would (tests hold each conformance to that).
public protocol JSONWritable {
    /// Writes the value as one JSON value; throws for a number JSON cannot hold.
    func write(to writer: inout JSONWriter) throws(EncodingError)
}

extension JSONWriter {
    /// Writes `"key":value`.
    public mutating func field(_ key: StaticString, _ value: some JSONWritable) throws(EncodingError) {
        self.key(key)
        try value.write(to: &self)
    }

    /// Writes `"key":value` when `value` is not nil and nothing when it is, as the synthesised
    /// `Encodable` conformances (`encodeIfPresent`) do.
    public mutating func field(_ key: StaticString, ifPresent value: (some JSONWritable)?) throws(EncodingError) {
        guard let value else { return }
        try field(key, value)
    }
}

/// Enums written as their raw strings, as their synthesised `Encodable` conformances are.
extension JSONWritable where Self: RawRepresentable, RawValue == String {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.string(rawValue)
    }
}

// MARK: - Foundation and standard library values

extension String: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.string(self)
    }
}

extension Bool: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.bool(self)
    }
}

extension Int: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.number(self)
    }
}

extension Int64: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.number(self)
    }
}

extension Float: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        try writer.number(self)
    }
}

extension Double: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        try writer.number(self)
    }
}

extension Date: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.date(self)
    }
}

extension UUID: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.uuid(self)
    }
}

extension Data: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.base64(self)
    }
}

extension URL: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.url(self)
    }
}

extension Identifier: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.identifier(self)
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginArray()
        for element in self { try element.write(to: &writer) }
        writer.endArray()
    }
}

/// Positions: `[x, y, z]`, as the standard library's `Encodable` conformance of SIMD vectors.
extension SIMD3: JSONWritable where Scalar == Float {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginArray()
        try writer.number(x)
        try writer.number(y)
        try writer.number(z)
        writer.endArray()
    }
}
