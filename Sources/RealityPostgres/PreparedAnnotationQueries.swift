import Foundation
import PostgresNIO
import RealityCore

/// The annotation list query's most frequent shapes, prepared once per connection: a nearby read
/// (`GET /api/v1/annotations/nearby`) and a text search (`GET /api/v1/search`).
///
/// ``PostgresAnnotationQuery`` writes one statement per query, and a statement of its own kind is
/// parsed and planned on every call: 0.25 ms and 0.6 ms of a nearby read whose run takes 0.03 ms
/// (the layer walk's four branches are most of the plan). A query of one of these shapes has, as
/// every value is bound, exactly the text of the shape's statement, which is built by the same
/// builder from a sample query: a shape that changes changes both, and a query whose text differs
/// in any way runs as before. After five calls PostgreSQL keeps one generic plan per connection
/// when it costs no more than the calls' own plans, as it does for these (docs/performance.md).
enum PreparedAnnotationQueries {
    /// The rows of `statement`, run prepared when its text is one of the shapes'.
    static func rows(
        of statement: PostgresAnnotationQuery, on connection: PostgresConnection, logger: Logger
    ) async throws -> [Annotation] {
        switch statement.sql {
        case NearbyShape.sql:
            try await connection.rows(NearbyAnnotationsStatement(bindings: statement.binds), logger: logger)
        case TextSearchShape.sql:
            try await connection.rows(TextSearchStatement(bindings: statement.binds), logger: logger)
        default:
            try await connection.rows(statement.query, logger: logger, AnnotationColumns.annotation(from:))
        }
    }

    /// The text of the statement for queries shaped like `sample`.
    fileprivate static func sql(of sample: AnnotationQuery) -> String {
        guard let statement = PostgresAnnotationQuery(sample) else {
            preconditionFailure("the sample query of a prepared shape matches nothing")
        }
        return statement.sql
    }

    /// A viewer for the sample queries: only the shape of what they bind matters.
    fileprivate static let sampleViewer = UserID(UUID())
}

/// A shape of the list query that runs prepared: a sample query of that shape.
protocol PreparedAnnotationShape {
    /// The shape's statement text, built from its sample query.
    static var sql: String { get }
}

/// One query of `Shape`, run as the prepared statement of its shape.
struct PreparedAnnotationStatement<Shape: PreparedAnnotationShape>: PostgresPreparedStatement {
    /// Named by the shape alone: the generic type's full name would pass PostgreSQL's 63 bytes.
    static var name: String { "RealityPostgres.\(Shape.self)" }
    static var sql: String { Shape.sql }
    typealias Row = Annotation

    /// The values of one query, in its statement's placeholder order.
    var bindings: PostgresBindings

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> Annotation { try AnnotationColumns.annotation(from: row) }
}

/// `DefaultAnnotationService.fetchNearby`'s query: a sphere, nearest first.
enum NearbyShape: PreparedAnnotationShape {
    static let sql = PreparedAnnotationQueries.sql(
        of: AnnotationQuery(
            viewer: PreparedAnnotationQueries.sampleViewer, near: .init(center: .zero, radius: 1),
            order: .nearestFirst, limit: AnnotationQuery.maxLimit))
}

/// `DefaultSearchService.search`'s query with words and no other filter: best match first.
enum TextSearchShape: PreparedAnnotationShape {
    static let sql = PreparedAnnotationQueries.sql(
        of: AnnotationQuery(
            viewer: PreparedAnnotationQueries.sampleViewer, text: "shape", order: .relevance,
            limit: AnnotationQuery.defaultLimit))
}

/// The prepared nearby read.
typealias NearbyAnnotationsStatement = PreparedAnnotationStatement<NearbyShape>
/// The prepared text search.
typealias TextSearchStatement = PreparedAnnotationStatement<TextSearchShape>
