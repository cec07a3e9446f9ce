import Foundation
import GRDB
import RealityCore

/// Reads annotations from their table and completes them with the parts kept in other tables:
/// grants, reactions, viewers, view counts and attachments, in one query per part for the whole
/// batch.
enum AnnotationAssembler {
    /// The annotations `sql` selects (the columns of ``AnnotationRecord/selection`` first, maybe
    /// others after them), in order, each complete.
    static func annotations(
        selectedBy sql: String, arguments: StatementArguments, in db: Database
    ) throws -> [Annotation] {
        try annotations(selectedBy: sql, arguments: arguments, in: db) { _ in () }.map(\.annotation)
    }

    /// The annotations `sql` selects, each complete, with what `extra` reads from its row. The
    /// rows are read in place by a cursor, never copied.
    static func annotations<Extra>(
        selectedBy sql: String, arguments: StatementArguments, in db: Database, reading extra: (Row) throws -> Extra
    ) throws -> [(annotation: Annotation, extra: Extra)] {
        var read: [(annotation: Annotation, extra: Extra)] = []
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            read.append((try AnnotationRecord.annotation(from: row), try extra(row)))
        }
        var annotations = read.map(\.annotation)
        try complete(&annotations, in: db)
        return zip(annotations, read).map { ($0, $1.extra) }
    }

    /// The annotation with `id`, complete, and whether it has comments. Its row comes with index
    /// probes telling which other tables hold parts of it, so that only those are queried: a
    /// plain annotation costs one statement.
    static func annotation(id: AnnotationID, in db: Database) throws -> (annotation: Annotation, hasComments: Bool)? {
        try pointRead(id: id, sql: pointReadSQL, in: db) { _ in }.map { ($0.annotation, $0.hasComments) }
    }

    /// ``annotation(id:in:)`` with, from the same row, the annotation's own layer and whether
    /// that layer has grants (nil when the layer is not stored): the first link of its layer
    /// chain, which every permission check on the annotation reads next.
    static func annotationWithLayer(
        id: AnnotationID, in db: Database
    ) throws -> (annotation: Annotation, hasComments: Bool, layer: (layer: Layer, hasGrants: Bool)?)? {
        let layerHasGrants = layerColumns + LayerRecord.columnNames.count
        var layer: (layer: Layer, hasGrants: Bool)?
        let found = try pointRead(id: id, sql: pointReadWithLayerSQL, in: db) { row in
            guard !row.isNull(at: layerColumns) else { return }  // no stored layer
            layer = (try LayerRecord.layer(from: row, at: layerColumns), row.bool(at: layerHasGrants))
        }
        return found.map { ($0.annotation, $0.hasComments, layer) }
    }

    /// Reads the annotation with `id` by `sql` (``pointReadSQL``'s columns first), completes it
    /// with the parts it has, and hands the row to `more` for what `sql` selects after those.
    private static func pointRead(
        id: AnnotationID, sql: String, in db: Database, more: (StatementRow) throws -> Void
    ) throws -> (annotation: Annotation, hasComments: Bool)? {
        var found: (annotation: Annotation, parts: Parts, hasComments: Bool)?
        let flags = AnnotationRecord.selectionWidth
        try db.eachRow(sql: sql, binding: { $0.bind(id.uuidString) }) { row in
            let parts = Parts(
                grants: row.bool(at: flags), reactions: row.bool(at: flags + 1), views: row.bool(at: flags + 2),
                attachments: row.bool(at: flags + 3))
            found = (try AnnotationRecord.annotation(from: row), parts, row.bool(at: flags + 4))
            try more(row)
        }
        guard let found else { return nil }
        // A row decodes with no grants, reactions, viewers or attachments: only those it has
        // need reading.
        guard found.parts.any else { return (found.annotation, found.hasComments) }
        var annotations = [found.annotation]
        try complete(&annotations, knownParts: found.parts, in: db)
        return (annotations[0], found.hasComments)
    }

    /// The point read's columns: the selection, then which parts exist and whether there are
    /// comments.
    private static let pointReadColumns = """
        \(AnnotationRecord.selection),
            EXISTS(SELECT 1 FROM grants WHERE targetType = 'annotation' AND targetID = a.id),
            EXISTS(SELECT 1 FROM reactions WHERE annotationID = a.id),
            EXISTS(SELECT 1 FROM views WHERE annotationID = a.id),
            EXISTS(SELECT 1 FROM attachments WHERE annotationID = a.id),
            EXISTS(SELECT 1 FROM comments WHERE annotationID = a.id AND isDeleted = 0)
        """

    /// ``annotation(id:in:)``'s statement.
    private static let pointReadSQL = "SELECT \(pointReadColumns) FROM annotations a WHERE a.id = ?"

    /// ``annotationWithLayer(id:in:)``'s statement: the point read's columns, then the layer's
    /// and whether it has grants.
    private static let pointReadWithLayerSQL = """
        SELECT \(pointReadColumns), \(LayerRecord.linkSelection(alias: "l"))
        FROM annotations a LEFT JOIN layers l ON l.id = a.layerID WHERE a.id = ?
        """

    /// Where the layer's columns start in ``pointReadWithLayerSQL``'s rows (after the selection,
    /// four part flags and the comments flag).
    private static let layerColumns = AnnotationRecord.selectionWidth + 5

    /// Which of the tables that hold parts of annotations have rows for some annotations.
    struct Parts {
        var grants, reactions, views, attachments: Bool

        /// Whether any of the tables has rows.
        var any: Bool { grants || reactions || views || attachments }
    }

    /// Adds to each of `annotations` its grants, reactions, viewers, view count and attachments.
    /// One statement first tells which of those tables hold anything for the batch, so that a
    /// batch without reactions, say, costs no query of the reactions (most annotations have none
    /// of these parts, and each query costs more than the index probe that rules it out).
    /// `knownParts`, when the caller already knows them for the whole batch, saves that statement.
    private static func complete(_ annotations: inout [Annotation], knownParts: Parts? = nil, in db: Database) throws {
        guard !annotations.isEmpty else { return }
        let ids = annotations.map(\.id.uuidString)
        var grants: [String: [Permission]] = [:]
        var reactions: [String: [Reaction]] = [:]
        var viewers: [String: [UserID]] = [:]
        var viewCounts: [String: Int] = [:]
        var attachments: [String: [Attachment]] = [:]
        for chunk in ids.chunked(into: 500) {
            let list = placeholders(chunk.count)
            let arguments = StatementArguments(Array(chunk))
            let parts = try knownParts ?? presentParts(count: chunk.count, arguments: arguments, in: db)
            if parts.grants {
                grants.merge(try GrantRecord.grants(targetType: "annotation", ids: Array(chunk), in: db)) { $0 + $1 }
            }
            if parts.reactions {
                for row in try db.rows(
                    sql: "SELECT * FROM reactions WHERE annotationID IN (\(list)) ORDER BY createdAt, userID, emoji",
                    arguments: arguments)
                {
                    let reaction = Reaction(
                        id: UUID(uuidString: row["id"]) ?? UUID(), emoji: row["emoji"],
                        userID: try row.identifier("userID"), createdAt: row.date("createdAt"))
                    reactions[row["annotationID"], default: []].append(reaction)
                }
            }
            if parts.views {
                for row in try db.rows(
                    sql: "SELECT * FROM views WHERE annotationID IN (\(list)) ORDER BY firstReadAt, userID",
                    arguments: arguments)
                {
                    let key: String = row["annotationID"]
                    viewers[key, default: []].append(try row.identifier("userID"))
                    viewCounts[key, default: 0] += row["count"] as Int
                }
            }
            if parts.attachments {
                for row in try db.rows(
                    sql: "SELECT * FROM attachments WHERE annotationID IN (\(list)) ORDER BY annotationID, position",
                    arguments: arguments)
                {
                    attachments[row["annotationID"], default: []].append(AttachmentRecord.attachment(from: row))
                }
            }
        }
        for index in annotations.indices {
            let key = annotations[index].id.uuidString
            annotations[index].permissions = grants[key] ?? []
            annotations[index].reactions = reactions[key] ?? []
            annotations[index].viewedBy = viewers[key] ?? []
            annotations[index].viewCount = viewCounts[key] ?? 0
            annotations[index].attachments = attachments[key] ?? []
        }
    }

    /// Which parts the `count` annotations whose ids are `arguments` have at all: one statement
    /// of four index probes, the ids bound once (`?1`, `?2`, … are reused by each probe).
    private static func presentParts(
        count: Int, arguments: StatementArguments, in db: Database
    ) throws -> Parts {
        let list = (1...count).map { "?\($0)" }.joined(separator: ", ")
        guard
            let row = try db.row(
                sql: """
                    SELECT EXISTS(SELECT 1 FROM grants WHERE targetType = 'annotation' AND targetID IN (\(list))),
                        EXISTS(SELECT 1 FROM reactions WHERE annotationID IN (\(list))),
                        EXISTS(SELECT 1 FROM views WHERE annotationID IN (\(list))),
                        EXISTS(SELECT 1 FROM attachments WHERE annotationID IN (\(list)))
                    """,
                arguments: arguments)
        else { return Parts(grants: false, reactions: false, views: false, attachments: false) }
        return Parts(grants: row[0], reactions: row[1], views: row[2], attachments: row[3])
    }
}
