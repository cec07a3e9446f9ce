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
    ///
    /// New rows are inserted with `ON CONFLICT(id) DO NOTHING`, so that the unique index on `id`
    /// answers whether an annotation is already stored while its row goes in, instead of a
    /// query for every ID first; the rare stored ones are then updated one by one.
    static func save(_ run: [Annotation], in db: Database) throws {
        let keys = run.map { $0.id.uuidString }
        guard run.count > 1, Set(keys).count == keys.count else {
            for annotation in run { try AnnotationWrites.save(annotation, in: db) }
            return
        }
        let first = (try db.value(Int64.self, sql: "SELECT coalesce(max(rowid), 0) FROM annotations") ?? 0) + 1
        let last = first + Int64(run.count) - 1
        var fresh = run
        if try insertRows(run, from: first, in: db) < run.count {
            // A row whose ID was stored already was skipped, leaving its rowid unused.
            let inserted = Set(
                try db.values(
                    String.self, sql: "SELECT id FROM annotations WHERE rowid BETWEEN ? AND ?",
                    arguments: [first, last]))
            fresh = []
            for (annotation, key) in zip(run, keys) {
                if inserted.contains(key) {
                    fresh.append(annotation)
                } else {
                    try AnnotationWrites.save(annotation, in: db)
                }
            }
        }
        for annotation in fresh where !annotation.attachments.isEmpty {
            try AttachmentRecord.save(annotation, isNew: true, in: db)
        }
        try indexRange(first...last, in: db)
    }

    /// Adds the R*Tree boxes and full-text entries of the live rows in `range`, copying them
    /// inside SQLite rather than binding every value again.
    private static func indexRange(_ range: ClosedRange<Int64>, in db: Database) throws {
        let bounds: StatementArguments = [range.lowerBound, range.upperBound]
        try db.cachedStatement(sql: rtreeCopySQL).execute(arguments: bounds)
        try db.cachedStatement(sql: ftsCopySQL).execute(arguments: bounds)
    }

    // The unary plus keeps `isDeleted = 0` from being answered by an index: without it SQLite
    // chose `annotations_created (isDeleted, createdAt)` and walked every live annotation to
    // find the new rowids, twice per batch, so a batch took longer the larger the table (at
    // 100,000 annotations, a fifth of the insert benchmark's time).

    /// Copies the boxes of the live rows in a rowid range into the R*Tree.
    static let rtreeCopySQL = """
        INSERT INTO annotation_rtree (id, minX, maxX, minY, maxY, minZ, maxZ)
        SELECT rowid, x, x, y, y, z, z FROM annotations WHERE rowid BETWEEN ? AND ? AND +isDeleted = 0
        """

    /// Copies the title, text and comments of the live rows in a rowid range into the
    /// full-text index.
    static let ftsCopySQL = """
        INSERT INTO annotation_fts (rowid, title, text, comments)
        SELECT a.rowid, a.title, a.text,
            (SELECT group_concat(c.text, ' ') FROM comments c WHERE c.annotationID = a.id AND c.isDeleted = 0)
        FROM annotations a WHERE a.rowid BETWEEN ? AND ? AND +a.isDeleted = 0
        """

    /// Inserts the rows of `run` whose ID is not stored yet, the `n`th with rowid `first + n`;
    /// returns how many it inserted.
    private static func insertRows(_ run: [Annotation], from first: Int64, in db: Database) throws -> Int {
        var inserted = 0
        for range in run.statementRanges(maxRows: rowsPerStatement) {
            let sql = range.count == rowsPerStatement ? fullInsertSQL : insertSQL(rows: range.count)
            try db.cachedStatement(sql: sql).execute { bindings in
                for index in range {
                    bindings.bind(first + Int64(index))
                    try AnnotationRecord.bind(run[index], to: &bindings)
                }
            }
            inserted += db.changesCount
        }
        return inserted
    }

    private static let fullInsertSQL = insertSQL(rows: rowsPerStatement)

    private static func insertSQL(rows: Int) -> String {
        let tuple = "(" + placeholders(AnnotationRecord.insertWidth + 1) + ")"
        return """
            INSERT INTO annotations (rowid, \(AnnotationRecord.insertColumns))
            VALUES \(Array(repeating: tuple, count: rows).joined(separator: ", "))
            ON CONFLICT(id) DO NOTHING
            """
    }
}
