import Foundation
import GRDB
import RealityCore

/// Loads the records of feed rows, each with its change tag, in one query per type.
enum SyncRecordLoader {
    /// The records of `rows` keyed by ``SyncFeedRow/key(_:_:)``. Stars are the viewer's own:
    /// `rows` come from one viewer's feed, whose star rows are theirs.
    static func load(_ rows: [SyncFeedRow], starsOf viewer: UserID? = nil, in db: Database) throws
        -> [String: (SyncRecord, String)]
    {
        var result: [String: (SyncRecord, String)] = [:]
        let byType = Dictionary(grouping: rows) { $0.recordType }
        for (type, group) in byType {
            guard let type else { continue }
            for chunk in group.map(\.recordID).chunked(into: 500) {
                for (record, tag) in try records(of: type, ids: Array(chunk), starsOf: viewer, in: db) {
                    result[SyncFeedRow.key(type, record.recordID)] = (record, tag)
                }
            }
        }
        return result
    }

    private static func records(of type: RecordType, ids: [String], starsOf viewer: UserID?, in db: Database) throws
        -> [(SyncRecord, String)]
    {
        let list = placeholders(ids.count)
        let arguments = StatementArguments(ids)
        func tags(_ rows: [Row]) -> [String] {
            rows.map { String($0["changeSeq"] as Int64) }
        }
        switch type {
        case .layer:
            let rows = try db.rows(
                sql: "SELECT \(LayerRecord.columns), changeSeq FROM layers WHERE id IN (\(list))", arguments: arguments)
            return zip(try LayerRecord.layers(from: rows, in: db).map(SyncRecord.layer), tags(rows)).map { ($0, $1) }
        case .annotation:
            return try AnnotationAssembler.annotations(
                selectedBy:
                    "SELECT \(AnnotationRecord.selection), a.changeSeq FROM annotations a WHERE a.id IN (\(list))",
                arguments: arguments, in: db
            ) { row in String(row["changeSeq"] as Int64) }.map { (SyncRecord.annotation($0.annotation), $0.extra) }
        case .comment:
            let rows = try db.rows(sql: "SELECT * FROM comments WHERE id IN (\(list))", arguments: arguments)
            return zip(try CommentRecord.comments(from: rows).map(SyncRecord.comment), tags(rows)).map { ($0, $1) }
        case .user:
            let rows = try db.rows(sql: UserRecord.selectWithCounts + " WHERE u.id IN (\(list))", arguments: arguments)
            return zip(try rows.map(UserRecord.user(from:)).map(SyncRecord.user), tags(rows)).map { ($0, $1) }
        case .star:
            guard let viewer else { return [] }
            let rows = try db.rows(
                sql: "SELECT * FROM stars WHERE userID = ? AND annotationID IN (\(list))",
                arguments: StatementArguments([viewer.uuidString]) + arguments)
            return try rows.map { row in
                (
                    .star(
                        StarRecord(annotationID: try row.identifier("annotationID"), createdAt: row.date("createdAt"))),
                    String(row["changeSeq"] as Int64)
                )
            }
        case .notification:
            let rows = try db.rows(sql: "SELECT * FROM notifications WHERE id IN (\(list))", arguments: arguments)
            return zip(try rows.map(NotificationRecord.notification(from:)).map(SyncRecord.notification), tags(rows))
                .map { ($0, $1) }
        case .worldMap:
            let rows = try db.rows(sql: "SELECT * FROM world_maps WHERE id IN (\(list))", arguments: arguments)
            return zip(try WorldMapRecord.worldMaps(from: rows, in: db).map(SyncRecord.worldMap), tags(rows))
                .map { ($0, $1) }
        default:
            if type.published != nil {
                return try PublishedRecordTables.records(type, where: "id IN (\(list))", arguments: arguments, in: db)
                    .map { (SyncRecord.published($0.0), $0.1) }
            }
            guard OwnedRecordTables.byType[type] != nil else { return [] }
            return try OwnedRecordTables.records(type, where: "r.id IN (\(list))", arguments: arguments, in: db)
                .map { (SyncRecord.owned($0.0), $0.1) }
        }
    }
}
