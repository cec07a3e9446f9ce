import Foundation
import GRDB
import RealityCore

/// Turns an ``AnnotationQuery`` into one SQL statement: access, filters, text (FTS5), distance
/// (R*Tree), order and paging together.
struct AnnotationQuerySQL: Sendable {
    private(set) var sql = ""
    private(set) var arguments: [String: DatabaseValue] = [:]
    private var conditions: [String] = []
    private var parameterCount = 0

    /// How the statement finds its rows.
    enum Plan: Hashable, Sendable {
        /// Through the R*Tree and the FTS5 index: what the store always uses.
        case indexed
        /// Through the FTS5 index, joining only its `candidates` best-ranked matches: for text
        /// searches ordered by relevance, where a common word matches tens of thousands of rows
        /// and joining them all to sort them is the whole cost. Rows the filters reject can leave
        /// fewer results than asked for; ``SQLiteStore`` then runs the `.indexed` plan.
        case topRanked(candidates: Int)
        /// By scanning the table, with the seed's lowercase-contains text match: the baseline the
        /// benchmarks compare the indexes against.
        case scan
    }

    /// Whether `query` can use ``Plan/topRanked(candidates:)``.
    static func canRankFirst(_ query: AnnotationQuery) -> Bool {
        query.text != nil && query.near == nil && query.order == .relevance && query.after == nil
    }

    /// The statement for `query`, or nil when it can match nothing (a text of no words).
    init?(_ query: AnnotationQuery, plan: Plan = .indexed) {
        arguments["viewer"] = query.viewer.uuidString.databaseValue
        arguments["now"] = query.at.storeValue.databaseValue
        // CROSS JOIN fixes the join order: the R*Tree or the FTS index drives the query, and
        // SQLite's planner cannot prefer walking an index of the whole annotations table instead.
        var from: String
        switch (plan, query.near != nil, query.text != nil) {
        case (.scan, _, _), (_, false, false): from = "annotations a"
        case (_, true, true):
            from =
                "annotation_rtree r CROSS JOIN annotations a ON a.rowid = r.id JOIN annotation_fts f ON f.rowid = a.rowid"
        case (_, true, false): from = "annotation_rtree r CROSS JOIN annotations a ON a.rowid = r.id"
        case (_, false, true): from = "annotation_fts f CROSS JOIN annotations a ON a.rowid = f.rowid"
        }
        var distance = "NULL"
        if let text = query.text {
            guard let match = Self.matchExpression(text) else { return nil }
            switch plan {
            case .indexed: conditions.append("f.annotation_fts MATCH \(bind(match))")
            case .topRanked(let candidates):
                from = """
                    (SELECT rowid, rank FROM annotation_fts WHERE annotation_fts MATCH \(bind(match))
                     ORDER BY rank LIMIT \(bind(Int64(candidates)))) f CROSS JOIN annotations a ON a.rowid = f.rowid
                    """
            case .scan:
                let pattern = "%" + text.lowercased() + "%"
                conditions.append("lower(coalesce(a.title, '') || ' ' || coalesce(a.text, '')) LIKE \(bind(pattern))")
            }
        }
        if let near = query.near {
            let (cx, cy, cz) = (Double(near.center.x), Double(near.center.y), Double(near.center.z))
            let r = Double(near.radius)
            if case .scan = plan {
            } else {
                conditions.append("r.minX >= \(bind(cx - r)) AND r.maxX <= \(bind(cx + r))")
                conditions.append("r.minY >= \(bind(cy - r)) AND r.maxY <= \(bind(cy + r))")
                conditions.append("r.minZ >= \(bind(cz - r)) AND r.maxZ <= \(bind(cz + r))")
            }
            let (px, py, pz) = (bind(cx), bind(cy), bind(cz))
            distance = "((a.x - \(px)) * (a.x - \(px)) + (a.y - \(py)) * (a.y - \(py)) + (a.z - \(pz)) * (a.z - \(pz)))"
            conditions.append("\(distance) <= \(bind(r * r))")
        }
        if !query.includeDeleted { conditions.append("a.isDeleted = 0") }
        if let layers = query.layerIDs { conditions.append("a.layerID IN (\(bindList(layers.map(\.uuidString))))") }
        if let types = query.types { conditions.append("a.type IN (\(bindList(types.map(\.rawValue))))") }
        if let statuses = query.statuses {
            conditions.append("a.status IN (\(bindList(statuses.map(\.rawValue))))")
        }
        if let creator = query.creatorID { conditions.append("a.ownerID = \(bind(creator.uuidString))") }
        if let from = query.createdFrom { conditions.append("a.createdAt >= \(bind(from.storeValue))") }
        if let before = query.createdBefore { conditions.append("a.createdAt < \(bind(before.storeValue))") }
        if let visibleAt = query.visibleAt {
            conditions.append("(a.visibleUntil IS NULL OR a.visibleUntil > \(bind(visibleAt.storeValue)))")
        }
        if query.starredOnly {
            conditions.append("a.id IN (SELECT annotationID FROM stars WHERE userID = :viewer)")
        }
        if query.unreadOnly {
            conditions.append(
                "a.ownerID != :viewer AND NOT EXISTS (SELECT 1 FROM views v WHERE v.annotationID = a.id AND v.userID = :viewer)"
            )
        }
        if let cursor = query.after {
            let created = bind(cursor.createdAt.storeValue)
            conditions.append(
                "(a.createdAt < \(created) OR (a.createdAt = \(created) AND a.id < \(bind(cursor.id.uuidString))))")
        }
        conditions.append(AccessSQL.annotationPredicate)
        let order: String
        switch query.order {
        case .newestFirst: order = "a.createdAt DESC, a.id DESC"
        case .recentlyUpdated: order = "a.updatedAt DESC, a.id DESC"
        case .relevance:
            if query.text == nil || plan == .scan {
                order = "a.createdAt DESC, a.id DESC"
            } else {
                order = "f.rank, a.createdAt DESC"
            }
        case .nearestFirst: order = query.near == nil ? "a.createdAt DESC, a.id DESC" : "\(distance), a.id"
        }
        let limit = min(max(query.limit, 0), AnnotationQuery.maxLimit)
        sql = """
            WITH RECURSIVE \(AccessSQL.visibleLayersCTE)
            SELECT \(AnnotationRecord.selection) FROM \(from)
            WHERE \(conditions.joined(separator: "\n  AND "))
            ORDER BY \(order)
            LIMIT \(limit)
            """
    }

    private mutating func bind(_ value: (any DatabaseValueConvertible)?) -> String {
        parameterCount += 1
        let name = "p\(parameterCount)"
        arguments[name] = value?.databaseValue ?? .null
        return ":" + name
    }

    private mutating func bindList(_ values: [String]) -> String {
        values.isEmpty ? "NULL" : values.map { bind($0) }.joined(separator: ", ")
    }

    /// An FTS5 query in which every word of `text` must occur as a word prefix, each word quoted
    /// so that FTS5 operators in user input are plain text. Nil when `text` has no words.
    static func matchExpression(_ text: String) -> String? {
        let words = text.split { !($0.isLetter || $0.isNumber) }.prefix(16)
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0.lowercased())\"*" }.joined(separator: " ")
    }
}
