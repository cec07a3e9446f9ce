import Foundation
import Logging

/// The text of one ``LineLogHandler`` line.
enum LogLine {
    /// `2026-11-22T01:37:27.123Z info label: a=1 b="two words" [Source] message\n`.
    static func format(
        date: Date, level: Logger.Level, label: String, metadata: Logger.Metadata, source: String, message: String
    ) -> String {
        var line = ""
        line.reserveCapacity(160 + 48 * metadata.count + message.utf8.count)
        appendTimestamp(date, to: &line)
        line += " "
        line += level.rawValue
        if !label.isEmpty {
            line += " "
            line += label
        }
        line += ":"
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            line += " "
            appendValue(key, to: &line)
            line += "="
            appendValue(text(of: value), to: &line)
        }
        line += " ["
        line += source
        line += "] "
        appendMessage(message, to: &line)
        line += "\n"
        return line
    }

    /// `value` as it appears in a line, before quoting: strings as they are, arrays and
    /// dictionaries in brackets.
    static func text(of value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[" + values.map(text(of:)).joined(separator: ", ") + "]"
        case .dictionary(let values):
            "[" + values.sorted(by: { $0.key < $1.key }).map { "\($0.key): \(text(of: $0.value))" }
                .joined(separator: ", ") + "]"
        }
    }

    /// Appends `text`, in quotes with escapes when it holds a space, `=`, a quote, a backslash or
    /// a control character (or is empty), as it is otherwise.
    static func appendValue(_ text: String, to line: inout String) {
        guard text.isEmpty || text.utf8.contains(where: needsQuoting) else {
            line += text
            return
        }
        line += "\""
        appendEscaped(text, to: &line)
        line += "\""
    }

    /// Appends a message; only its control characters are escaped, so that it stays on one line.
    private static func appendMessage(_ message: String, to line: inout String) {
        guard message.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            line += message
            return
        }
        appendEscaped(message, to: &line, quotes: false)
    }

    private static func appendEscaped(_ text: String, to line: inout String, quotes: Bool = true) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: line += "\\\""
            case "\\" where quotes: line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                line += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: line.unicodeScalars.append(scalar)
            }
        }
    }

    private static func needsQuoting(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "\\")
    }

    /// Appends `date` in UTC as `YYYY-MM-DDTHH:MM:SS.mmmZ`, computed with `gmtime_r`: no time
    /// zone file is read, unlike `localtime`.
    private static func appendTimestamp(_ date: Date, to line: inout String) {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = min(999, Int((interval - Double(seconds)) * 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDigits(Int(parts.tm_year) + 1900, count: 4, to: &line)
        line += "-"
        appendDigits(Int(parts.tm_mon) + 1, count: 2, to: &line)
        line += "-"
        appendDigits(Int(parts.tm_mday), count: 2, to: &line)
        line += "T"
        appendDigits(Int(parts.tm_hour), count: 2, to: &line)
        line += ":"
        appendDigits(Int(parts.tm_min), count: 2, to: &line)
        line += ":"
        appendDigits(Int(parts.tm_sec), count: 2, to: &line)
        line += "."
        appendDigits(milliseconds, count: 3, to: &line)
        line += "Z"
    }

    private static func appendDigits(_ value: Int, count: Int, to line: inout String) {
        let digits = String(value)
        if digits.count < count { line += String(repeating: "0", count: count - digits.count) }
        line += digits
    }
}
