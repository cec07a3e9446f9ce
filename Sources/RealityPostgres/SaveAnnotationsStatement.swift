import Foundation
import PostgresNIO
import RealityCore

/// Upserts a batch of annotations, one array per column (``PostgresColumnArray``), with their
/// search vectors (their words, weight A, then their live comments', weight D; none while
/// deleted, as SQLite keeps deleted rows out of FTS5), and deletes their attachments, which the
/// caller writes again. Its text is the same for a batch of any size, so it is prepared once per
/// connection: a device's push of 400 notes and a single create both skip parsing and planning.
struct SaveAnnotationsStatement: PostgresPreparedStatement {
    /// The rows as `unnest` reads them: the declared columns, then the words of each.
    private static let layout = AnnotationColumns.table.unnest(extra: [("words", .text)], from: 1)
    /// The placeholder of the IDs' array (placeholders count from 1, in declared order).
    private static let ids = "$\(AnnotationColumns.table.position(of: "id") + 1)"

    static let sql = """
        WITH old_attachments AS (DELETE FROM attachments WHERE annotationID = ANY(\(ids)))
        INSERT INTO annotations (\(AnnotationColumns.table.columnList), search)
        SELECT \(layout.values.joined(separator: ", ")),
            CASE WHEN u.isDeleted THEN NULL
            ELSE setweight(u.words::tsvector, 'A')
                || coalesce((SELECT reality_tsvector_agg(c.search ORDER BY c.createdAt, c.id) FROM comments c
                             WHERE c.annotationID = u.id AND NOT c.isDeleted), ''::tsvector)
            END
        FROM \(layout.source)
        ON CONFLICT (id) DO UPDATE SET \(AnnotationColumns.table.updateAssignments), search = EXCLUDED.search
        """
    static let bindingDataTypes =
        AnnotationColumns.table.declaration.columns.map(\.type.postgresTypes.array) + [.textArray]
    typealias Row = Void

    /// The declared columns' arrays, in order, then the words'.
    var columns: [PostgresColumnArray]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: columns.count)
        for column in columns { bindings.append(column) }
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}
