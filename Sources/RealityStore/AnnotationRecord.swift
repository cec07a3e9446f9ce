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
        a.visibilityRules, a.createdAt, a.updatedAt, a.isDeleted, a.lastSyncedAt, a.fieldStamps
        """

    /// How many columns ``selection`` has; columns a statement adds after it start here.
    static let selectionWidth = selection.split(separator: ",").count

    static let insertSQL = "INSERT INTO annotations (\(insertColumns)) VALUES (\(placeholders(insertWidth)))"

    /// How many columns `insertColumns` names (and `bind` binds).
    static let insertWidth = insertColumns.split(separator: ",").count

    static let updateSQL = """
        UPDATE annotations SET
            id = ?, type = ?, status = ?, title = ?, text = ?, drawingData = ?, mediaURL = ?,
            cloudAssetID = ?, richTextData = ?, x = ?, y = ?, z = ?, qx = ?, qy = ?, qz = ?, qw = ?,
            scale = ?, anchorID = ?, layerID = ?, ownerID = ?, visibilityRules = ?, visibleUntil = ?,
            createdAt = ?, updatedAt = ?, isDeleted = ?, lastSyncedAt = ?, fieldStamps = ?
        WHERE rowid = ?
        """

    /// The column names of `insertSQL`, in order.
    static let insertColumns = """
        id, type, status, title, text, drawingData, mediaURL, cloudAssetID, richTextData,
        x, y, z, qx, qy, qz, qw, scale, anchorID, layerID, ownerID,
        visibilityRules, visibleUntil, createdAt, updatedAt, isDeleted, lastSyncedAt, fieldStamps
        """

    /// Binds the values of `annotation` (whose `id.uuidString` is `id`) in the order of
    /// `insertColumns`, which is also the order of `updateSQL`'s assignments.
    static func bind(_ annotation: Annotation, id: String, to bindings: inout DirectBindings) throws {
        let content = annotation.content
        bindings.bind(id)
        bindings.bind(annotation.type.rawValue)
        bindings.bind(annotation.status.rawValue)
        bindings.bind(annotation.title)
        bindings.bind(content.text)
        bindings.bind(content.drawingData)
        bindings.bind(content.mediaURL?.absoluteString)
        bindings.bind(content.cloudAssetID)
        bindings.bind(content.richTextData)
        bindings.bind(Double(annotation.position.x))
        bindings.bind(Double(annotation.position.y))
        bindings.bind(Double(annotation.position.z))
        bindings.bind(Double(annotation.orientation.x))
        bindings.bind(Double(annotation.orientation.y))
        bindings.bind(Double(annotation.orientation.z))
        bindings.bind(Double(annotation.orientation.w))
        bindings.bind(Double(annotation.scale))
        bindings.bind(annotation.anchorID.uuidString)
        bindings.bind(annotation.layerID.uuidString)
        bindings.bind(annotation.ownerID.uuidString)
        bindings.bind(try annotation.visibilityRules.map(ColumnJSON.encode))
        bindings.bind(annotation.visibilityRules?.expiresAt?.storeValue)
        bindings.bind(annotation.createdAt.storeValue)
        bindings.bind(annotation.updatedAt.storeValue)
        bindings.bind(annotation.isDeleted)
        bindings.bind(annotation.lastSyncedAt?.storeValue)
        bindings.bind(try annotation.fieldStamps.map(ColumnJSON.encode))
    }

    /// An annotation from `row`, whose columns are at `columns` (the same for every row of a
    /// statement, so resolved once for a batch).
    static func annotation(from row: some ColumnReading, columns: Columns) throws -> Annotation {
        let content = AnnotationContent(
            text: row.text(at: columns.text), drawingData: row.blob(at: columns.drawingData),
            mediaURL: row.text(at: columns.mediaURL).flatMap(URL.init(string:)),
            cloudAssetID: row.text(at: columns.cloudAssetID), richTextData: row.blob(at: columns.richTextData))
        func float(_ index: Int) -> Float { Float(row.real(at: index) ?? 0) }
        return Annotation(
            id: try row.identifier(at: columns.id, column: "id"),
            type: try row.enumValue(at: columns.type, column: "type"),
            content: content,
            title: row.text(at: columns.title),
            position: SIMD3(float(columns.x), float(columns.y), float(columns.z)),
            orientation: Quaternion(x: float(columns.qx), y: float(columns.qy), z: float(columns.qz), w: float(columns.qw)),
            scale: float(columns.scale),
            anchorID: try row.identifier(at: columns.anchorID, column: "anchorID"),
            layerID: try row.identifier(at: columns.layerID, column: "layerID"),
            ownerID: try row.identifier(at: columns.ownerID, column: "ownerID"),
            visibilityRules: try row.blob(at: columns.visibilityRules).map {
                try ColumnJSON.decode(VisibilityRules.self, from: $0, column: "visibilityRules")
            },
            createdAt: row.date(at: columns.createdAt),
            updatedAt: row.date(at: columns.updatedAt),
            isDeleted: row.bool(at: columns.isDeleted),
            lastSyncedAt: row.optionalDate(at: columns.lastSyncedAt),
            status: try row.enumValue(at: columns.status, column: "status"),
            fieldStamps: try row.blob(at: columns.fieldStamps).map {
                try ColumnJSON.decode(FieldStamps.self, from: $0, column: "fieldStamps")
            })
    }

    /// Where the columns an annotation is read from are in a statement's rows: looked up by name
    /// once, so that each row is read by position (a lookup by name compares every column's
    /// name, case-insensitively, each time).
    struct Columns {
        let id, type, status, title, text, drawingData, mediaURL, cloudAssetID, richTextData: Int
        let x, y, z, qx, qy, qz, qw, scale, anchorID, layerID, ownerID, visibilityRules: Int
        let createdAt, updatedAt, isDeleted, lastSyncedAt, fieldStamps: Int

        /// Where the columns are in a row of ``AnnotationRecord/selection`` (and maybe more
        /// columns after it), worked out once.
        static let ofSelection: Columns = {
            let names = selection.split(separator: ",").map {
                String($0.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(2))
            }
            guard let columns = try? Columns(names: names) else { preconditionFailure("selection lacks a column") }
            return columns
        }()

        /// The positions of the columns in `row`; throws when one is missing.
        init(_ row: Row) throws {
            try self.init(names: Array(row.columnNames))
        }

        /// The positions of the columns in a row whose columns are `names`, in order.
        init(names: [String]) throws {
            func index(_ name: String) throws -> Int {
                guard let found = names.firstIndex(of: name) else {
                    throw StoreError.unavailable(detail: "an annotation row lacks its column \(name)")
                }
                return found
            }
            (id, type, status, title) = (try index("id"), try index("type"), try index("status"), try index("title"))
            (text, drawingData, mediaURL) = (try index("text"), try index("drawingData"), try index("mediaURL"))
            (cloudAssetID, richTextData) = (try index("cloudAssetID"), try index("richTextData"))
            (x, y, z, scale) = (try index("x"), try index("y"), try index("z"), try index("scale"))
            (qx, qy, qz, qw) = (try index("qx"), try index("qy"), try index("qz"), try index("qw"))
            (anchorID, layerID, ownerID) = (try index("anchorID"), try index("layerID"), try index("ownerID"))
            visibilityRules = try index("visibilityRules")
            (createdAt, updatedAt) = (try index("createdAt"), try index("updatedAt"))
            (isDeleted, lastSyncedAt) = (try index("isDeleted"), try index("lastSyncedAt"))
            fieldStamps = try index("fieldStamps")
        }
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
