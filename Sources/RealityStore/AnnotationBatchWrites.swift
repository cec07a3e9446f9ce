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
        let last = first + Int64(fresh.count) - 1
        try indexRange(first...last, in: db)
    }

    /// Adds the R*Tree boxes and full-text entries of the live rows in `range`, copying them
    /// inside SQLite rather than binding every value again.
    private static func indexRange(_ range: ClosedRange<Int64>, in db: Database) throws {
        let bounds: StatementArguments = [range.lowerBound, range.upperBound]
        try db.cachedStatement(sql: """
            INSERT INTO annotation_rtree (id, minX, maxX, minY, maxY, minZ, maxZ)
            SELECT rowid, x, x, y, y, z, z FROM annotations WHERE rowid BETWEEN ? AND ? AND isDeleted = 0
            """).execute(arguments: bounds)
        try db.cachedStatement(sql: """
            INSERT INTO annotation_fts (rowid, title, text, comments)
            SELECT a.rowid, a.title, a.text,
                (SELECT group_concat(c.text, ' ') FROM comments c WHERE c.annotationID = a.id AND c.isDeleted = 0)
            FROM annotations a WHERE a.rowid BETWEEN ? AND ? AND a.isDeleted = 0
            """).execute(arguments: bounds)
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

}
