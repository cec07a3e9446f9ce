import Foundation
import GRDB
import RealityCore

/// Completes annotations read from their table with the parts kept in other tables: grants,
/// reactions, viewers, view counts and attachments, in one query per part for the whole batch.
enum AnnotationAssembler {
    /// The annotations of `rows`, in order, each complete.
    static func annotations(from rows: [Row], in db: Database) throws -> [Annotation] {
        guard let first = rows.first else { return [] }
        let columns = try AnnotationRecord.Columns(first)
        var annotations = try rows.map { try AnnotationRecord.annotation(from: $0, columns: columns) }
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
        return annotations
    }
}
