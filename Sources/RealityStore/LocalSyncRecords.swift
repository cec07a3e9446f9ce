import Foundation
import GRDB
import RealityCore

/// Reads, writes and removes the records of the change feed in the device store, inside a
/// caller's transaction and without outbox entries: what comes down from the server must not
/// go back up.
enum LocalSyncRecords {
    /// The device's current version of a record, or nil when it has none.
    static func read(_ type: RecordType, _ id: String, owner: UserID?, in db: Database) throws -> SyncRecord? {
        switch type {
        case .annotation:
            return try AnnotationAssembler.annotations(
                selectedBy: "SELECT \(AnnotationRecord.selection) FROM annotations a WHERE a.id = ?", arguments: [id],
                in: db
            ).first.map(SyncRecord.annotation)
        case .layer:
            let rows = try db.rows(sql: "SELECT \(LayerRecord.columns) FROM layers WHERE id = ?", arguments: [id])
            return try LayerRecord.layers(from: rows, in: db).first.map(SyncRecord.layer)
        case .comment:
            return try db.row(sql: "SELECT * FROM comments WHERE id = ?", arguments: [id])
                .map { .comment(try CommentRecord.comment(from: $0)) }
        case .user:
            return try db.row(sql: UserRecord.selectWithCounts + " WHERE u.id = ?", arguments: [id])
                .map { .user(try UserRecord.user(from: $0)) }
        case .worldMap:
            let rows = try db.rows(sql: "SELECT * FROM world_maps WHERE id = ?", arguments: [id])
            return try WorldMapRecord.worldMaps(from: rows, in: db).first.map(SyncRecord.worldMap)
        case .notification:
            return try db.row(sql: "SELECT * FROM notifications WHERE id = ?", arguments: [id])
                .map { .notification(try NotificationRecord.notification(from: $0)) }
        case .star:
            guard let owner, let annotationID = AnnotationID(uuidString: id) else { return nil }
            return try db.row(
                sql: "SELECT createdAt FROM stars WHERE userID = ? AND annotationID = ?",
                arguments: [owner.uuidString, id]
            ).map { .star(StarRecord(annotationID: annotationID, createdAt: $0.date("createdAt"))) }
        default:
            if type.published != nil {
                return try PublishedRecordTables.records(type, where: "id = ?", arguments: [id], in: db).first
                    .map { .published($0.0) }
            }
            guard OwnedRecordTables.byType[type] != nil else { return nil }
            return try OwnedRecordTables.records(type, where: "r.id = ?", arguments: [id], in: db).first
                .map { .owned($0.0) }
        }
    }

    /// Stores `record` as it is, replacing the device's version. An annotation's reactions and
    /// views are the server's plus the device's own not yet pushed (see ``overlayPending``).
    static func write(_ record: SyncRecord, owner: UserID?, in db: Database) throws {
        switch record {
        case .annotation(let annotation):
            if annotation.isDeleted { try HeldRejections.settle(onDeleted: annotation.id, owner: owner, in: db) }
            try AnnotationWrites.save(annotation, in: db)
            try replaceGrants(annotation.permissions, on: .annotation(annotation.id), in: db)
            try replaceEngagement(of: annotation, in: db)
        case .layer(let layer):
            try LayerRecord.save(layer, in: db)
            try replaceGrants(layer.permissions, on: .layer(layer.id), in: db)
        case .comment(let comment):
            try CommentRecord.save(comment, in: db)
        case .user(let user):
            try UserRecord.save(user, in: db)
        case .notification(let notification):
            try NotificationRecord.save(notification, in: db)
        case .worldMap(let map):
            try WorldMapRecord.save(map, in: db)
        case .owned(let record):
            try OwnedRecordTables.table(record.recordType).save(record, db)
        case .published(let record):
            try PublishedRecordTables.save(record, in: db)
        case .star(let star):
            guard let owner else { return }
            try EngagementRecords.setStarred(
                annotationID: star.annotationID, userID: owner, starred: true, at: star.createdAt, in: db)
        }
    }

    /// Stores a run of annotations with distinct IDs as ``write(_:owner:in:)`` stores each, with
    /// a few statements for the whole run where that stores one annotation: the rows through the
    /// multi-row statements of ``AnnotationBatchWrites``, the grants and engagement they replace
    /// deleted by lists of IDs, and the outbox looked at once for pending engagement.
    static func write(annotations run: [Annotation], in db: Database) throws {
        for annotation in run where annotation.isDeleted {
            try HeldRejections.settle(onDeleted: annotation.id, owner: nil, in: db)
        }
        try AnnotationBatchWrites.save(run, in: db)
        for chunk in run.map(\.id.uuidString).chunked(into: 500) {
            let list = placeholders(chunk.count)
            let ids = StatementArguments(Array(chunk))
            try db.cachedStatement(sql: "DELETE FROM grants WHERE targetType = 'annotation' AND targetID IN (\(list))")
                .execute(arguments: ids)
            try db.cachedStatement(sql: "DELETE FROM reactions WHERE annotationID IN (\(list))").execute(arguments: ids)
            try db.cachedStatement(sql: "DELETE FROM views WHERE annotationID IN (\(list))").execute(arguments: ids)
        }
        let pending = Set(try db.values(String.self, sql: Self.pendingEngagementPrefixes))
        for annotation in run {
            for permission in annotation.permissions {
                try GrantRecord.save(permission, on: .annotation(annotation.id), in: db)
            }
            try insertEngagement(of: annotation, in: db)
            if pending.contains(annotation.id.uuidString + ":") { try overlayPending(on: annotation.id, in: db) }
        }
    }

