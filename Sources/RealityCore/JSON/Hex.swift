/// Bytes as lowercase hex: how the platform writes SHA-256s (asset IDs, token digests) and
/// signatures. Written straight into the string's storage, since it runs on every request's token.
public enum Hex {
    /// `bytes` in lowercase hex, two digits a byte.
    @inlinable
    public static func lowercase(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            for (index, byte) in bytes.enumerated() {
                buffer[2 * index] = digit(byte >> 4)
                buffer[2 * index + 1] = digit(byte & 0x0f)
            }
            return bytes.count * 2
        }
    }

    /// The lowercase hex digit of `nibble` (0–15).
    @inlinable
    static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
