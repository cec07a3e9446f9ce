import Foundation
import GRDB
import RealityCore

/// Reads annotations from their table and completes them with the parts kept in other tables:
/// grants, reactions, viewers, view counts and attachments, in one query per part for the whole
/// batch.
enum AnnotationAssembler {
    /// The annotations `sql` selects (the columns of ``AnnotationRecord/selection``, in any
    /// order, and maybe others), in order, each complete.
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
        var columns: AnnotationRecord.Columns?
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        while let row = try rows.next() {
            let resolved = try columns ?? AnnotationRecord.Columns(row)
            columns = resolved
            read.append((try AnnotationRecord.annotation(from: row, columns: resolved), try extra(row)))
        }
        var annotations = read.map(\.annotation)
        try complete(&annotations, in: db)
        return zip(annotations, read).map { ($0, $1.extra) }
    }

    /// Adds to each of `annotations` its grants, reactions, viewers, view count and attachments.
    private static func complete(_ annotations: inout [Annotation], in db: Database) throws {
        guard !annotations.isEmpty else { return }
        let ids = annotations.map(\.id.uuidString)
        let grants = try GrantRecord.grants(targetType: "annotation", ids: ids, in: db)
        var reactions: [String: [Reaction]] = [:]
        var viewers: [String: [UserID]] = [:]
        var viewCounts: [String: Int] = [:]
        var attachments: [String: [Attachment]] = [:]
        for chunk in ids.chunked(into: 500) {
            let list = placeholders(chunk.count)
            let arguments = StatementArguments(Array(chunk))
            for row in try db.rows(sql: "SELECT * FROM reactions WHERE annotationID IN (\(list)) ORDER BY createdAt, userID, emoji",
                arguments: arguments)
            {
                let reaction = Reaction(
                    id: UUID(uuidString: row["id"]) ?? UUID(), emoji: row["emoji"],
                    userID: try row.identifier("userID"), createdAt: row.date("createdAt"))
                reactions[row["annotationID"], default: []].append(reaction)
            }
            for row in try db.rows(sql: "SELECT * FROM views WHERE annotationID IN (\(list)) ORDER BY firstReadAt, userID",
                arguments: arguments)
            {
                let key: String = row["annotationID"]
                viewers[key, default: []].append(try row.identifier("userID"))
                viewCounts[key, default: 0] += row["count"] as Int
            }
            for row in try db.rows(sql: "SELECT * FROM attachments WHERE annotationID IN (\(list)) ORDER BY annotationID, position",
                arguments: arguments)
            {
                attachments[row["annotationID"], default: []].append(AttachmentRecord.attachment(from: row))
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
}
