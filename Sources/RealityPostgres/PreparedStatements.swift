import Foundation
import PostgresNIO
import RealityCore

// Statements that run on every read of annotations and layers, prepared once per connection
// (PostgresNIO keeps them by name) so that the server parses and plans them only once.

/// The grants on a batch of targets of one type, oldest first.
struct GrantsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT \(GrantColumns.selection) FROM grants WHERE targetType = $1 AND targetID = ANY($2)
        ORDER BY grantedAt, userID
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .uuidArray]
    typealias Row = (UUID, Permission)

    var targetType: String
    var ids: [UUID]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(targetType)
        bindings.append(ids)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try GrantColumns.grant(from: row) }
}

/// A layer followed by its ancestors, nearest first, as the SQLite store walks them, each with its
/// grants aggregated into a JSON array (in ``GrantsStatement``'s order): one round trip for what
/// every permission check reads.
struct LayerChainStatement: PostgresPreparedStatement {
    static let sql = """
        WITH RECURSIVE chain(id, depth) AS (
            SELECT $1::uuid, 0
            UNION ALL
            SELECT l.parentLayerID, c.depth + 1 FROM layers l JOIN chain c ON l.id = c.id
            WHERE l.parentLayerID IS NOT NULL AND c.depth < $2
        )
        SELECT \(LayerColumns.selection),
            (SELECT json_agg(json_build_array(g.id, g.userID, g.level, g.grantedAt, g.grantedBy, g.expiresAt)
                             ORDER BY g.grantedAt, g.userID)
             FROM grants g WHERE g.targetType = 'layer' AND g.targetID = l.id)::text
        FROM chain c JOIN layers l ON l.id = c.id ORDER BY c.depth
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .int8]
    typealias Row = Layer

    var id: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(id)
        bindings.append(Int64(LayerChain.maxDepth))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var layer = try LayerColumns.layer(from: row)
        var cells = ColumnReader(row, from: LayerColumns.count)
        layer.permissions = try cells.json([GrantCells].self)?.map(\.permission) ?? []
        return layer
    }
}

extension PostgresConnection {
    /// Every row of `query`, transformed.
    func rows<Value>(
        _ query: PostgresQuery, logger: Logger, _ transform: (PostgresRow) throws -> Value
    ) async throws -> [Value] {
        var values: [Value] = []
        for try await row in try await self.query(query, logger: logger) {
            values.append(try transform(row))
        }
        return values
    }

    /// Every row of a prepared statement, decoded.
    func rows<Statement: PostgresPreparedStatement>(
        _ statement: Statement, logger: Logger
    ) async throws -> [Statement.Row] {
        var values: [Statement.Row] = []
        for try await row in try await execute(statement, logger: logger) {
            values.append(row)
        }
        return values
    }
}

/// The live comments on one annotation, oldest first: every read of an annotation with its thread.
struct CommentsStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT \(CommentColumns.selection) FROM comments
        WHERE annotationID = $1 AND NOT isDeleted ORDER BY createdAt, id
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid]
    typealias Row = Comment

    var annotationID: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(annotationID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try CommentColumns.comment(from: row) }
}
