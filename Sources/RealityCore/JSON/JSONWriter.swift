import Foundation

/// Writes JSON text byte by byte in the ``RealityJSON`` dialect, for the records the server sends
/// most (annotations in sync pages and API responses).
///
/// `JSONEncoder` builds a tree of boxed values and sorts the keys of every object before it writes
/// a byte; on Linux that was over half of the time the server spent on a page of the sync feed.
/// The writer appends to one byte array instead. It leaves key order to its callers: each
/// ``JSONWritable`` conformance writes its keys in the sorted order `JSONEncoder` uses, and tests
/// compare its output with `RealityJSON.encode` byte for byte.
///
/// Commas are the writer's business: a key, a value in an array, or an object or array opened in
/// either is preceded by one when something came before it at the same level.
public struct JSONWriter: Sendable {
    /// The UTF-8 text written so far.
    public internal(set) var bytes: [UInt8]
    /// True when the next key or value follows another at the same level.
    private var needsComma = false
    /// The key written last, which errors name (a full coding path would cost a stack per write).
    private var lastKey: StaticString?

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(reservingCapacity capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The text of `value`, as `RealityJSON.encode(value)` would write it.
    public static func bytes(of value: some JSONWritable, reservingCapacity capacity: Int = 1024)
        throws(EncodingError) -> [UInt8]
    {
        var writer = JSONWriter(reservingCapacity: capacity)
        try value.write(to: &writer)
        return writer.bytes
    }

    // MARK: - Structure

    /// Opens an object: `{`.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object: `}`.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array: `[`.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array: `]`.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes `"key":`, for the value that follows. Keys are written as they are, so they must be
    /// ASCII without quotes, backslashes or control characters, as every coding key here is.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
        lastKey = key
    }

    // MARK: - Literals and strings

    /// Writes `null`.
    public mutating func null() {
        appendValue("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        appendValue(value ? "true" : "false")
    }

    /// Writes `value` as a JSON string, escaped as `JSONEncoder` escapes it with
    /// `.withoutEscapingSlashes`: `"` and `\` get a backslash, U+0008, U+0009, U+000A, U+000C and
    /// U+000D their short escapes, other control characters `\u00XX` in lowercase hex, and
    /// everything else (slashes, U+2028, emoji) is copied as it is.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes text that is already one JSON value, such as the output of `RealityJSON.encode`.
    public mutating func json(_ text: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: text)
        needsComma = true
    }

    /// Writes `value` through `RealityJSON.encode`: the way for types without a conformance of
    /// their own to ``JSONWritable``.
    public mutating func encoded(_ value: some Encodable) throws(EncodingError) {
        do {
            json(try RealityJSON.encode(value))
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: String(describing: error)))
        }
    }

    // MARK: - Helpers for the value writers

    /// Writes the comma that separates this key or value from the one before it, if any.
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes a value whose text needs no escaping.
    mutating func appendValue(_ text: StaticString) {
        separate()
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    /// Marks the end of a value written piece by piece.
    mutating func endValue() {
        needsComma = true
    }

    /// Appends `utf8` escaped for the inside of a string, copying runs that need no escape whole.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in utf8.indices {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            appendEscape(of: byte)
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    /// Appends the escape sequence of a quote, a backslash or a control character.
    private mutating func appendEscape(of byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.lowercaseHex(byte >> 4))
            bytes.append(Self.lowercaseHex(byte & 0x0F))
        }
    }

    /// The lowercase hex digit of `nibble` (0–15).
    static func lowercaseHex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// The error for a number JSON cannot hold, named after the key it was written under.
    func nonFinite(_ value: some BinaryFloatingPoint) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: lastKey.map { [WrittenKey(stringValue: $0.description)] } ?? [],
                debugDescription: "Unable to encode \(type(of: value)).\(value) directly in JSON."))
    }
}

/// The coding key an error names: the key written last.
private struct WrittenKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
