import Foundation
import PostgresNIO
import RealityCore

/// Loads the records of feed rows, each with its change tag, in one query per type (plus the
/// queries that complete annotations, layers and world maps), as the SQLite store's
/// `SyncRecordLoader` does.
struct PostgresSyncRecordLoader {
    let connection: PostgresConnection
    let logger: Logger

    /// The records of `rows` keyed by ``SyncFeedRow/key(_:_:)``. Stars are `viewer`'s own: `rows`
    /// come from one viewer's feed, whose star rows are theirs.
    func load(_ rows: [SyncFeedRow], starsOf viewer: UserID) async throws -> [String: (SyncRecord, String)] {
        var result: [String: (SyncRecord, String)] = [:]
        for (type, group) in Dictionary(grouping: rows, by: \.recordType) {
            guard let type else { continue }
            if type.published != nil {
                for (record, tag) in try await PostgresPublishedTables.records(
                    type, ids: group.map(\.recordID), on: connection, logger: logger)
                {
                    result[SyncFeedRow.key(type, record.recordID)] = (.published(record), String(tag))
                }
                continue
            }
            let ids = group.compactMap { UUID(uuidString: $0.recordID) }
            for (record, tag) in try await records(of: type, ids: ids, starsOf: viewer) {
                result[SyncFeedRow.key(type, record.recordID)] = (record, String(tag))
            }
        }
        return result
    }

    /// True for the types whose records take a second statement to complete with parts whose
    /// changes do not stamp them (a world map's anchors), so that their change tag does not
    /// vouch for the whole record. (A layer's grants do stamp it, and its tag is read after
    /// them.)
    static func loadsInParts(_ type: RecordType) -> Bool {
        type == .worldMap
    }

    private func records(of type: RecordType, ids: [UUID], starsOf viewer: UserID) async throws
        -> [(SyncRecord, Int64)]
    {
        switch type {
        case .layer:
            let rows = try await tagged(
                """
                SELECT \(unescaped: LayerColumns.selection), l.changeSeq FROM layers l WHERE l.id = ANY(\(ids))
                """, LayerColumns.layer(from:))
            let layers = try await PostgresAnnotationAssembler.complete(rows.map(\.0), on: connection, logger: logger)
            // The tags read again after the grants: a grant or revoke stamps its layer, so a tag
            // that still stands vouches for the grants read before it as well as for the row.
            var tags: [UUID: Int64] = [:]
            for (id, tag) in try await connection.rows(
                "SELECT id, changeSeq FROM layers WHERE id = ANY(\(ids))", logger: logger,
                { try $0.decode((UUID, Int64).self) })
            {
                tags[id] = tag
            }
            return layers.compactMap { layer in tags[layer.id.rawValue].map { (SyncRecord.layer(layer), $0) } }
        case .annotation:
            return try await connection.rows(TaggedAnnotationsStatement(ids: ids), logger: logger).map {
                (.annotation($0), $1)
            }
        case .comment:
            return try await tagged(
                """
                SELECT \(unescaped: CommentColumns.selection), changeSeq FROM comments WHERE id = ANY(\(ids))
                """, CommentColumns.comment(from:)
            ).map { (.comment($0), $1) }
        case .user:
            // The counted columns share a name, so the tag is joined on rather than added to the list.
            return try await tagged(
                """
                SELECT q.*, t.changeSeq FROM (\(unescaped: UserColumns.selectWithCounts) WHERE u.id = ANY(\(ids))) q
                JOIN users t ON t.id = q.id
                """, UserColumns.user(from:)
            ).map { (.user($0), $1) }
        case .star:
            return try await connection.rows(
                """
                SELECT annotationID, createdAt, changeSeq FROM stars
                WHERE userID = \(viewer.rawValue) AND annotationID = ANY(\(ids))
                """, logger: logger
            ) { row in
                var cells = ColumnReader(row)
                return (
                    .star(StarRecord(annotationID: try cells.identifier(), createdAt: try cells.date())),
                    try cells.next(Int64.self)
                )
            }
        case .notification:
            return try await tagged(
                """
                SELECT \(unescaped: NotificationColumns.selection), changeSeq FROM notifications WHERE id = ANY(\(ids))
                """, NotificationColumns.notification(from:)
            ).map { (.notification($0), $1) }
        case .worldMap:
            let rows = try await tagged(
                """
                SELECT \(unescaped: WorldMapColumns.selection), w.changeSeq FROM world_maps w WHERE w.id = ANY(\(ids))
                """, WorldMapColumns.worldMap(from:))
            let maps = try await PostgresStore.withAnchors(rows.map(\.0), on: connection, logger: logger)
            return zip(maps.map(SyncRecord.worldMap), rows.map(\.1)).map { ($0, $1) }
        default:
            guard PostgresOwnedTables.byType[type] != nil else { return [] }
            return try await PostgresOwnedTables.records(type, ids: ids, on: connection, logger: logger)
                .map { (.owned($0.0), $0.1) }
        }
    }

    /// The rows of `query`, each decoded by `decode` and paired with its last column, the change tag.
    private func tagged<Record>(_ query: PostgresQuery, _ decode: (PostgresRow) throws -> Record) async throws
        -> [(Record, Int64)]
    {
        try await connection.rows(query, logger: logger) { row in
            let columns = row.count
            var tag = ColumnReader(row, from: columns - 1)
            return (try decode(row), try tag.next(Int64.self))
        }
    }
}

/// Annotations by ID, complete (their parts, ``AnnotationPartsSQL``), each with its change tag:
/// a page of the feed's annotations in one prepared round trip.
struct TaggedAnnotationsStatement: PostgresPreparedStatement {
    static let sql: String = {
        let parts = AnnotationPartsSQL.grouped(ids: "$1")
        return """
            WITH \(parts.with)
            SELECT \(AnnotationColumns.selection), \(parts.columns), a.changeSeq
            FROM annotations a \(parts.joins) WHERE a.id = ANY($1)
            """
    }()
    static let bindingDataTypes: [PostgresDataType] = [.uuidArray]
    typealias Row = (Annotation, Int64)

    var ids: [UUID]

    func makeBindings() throws -> PostgresBindings { try AnnotationPartsStatement(ids: ids).makeBindings() }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var (annotation, cells) = try AnnotationPartsSQL.complete(row)
        return (annotation, try cells.next(Int64.self))
    }
}
