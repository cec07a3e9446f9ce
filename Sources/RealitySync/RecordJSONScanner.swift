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
            var scanner = Scanner(bytes: bytes)
            return scanner.page()
        }
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        mutating func page() -> Findings? {
            var findings = Findings()
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
        private mutating func recordsOfChanges() -> [Data?]? {
            guard next() == UInt8(ascii: "[") else { return nil }
            var records: [Data?] = []
            if peek() == UInt8(ascii: "]") {
                index += 1
                return records
            }
            while true {
                var record: Data?
                var seen = false
                let complete = object { key, scanner in
                    guard key == "record" else { return scanner.skipValue() }
                    guard !seen else { return false }
                    seen = true
                    scanner.skipWhitespace()
                    let start = scanner.index
                    guard scanner.skipValue() else { return false }
                    record = Data(scanner.bytes[start..<scanner.index])
                    return true
                }
                guard complete else { return nil }
                records.append(record)
                switch next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return records
                default: return nil
                }
            }
        }

        /// Walks an object, handing each key (nil when it holds escapes) to `member`, which must
        /// consume the value; false when the object is malformed or `member` gave up.
        private mutating func object(_ member: (String?, inout Scanner) -> Bool) -> Bool {
            guard next() == UInt8(ascii: "{") else { return false }
            if peek() == UInt8(ascii: "}") {
                index += 1
                return true
            }
            while true {
                guard peek() == UInt8(ascii: "\""), let (start, end, escaped) = skipString(),
                    next() == UInt8(ascii: ":")
                else { return false }
                let key = escaped ? nil : text(start + 1, end - 1)
                guard member(key, &self) else { return false }
                switch next() {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return true
                default: return false
                }
            }
        }

        /// The bytes from `start` to `end` as text.
        private func text(_ start: Int, _ end: Int) -> String {
            String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// Skips one value of any kind.
        private mutating func skipValue() -> Bool {
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
        private mutating func skipString() -> (start: Int, end: Int, escaped: Bool)? {
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

        /// The next byte that is not whitespace, consumed.
        private mutating func next() -> UInt8? {
            skipWhitespace()
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        /// The next byte that is not whitespace, left in place.
        private mutating func peek() -> UInt8? {
            skipWhitespace()
            return index < bytes.count ? bytes[index] : nil
        }

        mutating func skipWhitespace() {
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        private static func isDelimiter(_ byte: UInt8) -> Bool {
            isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
        }
    }
}
