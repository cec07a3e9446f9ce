import Foundation
import GRDB
import RealityCore

/// The `annotations` table: one row per annotation's own fields. Grants, reactions, views,
/// attachments and comments live in tables of their own and are attached by
/// ``AnnotationAssembler``.
enum AnnotationRecord {
    /// The columns read back into an ``Annotation``, in `SELECT` order.
    static let selection = """
        a.rowid, a.id, a.type, a.status, a.title, a.text, a.drawingData, a.mediaURL, a.cloudAssetID,
        a.richTextData, a.x, a.y, a.z, a.qx, a.qy, a.qz, a.qw, a.scale, a.anchorID, a.layerID, a.ownerID,
        a.visibilityRules, a.createdAt, a.updatedAt, a.isDeleted, a.lastSyncedAt
        """

    static let insertSQL = "INSERT INTO annotations (\(insertColumns)) VALUES (\(placeholders(26)))"

    static let updateSQL = """
        UPDATE annotations SET
            id = ?, type = ?, status = ?, title = ?, text = ?, drawingData = ?, mediaURL = ?,
            cloudAssetID = ?, richTextData = ?, x = ?, y = ?, z = ?, qx = ?, qy = ?, qz = ?, qw = ?,
            scale = ?, anchorID = ?, layerID = ?, ownerID = ?, visibilityRules = ?, visibleUntil = ?,
            createdAt = ?, updatedAt = ?, isDeleted = ?, lastSyncedAt = ?
        WHERE rowid = ?
        """

    /// The values of `annotation` in the order of `insertSQL` and `updateSQL`.
    static func arguments(_ annotation: Annotation) throws -> StatementArguments {
        StatementArguments(try values(annotation))
    }

    /// The column names of `insertSQL`, in order.
    static let insertColumns = """
        id, type, status, title, text, drawingData, mediaURL, cloudAssetID, richTextData,
        x, y, z, qx, qy, qz, qw, scale, anchorID, layerID, ownerID,
        visibilityRules, visibleUntil, createdAt, updatedAt, isDeleted, lastSyncedAt
        """

    /// The values of `annotation` in the order of `insertColumns`.
    static func values(_ annotation: Annotation) throws -> [DatabaseValue] {
        let content = annotation.content
        let rules = try annotation.visibilityRules.map(ColumnJSON.encode)
        let values: [(any DatabaseValueConvertible)?] = [
            annotation.id.uuidString, annotation.type.rawValue, annotation.status.rawValue,
            annotation.title, content.text, content.drawingData, content.mediaURL?.absoluteString,
            content.cloudAssetID, content.richTextData,
            Double(annotation.position.x), Double(annotation.position.y), Double(annotation.position.z),
            Double(annotation.orientation.x), Double(annotation.orientation.y),
            Double(annotation.orientation.z), Double(annotation.orientation.w),
            Double(annotation.scale), annotation.anchorID.uuidString, annotation.layerID.uuidString,
            annotation.ownerID.uuidString, rules, annotation.visibilityRules?.expiresAt?.storeValue,
            annotation.createdAt.storeValue, annotation.updatedAt.storeValue,
            annotation.isDeleted, annotation.lastSyncedAt?.storeValue,
        ]
        return values.map { $0?.databaseValue ?? .null }
    }

    /// An annotation from a row of `selection`, without the parts kept in other tables.
    static func annotation(from row: Row) throws -> Annotation {
        let mediaURL: String? = row["mediaURL"]
        let content = AnnotationContent(
            text: row["text"], drawingData: row["drawingData"], mediaURL: mediaURL.flatMap(URL.init(string:)),
            cloudAssetID: row["cloudAssetID"], richTextData: row["richTextData"])
        let position = SIMD3<Float>(Float(row["x"] as Double), Float(row["y"] as Double), Float(row["z"] as Double))
        let orientation = Quaternion(
            x: Float(row["qx"] as Double), y: Float(row["qy"] as Double),
            z: Float(row["qz"] as Double), w: Float(row["qw"] as Double))
        return Annotation(
            id: try row.identifier("id"),
            type: try row.enumValue("type"),
            content: content,
            title: row["title"],
            position: position,
            orientation: orientation,
            scale: Float(row["scale"] as Double),
            anchorID: try row.identifier("anchorID"),
            layerID: try row.identifier("layerID"),
            ownerID: try row.identifier("ownerID"),
            visibilityRules: try row.json("visibilityRules", as: VisibilityRules.self),
            createdAt: row.date("createdAt"),
            updatedAt: row.date("updatedAt"),
            isDeleted: row["isDeleted"],
            lastSyncedAt: row.optionalDate("lastSyncedAt"),
            status: try row.enumValue("status"))
    }
}

/// The `attachments` table: an annotation's media files, in order.
enum AttachmentRecord {
    /// Replaces the attachments of `annotation`; `isNew` skips the delete for a fresh row.
    static func save(_ annotation: Annotation, isNew: Bool, in db: Database) throws {
        let key = annotation.id.uuidString
        if !isNew {
            try db.cachedStatement(sql: "DELETE FROM attachments WHERE annotationID = ?").execute(arguments: [key])
        }
        guard !annotation.attachments.isEmpty else { return }
        let insert = try db.cachedStatement(sql: """
            INSERT OR REPLACE INTO attachments (
                id, annotationID, position, fileName, fileType, fileSize, localURL, cloudAssetID, thumbnailURL, uploadedAt
            ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (index, attachment) in annotation.attachments.enumerated() {
            try insert.execute(arguments: [
                attachment.id.lowercasedString, key, index, attachment.fileName, attachment.fileType,
                attachment.fileSize, attachment.localURL?.absoluteString, attachment.cloudAssetID,
                attachment.thumbnailURL?.absoluteString, attachment.uploadedAt?.storeValue,
            ])
        }
    }

    /// An attachment from a row.
    static func attachment(from row: Row) -> Attachment {
        let local: String? = row["localURL"]
        let thumbnail: String? = row["thumbnailURL"]
        return Attachment(
            id: UUID(uuidString: row["id"]) ?? UUID(), fileName: row["fileName"], fileType: row["fileType"],
            fileSize: row["fileSize"], localURL: local.flatMap(URL.init(string:)), cloudAssetID: row["cloudAssetID"],
            thumbnailURL: thumbnail.flatMap(URL.init(string:)), uploadedAt: row.optionalDate("uploadedAt"))
    }
}
