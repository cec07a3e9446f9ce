import Crypto
import Foundation
import RealityCore

/// AWS Signature Version 4 for S3-compatible object stores (the `Authorization` header of a
/// request; payloads are sent as `UNSIGNED-PAYLOAD`, which S3 and its compatible servers accept,
/// so that a large body is streamed, not read twice).
struct S3Signer: Sendable {
    /// The access key ID.
    let accessKey: String
    /// The secret access key.
    let secretKey: String
    /// The region the store signs for (`us-east-1` when it has none).
    let region: String

    /// The payload hash every request declares.
    static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// The headers to add to a request of `method` for `url` (path-style: `/bucket/key`) with the
    /// other signed `headers` (lowercase names), at `date`: `x-amz-date`, `x-amz-content-sha256`
    /// and `authorization`.
    func headers(method: String, url: URL, headers: [String: String] = [:], date: Date = Date()) -> [String: String] {
        let amzDate = Self.format(date, "yyyyMMdd'T'HHmmss'Z'")
        let day = String(amzDate.prefix(8))
        var signed = headers
        signed["host"] = url.port.map { "\(url.host ?? ""):\($0)" } ?? (url.host ?? "")
        signed["x-amz-date"] = amzDate
        signed["x-amz-content-sha256"] = Self.unsignedPayload
        let names = signed.keys.sorted()
        let canonicalHeaders = names.map { "\($0):\(signed[$0]!.trimmingCharacters(in: .whitespaces))\n" }.joined()
        let signedHeaders = names.joined(separator: ";")
        let canonicalRequest = [
            method, Self.encodePath(url.path.isEmpty ? "/" : url.path), Self.canonicalQuery(url), canonicalHeaders,
            signedHeaders, Self.unsignedPayload,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/s3/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", amzDate, scope, SHA256.hash(data: Data(canonicalRequest.utf8)).lowercaseHex,
        ]
        .joined(separator: "\n")
        var key = SymmetricKey(data: Data("AWS4\(secretKey)".utf8))
        for part in [day, region, "s3", "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        let signature = HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: key)
            .withUnsafeBytes(Hex.lowercase)
        var result = signed
        result["authorization"] =
            "AWS4-HMAC-SHA256 Credential=\(accessKey)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        result.removeValue(forKey: "host")
        return result
    }

    /// The query string, its pairs sorted and each part encoded as SigV4 wants.
    private static func canonicalQuery(_ url: URL) -> String {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else { return "" }
        return items.map { (encode($0.name), encode($0.value ?? "")) }.sorted { $0 < $1 }.map { "\($0)=\($1)" }
            .joined(separator: "&")
    }

    /// Each path segment encoded as SigV4 wants (the slashes kept).
    private static func encodePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { encode(String($0)) }.joined(separator: "/")
    }

    /// RFC 3986 encoding: everything but unreserved characters.
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// RFC 3986's unreserved characters (ASCII letters and digits, `-._~`).
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
