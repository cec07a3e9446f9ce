import Foundation
import GRDB
import RealityCore

/// Writes of annotation rows together with their R*Tree box and full-text entry, so that the
/// spatial and text indexes never disagree with the table.
enum AnnotationWrites {
    /// Inserts or replaces `annotation`'s own fields and refreshes its index entries.
    static func save(_ annotation: Annotation, in db: Database) throws {
        let id = annotation.id.uuidString
        let existing = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT rowid FROM annotations WHERE id = ?"), arguments: [id])
        let rowid: Int64
        if let existing {
            try db.cachedStatement(sql: AnnotationRecord.updateSQL).execute { bindings in
                try AnnotationRecord.bind(annotation, to: &bindings)
                bindings.bind(existing)
            }
            rowid = existing
            try db.cachedStatement(sql: "DELETE FROM annotation_fts WHERE rowid = ?").execute(arguments: [rowid])
        } else {
            try db.cachedStatement(sql: AnnotationRecord.insertSQL).execute { bindings in
                try AnnotationRecord.bind(annotation, to: &bindings)
            }
            rowid = db.lastInsertedRowID
        }
        try AttachmentRecord.save(annotation, isNew: existing == nil, in: db)
        if annotation.isDeleted {
            try db.cachedStatement(sql: "DELETE FROM annotation_rtree WHERE id = ?").execute(arguments: [rowid])
            return
        }
        let p = annotation.position
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO annotation_rtree VALUES (?, ?, ?, ?, ?, ?, ?)")
            .execute(arguments: [rowid, Double(p.x), Double(p.x), Double(p.y), Double(p.y), Double(p.z), Double(p.z)])
        let comments = try String.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT group_concat(text, ' ') FROM comments WHERE annotationID = ? AND isDeleted = 0
                    """),
            arguments: [id])
        try db.cachedStatement(sql: "INSERT INTO annotation_fts(rowid, title, text, comments) VALUES (?, ?, ?, ?)")
            .execute(arguments: [rowid, annotation.title, annotation.content.text, comments])
    }

    /// Rebuilds the comment text of an annotation's full-text entry after its comments changed.
    static func refreshCommentText(of annotationID: AnnotationID, in db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE annotation_fts
                SET comments = (SELECT group_concat(text, ' ') FROM comments WHERE annotationID = ?1 AND isDeleted = 0)
                WHERE rowid = (SELECT rowid FROM annotations WHERE id = ?1 AND isDeleted = 0)
                """
        ).execute(arguments: [annotationID.uuidString])
    }

    /// Removes an annotation and everything that hangs off it, and releases its owner's references
    /// to the assets it names (``releaseAssets(of:in:)``).
    static func purge(_ id: AnnotationID, in db: Database) throws {
        let key = id.uuidString
        try releaseAssets(of: key, in: db)
        if let rowid = try db.value(Int64.self, sql: "SELECT rowid FROM annotations WHERE id = ?", arguments: [key]) {
            try db.execute(sql: "DELETE FROM annotation_rtree WHERE id = ?", arguments: [rowid])
            try db.execute(sql: "DELETE FROM annotation_fts WHERE rowid = ?", arguments: [rowid])
        }
        try db.execute(sql: "DELETE FROM annotations WHERE id = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM grants WHERE targetType = 'annotation' AND targetID = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM reactions WHERE annotationID = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM views WHERE annotationID = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM stars WHERE annotationID = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM comments WHERE annotationID = ?", arguments: [key])
        try db.execute(sql: "DELETE FROM attachments WHERE annotationID = ?", arguments: [key])
        try db.execute(sql: "UPDATE anchors SET annotationID = NULL WHERE annotationID = ?", arguments: [key])
    }

    /// On a server (issue 19): the owner's references to the assets annotation `key` names go when
    /// no other annotation of theirs (deleted or not, until it too is purged), no world map and no
    /// Out of Box completion of theirs names them, so their storage use goes down; an asset no one holds any more loses its
    /// rows, and the blob sweeper collects its bytes and renditions. A device keeps no references,
    /// and nothing happens.
    static func releaseAssets(of key: String, in db: Database) throws {
        let released = try String.fetchAll(
            db,
            sql: """
                WITH named AS (
                    SELECT a.ownerID, a.cloudAssetID AS sha256 FROM annotations a
                    WHERE a.id = ?1 AND a.cloudAssetID IS NOT NULL
                    UNION
                    SELECT a.ownerID, t.cloudAssetID FROM attachments t JOIN annotations a ON a.id = t.annotationID
                    WHERE a.id = ?1 AND t.cloudAssetID IS NOT NULL
                )
                DELETE FROM asset_refs
                WHERE EXISTS (
                    SELECT 1 FROM named n WHERE n.sha256 = asset_refs.sha256 AND n.ownerID = asset_refs.ownerID
                      AND NOT EXISTS (
                          SELECT 1 FROM annotations o WHERE o.ownerID = n.ownerID AND o.id <> ?1
                            AND (o.cloudAssetID = n.sha256 OR EXISTS (
                                SELECT 1 FROM attachments ot WHERE ot.annotationID = o.id AND ot.cloudAssetID = n.sha256)))
                      AND NOT EXISTS (
                          SELECT 1 FROM world_maps w WHERE w.ownerID = n.ownerID
                            AND (w.worldMapAssetID = n.sha256 OR w.thumbnailAssetID = n.sha256))
                      AND NOT EXISTS (
                          SELECT 1 FROM challenge_assignments c WHERE c.userID = n.ownerID
                            AND c.photoAssetID = n.sha256))
                RETURNING sha256
                """,
            arguments: [key])
        for sha256 in Set(released) {
            let held = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM asset_refs WHERE sha256 = ?)", arguments: [sha256])
            guard held != true else { continue }
            try db.execute(sql: "DELETE FROM asset_renditions WHERE sha256 = ?", arguments: [sha256])
            try db.execute(sql: "DELETE FROM asset_blobs WHERE sha256 = ?", arguments: [sha256])
        }
    }
}
