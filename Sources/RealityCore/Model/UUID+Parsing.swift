import Foundation

extension UUID {
    /// Parses a UUID string as `UUID(uuidString:)` does, in any letter case.
    ///
    /// The canonical form (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, 36 characters) is read by hand:
    /// Foundation parses it with `sscanf`, which was a visible share of decoding a page of
    /// annotations. Anything else is left to Foundation, so that both accept the same strings.
    public static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// ``parse(_:)`` of the text whose UTF-8 bytes are `bytes` (nil when they are not UTF-8), read
    /// from the bytes themselves in the canonical form.
    public static func parse(utf8 bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 36 else {
            return String(validating: bytes, as: UTF8.self).flatMap { UUID(uuidString: $0) }
        }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &value) { output -> Bool in
            var index = 0
            for position in 0..<16 {
                if position == 4 || position == 6 || position == 8 || position == 10 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                output[position] = high << 4 | low
                index += 2
            }
            return true
        }
        return complete ? UUID(uuid: value) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
