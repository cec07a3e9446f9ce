import Crypto
import Foundation

/// Session tokens: 32 random bytes, base64url, stored only as their SHA-256 (SPEC C1).
enum TokenDigest {
    /// A new random token.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64URLEncoded()
    }

    /// Lowercase hex SHA-256 of `text`'s UTF-8 bytes.
    static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }

    /// Lowercase hex SHA-256 of `data`.
    static func sha256(_ data: some DataProtocol) -> String {
        // Every authenticated request hashes its token: 64 characters written straight into the
        // string's storage, rather than 32 formatted strings joined.
        let digest = SHA256.hash(data: data)
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: SHA256.byteCount * 2) { buffer in
            var index = 0
            for byte in digest {
                buffer[index] = hex[Int(byte >> 4)]
                buffer[index + 1] = hex[Int(byte & 0x0f)]
                index += 2
            }
            return index
        }
    }

    /// Compares two strings in time that does not depend on where they differ.
    static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8)
        let right = Array(b.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

extension Data {
    /// Base64url without padding (RFC 4648 §5).
    func base64URLEncoded() -> String {
        base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url with or without padding; nil when it is not.
    init?(base64URLEncoded text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        self.init(base64Encoded: base64)
    }
}
