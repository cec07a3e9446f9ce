import Foundation
import PostgresNIO
import RealityCore

/// Turns an ``AnnotationQuery`` into one PostgreSQL statement — access, filters, text (GIN over
/// `search`), distance (SP-GiST over the horizontal `point(x, z)`), order and paging together —
/// with the semantics of the SQLite store's `AnnotationQuerySQL`. Every value is bound, never
/// spliced.
struct PostgresAnnotationQuery {
    /// The statement.
    private(set) var query = PostgresQuery(unsafeSQL: "")

    /// How the statement finds its rows near a point.
    enum SpatialPlan: Sendable {
        /// A horizontal bounding-box prefilter on the position index, then the exact distance in
        /// three dimensions: what the store uses.
        case index
        /// By scanning the table: the exact distance alone, and the seed's lowercase-contains text
        /// match (as the SQLite store's scan): the baseline measurements compare against.
        case scan
    }

    /// The statement's text: the same for every query of one shape (the filters it has), since
    /// every value is bound.
    private(set) var sql = ""
    /// The statement's values, in placeholder order.
    private(set) var binds = PostgresBindings()
    private var conditions: [String] = []

    /// The statement for `query`, or nil when it can match nothing.
    init?(_ query: AnnotationQuery, spatial: SpatialPlan = .index) {
        let viewer = bind(query.viewer.rawValue)
        let now = bind(query.at.storeValue)
        var distance = ""
        var rank = ""
        if let text = query.text, spatial == .scan {
            let pattern = "%" + text.lowercased() + "%"
            conditions.append("lower(coalesce(a.title, '') || ' ' || coalesce(a.text, '')) LIKE \(bind(pattern))")
        } else if let text = query.text {
            guard let literal = SearchText.queryLiteral(text) else { return nil }
            let tsquery = bind(literal) + "::tsquery"
            conditions.append("a.search @@ \(tsquery)")
            // Equal weights for the annotation's own words (A) and its comments' (D), as FTS5's
            // bm25 weighs its columns alike.
            rank = "ts_rank('{1,1,1,1}', a.search, \(tsquery))"
        }
        if let near = query.near {
            let center = [Double(near.center.x), Double(near.center.y), Double(near.center.z)]
            let r = Double(near.radius)
            if spatial == .index {
                let (lowX, lowZ) = (bind(center[0] - r), bind(center[2] - r))
                let (highX, highZ) = (bind(center[0] + r), bind(center[2] + r))
                conditions.append(
                    "point(a.x, a.z) <@ box(point(\(lowX), \(lowZ)), point(\(highX), \(highZ)))")
            }
            let (px, py, pz) = (bind(center[0]), bind(center[1]), bind(center[2]))
            distance = "((a.x - \(px)) * (a.x - \(px)) + (a.y - \(py)) * (a.y - \(py)) + (a.z - \(pz)) * (a.z - \(pz)))"
            conditions.append("\(distance) <= \(bind(r * r))")
        }
        // The SQLite store's spatial and text indexes hold live annotations only, so a near or a
        // text query never returns a deleted one; the position index here is partial on the same
        // rows.
        if !query.includeDeleted || query.near != nil || query.text != nil { conditions.append("NOT a.isDeleted") }
        if let layers = query.layerIDs { conditions.append("a.layerID = ANY(\(bind(layers.map(\.rawValue))))") }
        if let types = query.types { conditions.append("a.type = ANY(\(bind(types.map(\.rawValue))))") }
        if let statuses = query.statuses { conditions.append("a.status = ANY(\(bind(statuses.map(\.rawValue))))") }
        if let creator = query.creatorID { conditions.append("a.ownerID = \(bind(creator.rawValue))") }
        if let from = query.createdFrom { conditions.append("a.createdAt >= \(bind(from.storeValue))") }
        if let before = query.createdBefore { conditions.append("a.createdAt < \(bind(before.storeValue))") }
        if let visibleAt = query.visibleAt {
            conditions.append("(a.visibleUntil IS NULL OR a.visibleUntil > \(bind(visibleAt.storeValue)))")
        }
        if query.starredOnly {
            conditions.append("a.id IN (SELECT annotationID FROM stars WHERE userID = \(viewer))")
        }
        if query.unreadOnly {
            conditions.append(
                "a.ownerID <> \(viewer) AND NOT EXISTS (SELECT 1 FROM views v WHERE v.annotationID = a.id AND v.userID = \(viewer))"
            )
        }
        if let cursor = query.after {
            let created = bind(cursor.createdAt.storeValue)
            conditions.append(
                "(a.createdAt < \(created) OR (a.createdAt = \(created) AND a.id < \(bind(cursor.id.rawValue))))")
        }
        conditions.append(PostgresAccessSQL.annotationPredicate(viewer: viewer, now: now))
        let order: String
        switch query.order {
        case .newestFirst: order = "a.createdAt DESC, a.id DESC"
        case .recentlyUpdated: order = "a.updatedAt DESC, a.id DESC"
        case .relevance:
            order = rank.isEmpty ? "a.createdAt DESC, a.id DESC" : "\(rank) DESC, a.createdAt DESC, a.id DESC"
        case .nearestFirst: order = distance.isEmpty ? "a.createdAt DESC, a.id DESC" : "\(distance), a.id"
        }
        let limit = bind(min(max(query.limit, 0), AnnotationQuery.maxLimit))
        sql = """
            WITH RECURSIVE \(PostgresAccessSQL.visibleLayersCTE(viewer: viewer, now: now))
            SELECT \(AnnotationColumns.selection) FROM annotations a
            WHERE \(conditions.joined(separator: "\n  AND "))
            ORDER BY \(order)
            LIMIT \(limit)
            """
        self.query = PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    /// Binds `value` and returns its placeholder.
    private mutating func bind<Value: PostgresNonThrowingEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }
}
