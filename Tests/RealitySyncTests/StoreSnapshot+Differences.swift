import Foundation
import RealityCore

extension StoreSnapshot {
    /// One line per record that differs from `other`'s (missing on either side, or a top-level
    /// field whose JSON differs), so that a failed convergence says what diverged.
    func differences(from other: StoreSnapshot) -> [String] {
        Self.differences(annotations, other.annotations, id: \.id.description)
            + Self.differences(layers, other.layers, id: \.id.description)
            + Self.differences(comments, other.comments, id: \.id.description)
    }

    private static func differences<Record: Encodable>(
        _ mine: [Record], _ theirs: [Record], id: (Record) -> String
    ) -> [String] {
        let left = Dictionary(mine.map { (id($0), fields(of: $0)) }, uniquingKeysWith: { first, _ in first })
        let right = Dictionary(theirs.map { (id($0), fields(of: $0)) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        for key in Set(left.keys).union(right.keys).sorted() {
            guard let l = left[key], let r = right[key] else {
                lines.append("\(Record.self) \(key): only on \(left[key] == nil ? "the other" : "this") device")
                continue
            }
            for field in Set(l.keys).union(r.keys).sorted() where l[field] != r[field] {
                lines.append("\(Record.self) \(key).\(field): \(l[field] ?? "absent") ≠ \(r[field] ?? "absent")")
            }
        }
        return lines
    }

    private static func fields<Record: Encodable>(of record: Record) -> [String: String] {
        guard let data = try? RealityJSON.encode(record),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object.mapValues { value in
            (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
        }
    }
}
