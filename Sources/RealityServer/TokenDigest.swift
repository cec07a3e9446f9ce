import Crypto
import Foundation
import RealityCore

/// Session tokens: 32 random bytes, base64url, stored only as their SHA-256 (SPEC C1).
enum TokenDigest {
    /// A new random token.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64URLEncoded()
    }

    /// Lowercase hex SHA-256 of `text`'s UTF-8 bytes.
    ///
    /// Every authenticated request hashes its token, so the bytes are hashed where the string
    /// keeps them and the 64 hex digits are written straight into the new string's storage, with
    /// no copies, arrays or formatted pieces on the way.
    static func sha256(_ text: String) -> String {
        var hasher = SHA256()
        var text = text
        text.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        return hasher.finalize().lowercaseHex
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

extension SHA256.Digest {
    /// The digest in lowercase hex (``Hex``).
    var lowercaseHex: String { withUnsafeBytes(Hex.lowercase) }
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
