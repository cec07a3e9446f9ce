import Foundation

/// Instants with millisecond precision, and their ISO 8601 text form.
///
/// Every date the platform stores or sends is a whole number of milliseconds since 1970, so a date
/// survives JSON, SQLite and PostgreSQL unchanged and compares equal after a round trip. Parsing
/// and formatting are written out by hand because they run once per date on every synced record,
/// and because the result must not depend on the machine's locale or time zone.
public enum Timestamp {
    /// Now, truncated to the millisecond.
    public static func now() -> Date {
        date(milliseconds: milliseconds(Date()))
    }

    /// Milliseconds since 1970 of `date`, rounded to the nearest millisecond. A date that is
    /// not finite or lies beyond ±300,000 years is clamped (NaN to 0) rather than trapping;
    /// validation refuses such dates before anything stores them.
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard !value.isNaN else { return 0 }
        return Int64(min(max(value, -Self.limit), Self.limit))
    }

    private static let limit = 1e16

    /// The instant `milliseconds` after 1970-01-01T00:00:00Z.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SS.mmmZ` in UTC.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendFormatted(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 text of `format(date)` to `bytes`.
    ///
    /// `format` is built on this, so the two cannot disagree; `JSONWriter` calls it directly so
    /// that the dates of every written record cost no intermediate strings.
    static func appendFormatted(_ date: Date, to bytes: inout [UInt8]) {
        let total = milliseconds(date)
        let millis = Int(total.modulo(1000))
        let seconds = (total - Int64(millis)) / 1000
        let secondOfDay = Int(seconds.modulo(86_400))
        let day = (seconds - Int64(secondOfDay)) / 86_400
        let (year, month, dayOfMonth) = CivilDate.civil(fromDays: day)
        if year >= 0 && year <= 9999 {
            appendDigits(Int(year), width: 4, to: &bytes)
        } else {
            bytes.append(contentsOf: String(year).utf8)
        }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(dayOfMonth, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(millis, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses ISO 8601 `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else,
    /// including impossible dates such as February 30th. Fractions beyond milliseconds are dropped.
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// ``parse(_:)`` of the text whose UTF-8 bytes are `bytes`, read from the bytes themselves.
    public static func parse(utf8 bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(4), reader.expect("-"),
            let month = reader.number(2), reader.expect("-"),
            let day = reader.number(2), reader.expect("T") || reader.expect("t"),
            let hour = reader.number(2), reader.expect(":"),
            let minute = reader.number(2), reader.expect(":"),
            let second = reader.number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: Int64(year)),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var millis = 0
        if reader.expect(".") {
            var digits = 0
            while let digit = reader.digit() {
                if digits < 3 { millis = millis * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        var offsetMinutes = 0
        if reader.expect("Z") || reader.expect("z") {
            offsetMinutes = 0
        } else if let sign = reader.sign() {
            guard let offsetHour = reader.number(2), reader.expect(":"), let offsetMinute = reader.number(2),
                offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        } else {
            return nil
        }
        guard reader.isAtEnd else { return nil }
        let days = CivilDate.days(year: Int64(year), month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetMinutes * 60)
        return date(milliseconds: seconds * 1000 + Int64(millis))
    }

    /// Appends `value` (from 0 to 10^width - 1) in exactly `width` digits, zero-padded.
    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 48 + rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}

/// Reads fixed-width ASCII digits and punctuation from bytes.
private struct DigitReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 48)
    }

    mutating func number(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func expect(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if expect("+") { return 1 }
        if expect("-") { return -1 }
        return nil
    }
}

extension Int64 {
    /// The remainder that is never negative.
    func modulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
