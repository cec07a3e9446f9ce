import Foundation

/// Reads the token and `moreComing` of a `GET /api/v1/sync/changes` answer without decoding it,
/// so that the device asks for the next page as soon as it has this one, and the server prepares
/// it while this one is decoded and applied.
///
/// Only the structure is scanned (strings, nesting), not checked: the caller decodes the body in
/// full all the same, and fetches again from the decoded token if the two disagree.
package enum PageTokenScanner {
    /// What the scan found; nil parts were not found, or not in a form the scan reads.
    package struct Findings: Equatable {
        /// The page's token, when it holds no escapes.
        package var token: String?
        /// The page's `moreComing`.
        package var moreComing: Bool?

        package init(token: String? = nil, moreComing: Bool? = nil) {
            self.token = token
            self.moreComing = moreComing
        }
    }

    /// Scans `body`; nil when it is not a JSON object shaped as expected.
    package static func scan(_ body: Data) -> Findings? {
        body.withUnsafeBytes { bytes in
            var scanner = JSONCursor(bytes: bytes)
            return scanner.pageToken()
        }
    }
}

extension JSONCursor {
    /// The findings of a whole page body.
    fileprivate mutating func pageToken() -> PageTokenScanner.Findings? {
        var findings = PageTokenScanner.Findings()
        var seen: Set<String> = []
        let complete = object { key, scanner in
            guard let key, ["changes", "token", "moreComing"].contains(key) else { return scanner.skipValue() }
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "changes":
                return scanner.peek() == UInt8(ascii: "[") && scanner.skipValue()
            case "token":
                guard scanner.peek() == UInt8(ascii: "\""), let (start, end, escaped) = scanner.skipString() else {
                    return scanner.skipValue()
                }
                if !escaped { findings.token = scanner.text(start + 1, end - 1) }
                return true
            default:
                scanner.skipWhitespace()
                let start = scanner.index
                guard scanner.skipValue() else { return false }
                switch scanner.text(start, scanner.index) {
                case "true": findings.moreComing = true
                case "false": findings.moreComing = false
                default: break
                }
                return true
            }
        }
        return complete ? findings : nil
    }
}
