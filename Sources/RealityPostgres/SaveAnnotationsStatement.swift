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
    private static let layout = AnnotationColumns.table.unnest(extra: [words], from: 1)
    /// The placeholder of the IDs' array (placeholders count from 1, in declared order).
    private static let ids = "$\(AnnotationColumns.table.position(of: "id") + 1)"

    static let sql = """
        WITH old_attachments AS (DELETE FROM attachments WHERE annotationID = ANY(\(ids)))
        \(insert(from: layout))
        ON CONFLICT (id) DO UPDATE SET \(AnnotationColumns.table.updateAssignments), search = EXCLUDED.search
        """
    static let bindingDataTypes =
        AnnotationColumns.table.declaration.columns.map(\.type.postgresTypes.array) + [words.type.postgresTypes.array]
    typealias Row = Void

    /// The declared columns' arrays, in order, then the words'.
    var columns: [PostgresColumnArray]

    /// The statement for `annotations`.
    init(_ annotations: [Annotation]) throws {
        columns = try AnnotationColumns.table.columnArrays(annotations) + [try Self.words(of: annotations)]
    }

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: columns.count)
        for column in columns { bindings.append(column) }
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}

    // MARK: - The text both forms share

    /// The column that follows the declared ones: each note's own words, as a tsvector literal.
    static let words: (name: String, type: ColumnType) = ("words", .text)

    /// The words' array for `annotations` (``words``).
    static func words(of annotations: some Collection<Annotation>) throws -> PostgresColumnArray {
        try PostgresColumnArray(.text, annotations) { .text(SearchText.vectorLiteral($0.title, $0.content.text)) }
    }

    /// `INSERT INTO annotations … SELECT … FROM unnest(…)`: the rows of `layout` (the declared
    /// columns, then ``words``) with their search vectors; with `number`, an expression, as each
    /// row's `changeSeq`, `createdSeq` and `placedSeq` (``NumberedCreates``).
    static func insert(from layout: (source: String, values: [String]), numbered number: String? = nil) -> String {
        let columns = ["changeSeq", "createdSeq", "placedSeq"]
        let numbers = number.map { value in columns.map { (column: $0, value: value) } }
        return """
            INSERT INTO annotations (\(AnnotationColumns.table.columnList), search\(numbers?.map { ", " + $0.column }.joined() ?? ""))
            SELECT \(layout.values.joined(separator: ", ")),
                CASE WHEN u.isDeleted THEN NULL
                ELSE setweight(u.\(words.name)::tsvector, 'A')
                    || coalesce((SELECT reality_tsvector_agg(c.search ORDER BY c.createdAt, c.id) FROM comments c
                                 WHERE c.annotationID = u.id AND NOT c.isDeleted), ''::tsvector)
                END\(numbers?.map { ", " + $0.value }.joined() ?? "")
            FROM \(layout.source)
            """
    }
}
