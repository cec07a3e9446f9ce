import Foundation

/// Reads, in the body of a `GET /api/v1/sync/changes` answer, the JSON text of each change's
/// record as the server wrote it, and the page's token and `moreComing`, without decoding it.
///
/// The device keeps a record's text as its base version (encoding the decoded record again would
/// cost as much as decoding it), and asks for the next page as soon as it knows the token, so
/// that the server prepares it while this one is decoded and applied.
///
/// Only the structure is scanned (strings, nesting), not checked: the caller decodes the body in
/// full all the same and trusts what was found here only when it agrees with what it decoded.
enum RecordJSONScanner {
    /// What the scan found; nil parts were not found, or not in a form the scan reads.
    struct Findings: Equatable {
        /// The text of the `record` of each element of `changes`, nil for one without.
        var records: [Data?]?
        /// The page's token, when it holds no escapes.
        var token: String?
        /// The page's `moreComing`.
        var moreComing: Bool?
    }

    /// Scans `body`; nil when it is not a JSON object shaped as expected.
    static func scan(_ body: Data) -> Findings? {
        body.withUnsafeBytes { bytes in
            var scanner = JSONCursor(bytes: bytes)
            return scanner.page()
        }
    }
}

extension JSONCursor {
    /// The findings of a whole page body.
    fileprivate mutating func page() -> RecordJSONScanner.Findings? {
        var findings = RecordJSONScanner.Findings()
        var seen: Set<String> = []
        let complete = object { key, scanner in
            guard let key, ["changes", "token", "moreComing"].contains(key) else { return scanner.skipValue() }
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "changes":
                findings.records = scanner.recordsOfChanges()
                return findings.records != nil
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

    /// The elements of the `changes` array, each an object with at most one `record`.
    fileprivate mutating func recordsOfChanges() -> [Data?]? {
        var records: [Data?] = []
        let complete = array { scanner in
            var record: Data?
            var seen = false
            let complete = scanner.object { key, scanner in
                guard key == "record" else { return scanner.skipValue() }
                guard !seen else { return false }
                seen = true
                scanner.skipWhitespace()
                let start = scanner.index
                guard scanner.skipValue() else { return false }
                record = Data(scanner.bytes[start..<scanner.index])
                return true
            }
            records.append(record)
            return complete
        }
        return complete ? records : nil
    }
}
