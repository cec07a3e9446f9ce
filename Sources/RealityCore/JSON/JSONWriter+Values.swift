import Foundation

extension JSONWriter {
    // MARK: - Numbers

    /// Writes an integer in decimal.
    public mutating func number(_ value: Int) {
        number(Int64(value))
    }

    /// Writes an integer in decimal.
    public mutating func number(_ value: Int64) {
        separate()
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = value.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
        endValue()
    }

    /// Writes `value` as `JSONEncoder` does: its shortest round-tripping `description`, less a
    /// trailing `.0` (`1`, `0.1`, `3.4028235e+38`, `1e-45`). Infinity and NaN throw, as they do
    /// with `RealityJSON`'s `.throw` strategy.
    public mutating func number(_ value: Float) throws(EncodingError) {
        guard value.isFinite else { throw nonFinite(value) }
        appendNumber(value.description)
    }

    /// Writes `value` as `JSONEncoder` does, as the `Float` overload describes.
    public mutating func number(_ value: Double) throws(EncodingError) {
        guard value.isFinite else { throw nonFinite(value) }
        appendNumber(value.description)
    }

    private mutating func appendNumber(_ description: String) {
        separate()
        var description = description
        description.withUTF8 { text in
            // Read as bytes: `hasSuffix` on a String compares by Unicode rules, and a page of
            // annotations writes seven numbers for each.
            let integral =
                text.count > 2 && text[text.count - 2] == UInt8(ascii: ".")
                && text[text.count - 1] == UInt8(ascii: "0")
            bytes.append(contentsOf: integral ? UnsafeBufferPointer(rebasing: text.dropLast(2)) : text)
        }
        endValue()
    }

    // MARK: - Dates, identities, data

    /// Writes `value` as a string in ``Timestamp/format(_:)``'s form.
    public mutating func date(_ value: Date) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        Timestamp.appendFormatted(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        endValue()
    }

    /// Writes a plain `UUID` in upper case, as Foundation's `uuidString` (and so `JSONEncoder`)
    /// writes it.
    public mutating func uuid(_ value: UUID) {
        appendUUID(value, uppercase: true)
    }

    /// Writes an ``Identifier`` as its lowercase UUID string.
    public mutating func identifier<Entity>(_ value: Identifier<Entity>) {
        appendUUID(value.rawValue, uppercase: false)
    }

    /// Writes `data` as a base64 string, as `JSONEncoder`'s `.base64` strategy does.
    public mutating func base64(_ data: Data) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: data.base64EncodedData())
        bytes.append(UInt8(ascii: "\""))
        endValue()
    }

    /// Writes `url` as its absolute string, as `JSONEncoder` does.
    public mutating func url(_ url: URL) {
        string(url.absoluteString)
    }

    /// Writes `"xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"` straight from the UUID's bytes.
    private mutating func appendUUID(_ value: UUID, uppercase: Bool) {
        separate()
        // The 38 bytes are made on the stack and appended at once: appending them one by one
        // checks the array's capacity and uniqueness for each, and a page writes five UUIDs per
        // annotation.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { text in
            var count = 0
            text[count] = UInt8(ascii: "\"")
            count += 1
            withUnsafeBytes(of: value.uuid) { uuid in
                for (position, byte) in uuid.enumerated() {
                    if position == 4 || position == 6 || position == 8 || position == 10 {
                        text[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    text[count] = Self.hex(byte >> 4, uppercase: uppercase)
                    text[count + 1] = Self.hex(byte & 0x0F, uppercase: uppercase)
                    count += 2
                }
            }
            text[count] = UInt8(ascii: "\"")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[...count]))
        }
        endValue()
    }

    private static func hex(_ nibble: UInt8, uppercase: Bool) -> UInt8 {
        uppercase && nibble >= 10 ? UInt8(ascii: "A") + nibble - 10 : lowercaseHex(nibble)
    }
}
