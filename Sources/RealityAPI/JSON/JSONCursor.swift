import Foundation

/// A forward reader over the bytes of a JSON text, for the device's fast paths over what the
/// server writes (``PageTokenScanner``, ``FastPageDecoder``).
///
/// The `skip` methods only follow the structure (strings, nesting); the `read` methods accept
/// exactly what JSON allows and answer nil for anything else (or anything they do not read,
/// such as a number out of range), so that a fast path can give up and leave the body to
/// `JSONDecoder`, which reports the error.
struct JSONCursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// The next byte that is not whitespace, consumed.
    mutating func next() -> UInt8? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next byte that is not whitespace, left in place.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// True when only whitespace is left.
    mutating func isAtEnd() -> Bool {
        peek() == nil
    }

    mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Walks an object, handing each key (nil when it holds escapes, control characters or bytes
    /// that are not UTF-8, all of which a fast path leaves to `JSONDecoder`) to `member`, which
    /// must consume the value; false when the object is malformed or `member` gave up.
    mutating func object(_ member: (String?, inout JSONCursor) -> Bool) -> Bool {
        members { name, escaped, cursor in
            member(escaped ? nil : Self.plainText(name), &cursor)
        }
    }

    /// Walks an object whose keys are among `Key`'s, handing each to `member`, which must consume
    /// the value; false when the object is malformed, holds another key (or one written with
    /// escapes, left to `JSONDecoder`) or a key twice, or `member` gave up. No key becomes a
    /// `String`: each is matched by its bytes.
    mutating func object<Key: JSONObjectKey>(of _: Key.Type, _ member: (Key, inout JSONCursor) -> Bool) -> Bool {
        var seen: UInt64 = 0
        return members { name, escaped, cursor in
            guard !escaped, let (key, bit) = Key.table.key(named: name), seen & bit == 0 else { return false }
            seen |= bit
            return member(key, &cursor)
        }
    }

    /// Walks an object, handing each key's bytes (between its quotes) and whether they hold
    /// escapes to `member`, which must consume the value.
    private mutating func members(_ member: (UnsafeRawBufferPointer, Bool, inout JSONCursor) -> Bool) -> Bool {
        guard next() == UInt8(ascii: "{") else { return false }
        if peek() == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            guard peek() == UInt8(ascii: "\""), let (start, end, escaped) = skipString(),
                next() == UInt8(ascii: ":")
            else { return false }
            guard member(UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)]), escaped, &self) else {
                return false
            }
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return true
            default: return false
            }
        }
    }

    /// Walks an array, handing the cursor to `element` for each element, which must consume it;
    /// false when the array is malformed or `element` gave up.
    mutating func array(_ element: (inout JSONCursor) -> Bool) -> Bool {
        guard next() == UInt8(ascii: "[") else { return false }
        if peek() == UInt8(ascii: "]") {
            index += 1
            return true
        }
        while true {
            guard element(&self) else { return false }
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return true
            default: return false
            }
        }
    }

    /// The bytes from `start` to `end` as text.
    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `content` as text when it is valid UTF-8 without control characters, as a JSON string's
    /// unescaped content must be; nil otherwise.
    private static func plainText(_ content: UnsafeRawBufferPointer) -> String? {
        var high: UInt8 = 0
        for byte in content {
            guard byte >= 0x20 else { return nil }
            high |= byte
        }
        return string(content, isASCII: high < 0x80)
    }

    /// `content` as text, nil when it is not valid UTF-8; `isASCII` says the caller saw no byte
    /// above 0x7F, which spares the validation (`String(validating:)` is generic and costly).
    private static func string(_ content: UnsafeRawBufferPointer, isASCII: Bool) -> String? {
        isASCII ? String(decoding: content, as: UTF8.self) : String(validating: content, as: UTF8.self)
    }

    /// Skips one value of any kind, following only its structure.
    mutating func skipValue() -> Bool {
        switch peek() {
        case UInt8(ascii: "\""):
            return skipString() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard skipString() != nil else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        case nil:
            return false
        default:
            // A number or a literal runs to the next delimiter.
            let start = index
            while index < bytes.count, !Self.isDelimiter(bytes[index]) { index += 1 }
            return index > start
        }
    }

    /// Skips a string starting at `index`; its bounds (quotes included) and whether it holds
    /// escapes.
    mutating func skipString() -> (start: Int, end: Int, escaped: Bool)? {
        let start = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var escaped = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                escaped = true
                index += 2
            case UInt8(ascii: "\""):
                index += 1
                return (start, index, escaped)
            default:
                index += 1
            }
        }
        return nil
    }

    // MARK: Values

    /// Consumes `null` if it comes next.
    mutating func readNull() -> Bool {
        guard peek() == UInt8(ascii: "n"), literal("null") else { return false }
        return true
    }

    /// A `true` or `false`.
    mutating func readBool() -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"): literal("true") ? true : nil
        case UInt8(ascii: "f"): literal("false") ? false : nil
        default: nil
        }
    }

    /// A string, its escapes decoded; nil for a malformed one or one that is not valid UTF-8.
    mutating func readString() -> String? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        guard let content = plainString() else {
            index += 1
            return readEscapedString()
        }
        return Self.string(content.bytes, isASCII: content.isASCII)
    }

    /// The content of the string at `index`, consumed, when it holds neither escapes nor control
    /// characters, and whether it is all ASCII; nil (nothing consumed) otherwise.
    mutating func plainString() -> (bytes: UnsafeRawBufferPointer, isASCII: Bool)? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        var high: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                index = end + 1
                return (UnsafeRawBufferPointer(rebasing: bytes[start..<end]), high < 0x80)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            high |= byte
            end += 1
        }
        return nil
    }

    /// A whole number that fits an `Int`, written without fraction or exponent.
    mutating func readInt() -> Int? {
        guard let (start, end, isIntegral) = numberBounds(), isIntegral else { return nil }
        return Int(text(start, end))
    }

    /// A finite number that fits a `Float`: neither beyond its range nor so small that it would
    /// round to zero (`JSONDecoder` refuses both). A zero written with an exponent is declined:
    /// `JSONDecoder` refuses some (`0e6`) and reads others (`0e0`, `0e10`), so it decides.
    mutating func readFloat() -> Float? {
        guard let (start, end, _) = numberBounds(), let value = Float(text(start, end)), value.isFinite else {
            return nil
        }
        if value == 0 {
            let token = bytes[start..<end]
            guard
                !token.contains(where: {
                    $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") || $0 | 0x20 == UInt8(ascii: "e")
                })
            else { return nil }
        }
        return value
    }

    // MARK: Helpers

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches, index + count == bytes.count || Self.isDelimiter(bytes[index + count]) else { return false }
        index += count
        return true
    }

    /// The bounds of a number as JSON writes it (`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`),
    /// consumed, and whether it has neither fraction nor exponent.
    private mutating func numberBounds() -> (start: Int, end: Int, isIntegral: Bool)? {
        skipWhitespace()
        let start = index
        var cursor = index
        func digits() -> Int {
            let first = cursor
            while cursor < bytes.count, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") {
                cursor += 1
            }
            return cursor - first
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
        let leading = cursor
        let whole = digits()
        guard whole > 0, whole == 1 || bytes[leading] != UInt8(ascii: "0") else { return nil }
        var isIntegral = true
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
            guard digits() > 0 else { return nil }
            isIntegral = false
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
            cursor += 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
                cursor += 1
            }
            guard digits() > 0 else { return nil }
            isIntegral = false
        }
        guard cursor == bytes.count || Self.isDelimiter(bytes[cursor]) else { return nil }
        index = cursor
        return (start, cursor, isIntegral)
    }

    /// The rest of a string from `index` (just after its opening quote), escapes decoded.
    private mutating func readEscapedString() -> String? {
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = readEscapedScalar() else { return nil }
                    utf8.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20:
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape (the `\u` consumed), a surrogate pair read whole.
    private mutating func readEscapedScalar() -> Unicode.Scalar? {
        guard let first = readHex4() else { return nil }
        switch first {
        case 0xD800..<0xDC00:
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let second = readHex4(), (0xDC00..<0xE000).contains(second) else { return nil }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        case 0xDC00..<0xE000:
            return nil
        default:
            return Unicode.Scalar(first)
        }
    }

    private mutating func readHex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
