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
            line = "error: " + error.message
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return ExitCode(error.exitCode)
    }
}

/// A plain-text table with aligned columns.
struct Table {
    let headers: [String]
    let rows: [[String]]

    var rendered: String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { column < $0.count ? $0[column] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}

/// Short forms of values for tables.
enum Show {
    static func id<Entity>(_ id: Identifier<Entity>) -> String { id.uuidString }

    static func date(_ date: Date) -> String { Timestamp.format(date) }

    static func position(_ p: SIMD3<Float>) -> String { "\(p.x),\(p.y),\(p.z)" }

    static func clip(_ text: String?, _ length: Int = 40) -> String {
        guard let text else { return "" }
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count <= length ? flat : String(flat.prefix(length - 1)) + "…"
    }
}
