import Foundation
import GRDB
import RealityCore

/// The `annotations` table: one row per annotation's own fields, as ``Annotation/declaration``
/// lists them. Grants, reactions, views, attachments and comments live in tables of their own and
/// are attached by ``AnnotationAssembler``.
enum AnnotationRecord {
    /// The table, from the declaration.
    static let table = DeclaredTable(Annotation.declaration)

    /// The columns read back into an ``Annotation``, in `SELECT` order, on alias `a`: the rowid,
    /// then the declaration's columns (from position 1, where ``annotation(from:)`` reads them).
    static let selection = "a.rowid, " + table.selection(alias: "a")

    /// How many columns ``selection`` has; columns a statement adds after it start here.
    static let selectionWidth = 1 + table.selectionWidth

    /// Inserts one row.
    static let insertSQL = table.insertSQL

    /// How many columns `insertColumns` names (and `bind` binds).
    static let insertWidth = table.columnNames.count

    /// Updates every column of the row whose rowid is bound after them.
    static let updateSQL = table.updateByRowIDSQL

    /// The column names of `insertSQL`, in order.
    static let insertColumns = table.columnList

    /// Binds the values of `annotation` in the order of `insertColumns`, which is also the order
    /// of `updateSQL`'s assignments.
    static func bind(_ annotation: Annotation, to bindings: inout DirectBindings) throws {
        try table.bind(annotation, to: &bindings)
    }

    /// An annotation from a row whose columns start with ``selection``'s, without the parts kept
    /// in other tables.
    static func annotation(from row: some ColumnReading) throws -> Annotation {
        try table.record(from: row, at: 1)
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
        let insert = try db.cachedStatement(
            sql: """
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
