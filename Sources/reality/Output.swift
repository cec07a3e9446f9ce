import ArgumentParser
import Foundation
import RealityCore

/// Prints results as readable tables, or as one JSON document with `--json`.
struct Output {
    let json: Bool

    /// Prints `value` as JSON, or `text()` for people.
    func print(_ value: some Encodable, text: () -> String) throws {
        if json {
            let data = try RealityJSON.encode(value, pretty: true)
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        } else {
            Swift.print(text())
        }
    }

    /// Prints a table of `rows` under `headers` (or the values as JSON).
    func table<Value: Encodable>(_ values: [Value], headers: [String], row: (Value) -> [String]) throws {
        try print(values) {
            guard !values.isEmpty else { return "(none)" }
            return Table(headers: headers, rows: values.map(row)).rendered
        }
    }

    /// Reports `error` on standard error (as JSON with `--json`) and returns the exit code to throw.
    func fail(_ error: CLIError) -> ExitCode {
        let line: String
        if json, let data = try? RealityJSON.encode(["error": ["code": error.code, "message": error.message]]) {
            line = String(decoding: data, as: UTF8.self)
        } else {
            line = "error: " + Self.withoutErrorPrefix(error.message)
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return error.status.exitCode
    }

    /// `message` without a leading `error:` of its own, so that a line never reads `error: error:`.
    static func withoutErrorPrefix(_ message: String) -> String {
        var text = Substring(message)
        while text.lowercased().hasPrefix("error:") {
            text = text.dropFirst("error:".count).drop { $0 == " " }
        }
        return String(text)
    }
}

/// A plain-text table with aligned columns, measured in terminal columns (``DisplayWidth``).
struct Table {
    let headers: [String]
    let rows: [[String]]

    var rendered: String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map { DisplayWidth.of($0) }.max()
                ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[index])
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}

/// Short forms of values for tables.
enum Show {
    static func date(_ date: Date) -> String { Timestamp.format(date) }

    /// `date` for a table: relative when within the last day (`just now`, `2 min ago`, `5 h ago`),
    /// else `YYYY-MM-DD HH:MM` in `zone` (the profile's time zone).
    static func when(_ date: Date, in zone: TimeZone, now: Date = Timestamp.now()) -> String {
        let age = now.timeIntervalSince(date)
        switch age {
        case 0..<60: return "just now"
        case 60..<3600: return "\(Int(age / 60)) min ago"
        case 3600..<86_400: return "\(Int(age / 3600)) h ago"
        default:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            return String(
                format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
                parts.minute ?? 0)
        }
    }

    static func position(_ p: SIMD3<Float>) -> String { "\(p.x),\(p.y),\(p.z)" }

    /// A distance: `5 m`, `2.5 km`.
    static func metres(_ metres: Double) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() ? String(Int64(value)) : String(format: "%.1f", value)
        }
        return metres >= 1_000 ? "\(number(metres / 1_000)) km" : "\(number(metres)) m"
    }

    /// `text` on one line in at most `columns` terminal columns, cut between characters with `…`.
    static func clip(_ text: String?, _ columns: Int = 40) -> String {
        guard let text else { return "" }
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return DisplayWidth.of(flat) <= columns ? flat : DisplayWidth.prefix(flat, fitting: columns - 1) + "…"
    }

    /// A byte count in binary units: `512 B`, `1.5 KiB`, `50 MiB`, `1 GiB`.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while abs(value) >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        if unit == 0 { return "\(count) B" }
        let text = value == value.rounded() ? String(Int64(value)) : String(format: "%.1f", value)
        return "\(text) \(units[unit])"
    }
}
