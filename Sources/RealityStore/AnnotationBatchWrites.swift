import Foundation
import GRDB
import RealityCore

/// Saves a run of annotations with multi-row statements: one statement per few dozen rows for
/// the table, the R*Tree, the full-text index and the outbox, instead of several per row. This is
/// what makes a first sync or an import of many annotations fast; single saves take the same
/// path with a run of one.
enum AnnotationBatchWrites {
    /// Rows per multi-row `INSERT`, kept under SQLite's default limit of 32,766 parameters.
    static let rowsPerStatement = 64

    /// Inserts or replaces every annotation of `run`, in order.
    static func save(_ run: [Annotation], in db: Database) throws {
        let keys = run.map(\.id.uuidString)
        guard run.count > 1, Set(keys).count == keys.count else {
            for annotation in run { try AnnotationWrites.save(annotation, in: db) }
            return
        }
        var existing: Set<String> = []
        for chunk in keys.chunked(into: 500) {
            existing.formUnion(try db.values(
                String.self, sql: "SELECT id FROM annotations WHERE id IN (\(placeholders(chunk.count)))",
                arguments: StatementArguments(Array(chunk))))
        }
        for annotation in run where existing.contains(annotation.id.uuidString) {
            try AnnotationWrites.save(annotation, in: db)
        }
        let fresh = run.filter { !existing.contains($0.id.uuidString) }
        guard !fresh.isEmpty else { return }
        let first = (try db.value(Int64.self, sql: "SELECT coalesce(max(rowid), 0) FROM annotations") ?? 0) + 1
        let rows = fresh.enumerated().map { (rowid: first + Int64($0.offset), annotation: $0.element) }
        try insertRows(rows, in: db)
        for row in rows where !row.annotation.attachments.isEmpty {
            try AttachmentRecord.save(row.annotation, isNew: true, in: db)
        }
        let live = rows.filter { !$0.annotation.isDeleted }
        try insertBoxes(live, in: db)
        try insertText(live, in: db)
    }

    private static func insertRows(_ rows: [(rowid: Int64, annotation: Annotation)], in db: Database) throws {
        for chunk in rows.chunked(into: rowsPerStatement) {
            var values: [DatabaseValue] = []
            values.reserveCapacity(chunk.count * 27)
            for row in chunk {
                values.append(row.rowid.databaseValue)
                values += try AnnotationRecord.values(row.annotation)
            }
            let tuple = "(" + placeholders(27) + ")"
            try db.cachedStatement(sql: """
                INSERT INTO annotations (rowid, \(AnnotationRecord.insertColumns))
                VALUES \(Array(repeating: tuple, count: chunk.count).joined(separator: ", "))
                """).execute(arguments: StatementArguments(values))
        }
    }

    private static func insertBoxes(_ rows: [(rowid: Int64, annotation: Annotation)], in db: Database) throws {
        for chunk in rows.chunked(into: rowsPerStatement) {
            var values: [DatabaseValue] = []
            values.reserveCapacity(chunk.count * 7)
            for row in chunk {
                let p = row.annotation.position
                values.append(row.rowid.databaseValue)
                values += [Double(p.x), Double(p.x), Double(p.y), Double(p.y), Double(p.z), Double(p.z)].map(\.databaseValue)
            }
            try db.cachedStatement(sql: """
                INSERT INTO annotation_rtree VALUES \
                \(Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: chunk.count).joined(separator: ", "))
                """).execute(arguments: StatementArguments(values))
        }
    }

    private static func insertText(_ rows: [(rowid: Int64, annotation: Annotation)], in db: Database) throws {
        var comments: [String: String] = [:]
        for chunk in rows.map(\.annotation.id.uuidString).chunked(into: 500) {
            for row in try db.rows(
                sql: """
                    SELECT annotationID, group_concat(text, ' ') AS text FROM comments
                    WHERE annotationID IN (\(placeholders(chunk.count))) AND isDeleted = 0 GROUP BY annotationID
                    """,
                arguments: StatementArguments(Array(chunk)))
            {
                comments[row["annotationID"]] = row["text"]
            }
        }
        for chunk in rows.chunked(into: rowsPerStatement) {
            var values: [DatabaseValue] = []
            values.reserveCapacity(chunk.count * 4)
            for row in chunk {
                values += [
                    row.rowid.databaseValue, row.annotation.title.databaseValue,
                    row.annotation.content.text.databaseValue,
                    comments[row.annotation.id.uuidString].databaseValue,
                ]
            }
            try db.cachedStatement(sql: """
                INSERT INTO annotation_fts (rowid, title, text, comments) VALUES \
                \(Array(repeating: "(?, ?, ?, ?)", count: chunk.count).joined(separator: ", "))
                """).execute(arguments: StatementArguments(values))
        }
    }
}