    /// The `annotationID:` prefixes of the reactions and views waiting in the outbox, as
    /// ``overlayPending(on:in:)`` matches them.
    private static let pendingEngagementPrefixes = """
        SELECT DISTINCT substr(recordID, 1, 37) FROM outbox WHERE recordType IN ('reaction', 'view')
        """

    /// Removes the device's copy of a record (a deletion came down, or the server never had it).
    static func remove(_ type: RecordType, _ id: String, owner: UserID?, in db: Database) throws {
        switch type {
        case .annotation:
            if let annotationID = AnnotationID(uuidString: id) { try AnnotationWrites.purge(annotationID, in: db) }
        case .layer:
            try db.execute(sql: "DELETE FROM layers WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM grants WHERE targetType = 'layer' AND targetID = ?", arguments: [id])
        case .comment:
            if let commentID = CommentID(uuidString: id) { try CommentRecord.purge(commentID, in: db) }
        case .notification:
            try db.execute(sql: "DELETE FROM notifications WHERE id = ?", arguments: [id])
        case .worldMap:
            try db.execute(sql: "DELETE FROM anchors WHERE worldMapID = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM world_maps WHERE id = ?", arguments: [id])
        case .star:
            try db.execute(
                sql: "DELETE FROM stars WHERE userID = ? AND annotationID = ?",
                arguments: [owner?.uuidString ?? "", id])
        default:
            // A published record is retired, never deleted: the copy keeps what histories name.
            if OwnedRecordTables.byType[type] != nil { try OwnedRecordTables.delete(type, id: id, in: db) }
        }
    }

    private static func replaceGrants(_ permissions: [Permission], on target: GrantTarget, in db: Database) throws {
        let (type, id) = GrantRecord.targetColumns(target)
        try db.cachedStatement(sql: "DELETE FROM grants WHERE targetType = ? AND targetID = ?")
            .execute(arguments: [type, id])
        for permission in permissions {
            try GrantRecord.save(permission, on: target, in: db)
        }
    }

    /// The server's reactions and views of `annotation`, then the device's pending ones on top:
    /// a set union for reactions and viewers, a counter for views, as the merge rules say.
    private static func replaceEngagement(of annotation: Annotation, in db: Database) throws {
        let id = annotation.id.uuidString
        try db.cachedStatement(sql: "DELETE FROM reactions WHERE annotationID = ?").execute(arguments: [id])
        try db.cachedStatement(sql: "DELETE FROM views WHERE annotationID = ?").execute(arguments: [id])
        try insertEngagement(of: annotation, in: db)
        try overlayPending(on: annotation.id, in: db)
    }

    /// Inserts the server's reactions and views of `annotation` (none are stored for it).
    private static func insertEngagement(of annotation: Annotation, in db: Database) throws {
        let id = annotation.id.uuidString
        for reaction in annotation.reactions {
            try EngagementRecords.add(reaction, to: annotation.id, in: db)
        }
        // The feed carries viewers and a total, not per-viewer counts: the total goes to the
        // first viewer so that the stored sum reads back as the same count.
        for (index, viewer) in annotation.viewedBy.enumerated() {
            try db.cachedStatement(
                sql: "INSERT INTO views (annotationID, userID, count, firstReadAt, lastReadAt) VALUES (?, ?, ?, ?, ?)"
            ).execute(
                arguments: [
                    id, viewer.uuidString, index == 0 ? annotation.viewCount : 0, annotation.updatedAt.storeValue,
                    annotation.updatedAt.storeValue,
                ])
        }
    }

    /// Re-applies the device's reactions and views of `annotationID` that wait in the outbox.
    private static func overlayPending(on annotationID: AnnotationID, in db: Database) throws {
        let prefix = annotationID.uuidString + ":"
        let rows = try db.rows(
            sql: """
                SELECT recordType, recordID, operation, payload, createdAt FROM outbox
                WHERE recordType IN ('reaction', 'view') AND substr(recordID, 1, ?) = ? ORDER BY sequence
                """,
            arguments: [prefix.count, prefix])
        for row in rows {
            let parts = (row["recordID"] as String).split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count >= 2, let userID = UserID(uuidString: parts[1]) else { continue }
            let operation: String = row["operation"]
            let date = row.date("createdAt")
            switch (row["recordType"] as String, operation) {
            case ("reaction", "save"):
                let reaction = try? RealityJSON.decode(Reaction.self, from: row["payload"] as Data)
                try EngagementRecords.add(
                    reaction ?? Reaction(emoji: parts.count > 2 ? parts[2] : "", userID: userID, createdAt: date),
                    to: annotationID, in: db)
            case ("reaction", "delete"):
                try EngagementRecords.removeReaction(
                    annotationID: annotationID, userID: userID, emoji: parts.count > 2 ? parts[2] : "", in: db)
            case ("view", _):
                try EngagementRecords.read(
                    annotationID: annotationID, userID: userID, at: date, countsAsView: operation == "view", in: db)
            default:
                break
            }
        }
    }
}
