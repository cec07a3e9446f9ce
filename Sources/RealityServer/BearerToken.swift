/// The `Bearer` scheme of the `Authorization` header.
enum BearerToken {
    /// The longest token accepted; longer ones are refused before any work is done on them.
    static let maximumLength = 512

    /// The token of a `Bearer` header (the scheme in any case, then spaces or tabs, then the
    /// token, spaces or tabs after it ignored); nil for any other scheme, an empty token, one
    /// with spaces inside, or one longer than ``maximumLength``. Read byte by byte: every
    /// authenticated request comes through here.
    static func parse(_ header: String) -> String? {
        var header = header
        return header.withUTF8 { bytes in
            let scheme = "bearer".utf8
            guard bytes.count > scheme.count,
                zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 }),
                isBlank(bytes[scheme.count])
            else { return nil }
            var start = scheme.count
            while start < bytes.count, isBlank(bytes[start]) { start += 1 }
            var end = bytes.count
            while end > start, isBlank(bytes[end - 1]) { end -= 1 }
            let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard !token.isEmpty, token.count <= maximumLength, !token.contains(where: isBlank) else { return nil }
            return String(decoding: token, as: UTF8.self)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
