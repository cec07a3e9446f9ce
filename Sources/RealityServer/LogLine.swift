import Foundation
import Logging

/// The text of one ``LineLogHandler`` line, built as UTF-8 bytes: every request writes one, so
/// the line is appended byte by byte into one buffer, with no intermediate strings.
struct LogLine {
    /// The line so far.
    private(set) var bytes: [UInt8] = []

    /// `2026-11-22T01:37:27.123Z info label: a=1 b="two words" [Source] message\n`. `fields` are
    /// written in the order given (``LogFields`` sorts them).
    static func format(
        date: Date, level: Logger.Level, label: String, fields: LogFields, source: String, message: String
    ) -> LogLine {
        var line = LogLine()
        line.bytes.reserveCapacity(96 + 40 * fields.count + message.utf8.count)
        line.appendTimestamp(date)
        line.append(" ")
        line.append(level.rawValue)
        if !label.isEmpty {
            line.append(" ")
            line.append(label)
        }
        line.append(":")
        fields.forEachSorted { field in
            line.bytes.append(UInt8(ascii: " "))
            line.appendValue(field.pointee.key)
            line.bytes.append(UInt8(ascii: "="))
            line.appendValue(field.pointee.value)
        }
        line.append(" [")
        line.append(source)
        line.append("] ")
        line.appendMessage(message)
        line.append("\n")
        return line
    }

    /// ``format(date:level:label:fields:source:message:)`` for metadata in a dictionary.
    static func format(
        date: Date, level: Logger.Level, label: String, metadata: Logger.Metadata, source: String, message: String
    ) -> String {
        var fields = LogFields()
        fields.add(metadata)
        let line = format(date: date, level: level, label: label, fields: fields, source: source, message: message)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// `duration` in milliseconds with three decimals, `0.590`: exact, and cheaper to write than
    /// a `Double`'s shortest form.
    static func milliseconds(_ duration: Duration) -> String {
        var line = LogLine()
        line.appendMilliseconds(duration)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    /// Appends `text` as it is.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `value`: a number needs no quotes.
    mutating func appendValue(_ value: LogValue) {
        switch value {
        case .metadata(let metadata): appendValue(metadata)
        case .integer(let integer): appendInteger(integer)
        case .milliseconds(let duration): appendMilliseconds(duration)
        }
    }

    /// Appends `integer` in decimal.
    mutating func appendInteger(_ integer: Int) {
        if integer < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits = 1
        var power: UInt = 10
        while digits < 19, power <= integer.magnitude {
            digits += 1
            power *= 10
        }
        appendDigits(integer.magnitude, count: digits)
    }

    /// Appends `duration` as ``milliseconds(_:)`` describes.
    mutating func appendMilliseconds(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        appendInteger(Int(microseconds / 1000))
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt(microseconds % 1000), count: 3)
    }

    /// Appends `value`'s text (``text(of:)``), in quotes with escapes when it holds a space, `=`,
    /// a quote, a backslash or a control character (or is empty), as it is otherwise.
    mutating func appendValue(_ value: Logger.MetadataValue) {
        switch value {
        case .string(let string): appendValue(string)
        default: appendValue(Self.text(of: value))
        }
    }

    /// Appends `text`, quoted and escaped when it would not parse back as it is.
    mutating func appendValue(_ text: String) {
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard !utf8.isEmpty, !utf8.contains(where: Self.needsQuoting) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        guard !plain else { return }
        append("\"")
        appendEscaped(text, quotes: true)
        append("\"")
    }

    /// `value` as it appears in a line, before quoting: strings as they are, arrays and
    /// dictionaries in brackets.
    static func text(of value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[" + values.map(text(of:)).joined(separator: ", ") + "]"
        case .dictionary(let values):
            "["
                + values.sorted(by: { $0.key < $1.key }).map { "\($0.key): \(text(of: $0.value))" }
                .joined(separator: ", ") + "]"
        }
    }

