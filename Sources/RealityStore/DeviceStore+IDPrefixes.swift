import Foundation
import GRDB
import RealityCore

/// A kind of record the command line names by a prefix of its ID, as git names commits
/// (issue 16): where the store keeps that kind's IDs. Every source is read through an index on
/// its ID column, with a range (`id >= prefix AND id < upper bound`), never a scan.
public enum IDPrefixKind: String, Sendable, CaseIterable {
    case annotation, layer, comment, user, notification, conflict, rejection

    /// One column that holds IDs of the kind, indexed on that column (alone or first).
    struct Source {
        var table: String
        var column: String
        /// A column that tells a record apart when a prefix is ambiguous (a note's title).
        var label: String?
        /// A condition the rows must meet besides the range.
        var filter: String?

        private var condition: String { filter.map { " AND \($0)" } ?? "" }

        /// The IDs in a range (arguments: low, high, limit), with their labels.
        var rangeSQL: String {
            """
            SELECT \(column) AS id, \(label.map { "max(\($0))" } ?? "NULL") AS label FROM \(table)
            WHERE \(column) >= ? AND \(column) < ?\(condition)
            GROUP BY \(column) ORDER BY \(column) LIMIT ?
            """
        }

        /// The ID next before (`before`) or after an ID (argument: the ID).
        func neighbourSQL(before: Bool) -> String {
            """
            SELECT \(column) FROM \(table) WHERE \(column) \(before ? "<" : ">") ?\(condition)
            ORDER BY \(column) \(before ? "DESC" : "ASC") LIMIT 1
            """
        }
    }

    /// Where the kind's IDs live; a user is known by their profile, or by what they wrote.
    var sources: [Source] {
        switch self {
        case .annotation: [Source(table: "annotations", column: "id", label: "title")]
        case .layer: [Source(table: "layers", column: "id", label: "name")]
        case .comment: [Source(table: "comments", column: "id", label: "text")]
        case .notification: [Source(table: "notifications", column: "id", label: "title")]
        case .user:
            [
                Source(table: "users", column: "id", label: "displayName"),
                Source(table: "annotations", column: "ownerID"),
                Source(table: "layers", column: "ownerID"),
                Source(table: "comments", column: "authorID", label: "authorName"),
                Source(table: "grants", column: "userID"),
                Source(table: "activities", column: "actorID"),
            ]
        case .conflict:
            [
                Source(
                    table: "sync_metadata", column: "recordID", label: "recordType",
                    filter: "syncStatus != 'synced' AND syncStatus = 'conflict'")
            ]
        case .rejection: [Source(table: "sync_rejections", column: "recordID", label: "recordType")]
        }
    }
}

/// A record whose ID starts with a prefix: its ID and, when it has one, a label for people.
public struct IDPrefixMatch: Hashable, Sendable {
    /// The full ID, as the store keeps it (lowercase).
    public var id: String
    /// A title, name or text that tells it apart.
    public var label: String?
}

extension DeviceStore {
    /// The IDs of `kind` that start with `prefix` (any letter case), in ID order, at most `limit`:
    /// one indexed range per source.
    public func ids(of kind: IDPrefixKind, startingWith prefix: String, limit: Int) async throws -> [IDPrefixMatch] {
        let low = prefix.lowercased()
        let high = Self.upperBound(of: low)
        return try await read { db in
            var matches: [String: String?] = [:]
            for source in kind.sources {
                let rows = try db.rows(sql: source.rangeSQL, arguments: [low, high, limit])
                for row in rows {
                    let id: String = row["id"]
                    let label: String? = row["label"]
                    if let known = matches[id], known != nil { continue }
                    matches[id] = label
                }
            }
            return matches.keys.sorted().prefix(limit).map { IDPrefixMatch(id: $0, label: matches[$0] ?? nil) }
        }
    }

    /// For each of `ids`, the shortest prefix of at least `minimumLength` characters that no other
    /// ID of `kind` in the store shares, as git abbreviates commits: the prefix one character
    /// longer than what the ID has in common with its neighbours in ID order (two indexed reads
    /// per source). A prefix never ends with a dash; an ID the store does not hold is measured
    /// against its would-be neighbours all the same.
    public func shortestUniquePrefixes(
        of ids: some Sequence<String>, kind: IDPrefixKind, minimumLength: Int
    ) async throws -> [String: String] {
        let wanted = Set(ids.map { $0.lowercased() })
        guard !wanted.isEmpty else { return [:] }
        return try await read { db in
            var prefixes: [String: String] = [:]
            for id in wanted {
                var shared = 0
                for source in kind.sources {
                    for before in [true, false] {
                        let neighbour = try String.fetchOne(
                            db, sql: source.neighbourSQL(before: before), arguments: [id])
                        if let neighbour { shared = max(shared, Self.commonPrefixLength(id, neighbour)) }
                    }
                }
                var length = min(id.count, max(minimumLength, shared + 1))
                while length < id.count, id[id.index(id.startIndex, offsetBy: length - 1)] == "-" { length += 1 }
                prefixes[id] = String(id.prefix(length))
            }
            return prefixes
        }
    }

    /// The least string greater than every string that starts with `prefix`, for a range read:
    /// `prefix` with its last character raised by one (IDs are ASCII).
    static func upperBound(of prefix: String) -> String {
        guard let last = prefix.unicodeScalars.last, let next = Unicode.Scalar(last.value + 1) else {
            return prefix + "\u{10FFFF}"
        }
        return String(prefix.unicodeScalars.dropLast()) + String(next)
    }

    private static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}
