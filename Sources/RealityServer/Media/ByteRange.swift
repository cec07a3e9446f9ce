import Foundation

/// What a download's `Range` header asks for (RFC 9110 §14), against a file of `size` bytes.
enum ByteRange: Equatable {
    /// The whole file: no `Range`, one the server ignores (not bytes, malformed, several ranges,
    /// or an `If-Range` that no longer matches).
    case whole
    /// The bytes `range` (inclusive offsets), answered with 206.
    case part(ClosedRange<Int64>)
    /// A range that starts past the end, answered with 416.
    case unsatisfiable

    /// Reads `header` (a `Range` field value) for a file of `size` bytes (more than zero).
    init(header: String?, size: Int64) {
        let text = header?.trimmingCharacters(in: .whitespaces) ?? ""
        guard text.lowercased().hasPrefix("bytes=") else {
            self = .whole
            return
        }
        let spec = text.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .whole
            return
        }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // A suffix: the last N bytes.
            guard let count = Int64(last), count >= 0 else {
                self = .whole
                return
            }
            self = count == 0 ? .unsatisfiable : .part(max(0, size - count)...(size - 1))
            return
        }
        guard let start = Int64(first), start >= 0 else {
            self = .whole
            return
        }
        var end = size - 1
        if !last.isEmpty {
            guard let value = Int64(last), value >= start else {
                self = .whole
                return
            }
            end = min(value, size - 1)
        }
        self = start >= size ? .unsatisfiable : .part(start...end)
    }
}