    /// Appends a message; only its control characters are escaped, so that it stays on one line.
    private mutating func appendMessage(_ message: String) {
        guard message.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            append(message)
            return
        }
        appendEscaped(message, quotes: false)
    }

    private mutating func appendEscaped(_ text: String, quotes: Bool) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: append("\\\"")
            case "\\" where quotes: append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                append("\\u{" + String(scalar.value, radix: 16) + "}")
            default: bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
    }

    private static func needsQuoting(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "\\")
    }

    /// Appends `date` in UTC as `YYYY-MM-DDTHH:MM:SS.mmmZ`, computed with `gmtime_r`: no time
    /// zone file is read, unlike `localtime`.
    private mutating func appendTimestamp(_ date: Date) {
        let interval = date.timeIntervalSince1970
        var seconds = time_t(interval.rounded(.down))
        let milliseconds = min(999, Int((interval - Double(seconds)) * 1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDigits(UInt(parts.tm_year + 1900), count: 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(parts.tm_mon + 1), count: 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(UInt(parts.tm_mday), count: 2)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(UInt(parts.tm_hour), count: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(UInt(parts.tm_min), count: 2)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(UInt(parts.tm_sec), count: 2)
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt(milliseconds), count: 3)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends the last `count` decimal digits of `value`, with leading zeros.
    private mutating func appendDigits(_ value: UInt, count: Int) {
        var divisor: UInt = 1
        for _ in 1..<count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}

/// The value of one field of a line: swift-log's metadata, or a number the server logs on every
/// request, written as digits without making a string first.
enum LogValue {
    case metadata(Logger.MetadataValue)
    case integer(Int)
    /// Written as ``LogLine/milliseconds(_:)`` writes it.
    case milliseconds(Duration)
}

/// The fields of one line: the handler's metadata, the provider's, the event's own and its error,
/// later ones replacing earlier ones with the same key, written in key order.
struct LogFields {
    private var fields: [(key: String, value: LogValue)] = []
    /// Whether the fields added so far may hold a key twice, or be out of order.
    private var needsSorting = false

    /// How many fields were added (before keys repeated in later ones are dropped).
    var count: Int { fields.count }

    /// Adds `metadata`, replacing fields added before with the same keys.
    mutating func add(_ metadata: Logger.Metadata) {
        guard !metadata.isEmpty else { return }
        needsSorting = needsSorting || !fields.isEmpty || metadata.count > 1
        fields.reserveCapacity(fields.count + metadata.count)
        for (key, value) in metadata { fields.append((key, .metadata(value))) }
    }

    /// Adds one field, replacing one added before with the same key.
    mutating func add(_ key: String, _ value: Logger.MetadataValue) {
        add(key, value: .metadata(value))
    }

    /// Adds one field, replacing one added before with the same key.
    mutating func add(_ key: String, value: LogValue) {
        needsSorting = needsSorting || !fields.isEmpty
        fields.append((key, value))
    }

    /// Calls `body` with each field in key order, each key once with its last value.
    ///
    /// The fields stay where they are: their positions are sorted, in a buffer on the stack (an
    /// insertion sort, stable, as a line has a few fields), and `body` reads each field where it
    /// lies, so that no key or value is copied.
    func forEachSorted(_ body: (UnsafePointer<(key: String, value: LogValue)>) -> Void) {
        fields.withUnsafeBufferPointer { fields in
            guard let base = fields.baseAddress else { return }
            guard needsSorting else {
                for index in fields.indices { body(base + index) }
                return
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: fields.count) { order in
                for index in fields.indices {
                    var slot = index
                    while slot > 0, fields[index].key < fields[order[slot - 1]].key {
                        order[slot] = order[slot - 1]
                        slot -= 1
                    }
                    order[slot] = index
                }
                // Of equal keys, now side by side in the order added, the last wins.
                for slot in order.indices {
                    let field = base + order[slot]
                    if slot + 1 < order.count, fields[order[slot + 1]].key == field.pointee.key { continue }
                    body(field)
                }
            }
        }
    }
}
