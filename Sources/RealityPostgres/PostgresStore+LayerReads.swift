import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: LayerRepository {
    public func layer(id: LayerID) async throws -> Layer? {
        try await layers("SELECT \(unescaped: LayerColumns.selection) FROM layers l WHERE l.id = \(id.rawValue)").first
    }

    public func layerChain(startingAt id: LayerID) async throws -> LayerChain {
        try await read { connection in
            LayerChain(try await connection.rows(LayerChainStatement(id: id.rawValue), logger: logger))
        }
    }

    public func layers(visibleTo viewer: UserID, at date: Date) async throws -> [Layer] {
        var query = PostgresQuery(
            unsafeSQL: """
                WITH RECURSIVE \(PostgresAccessSQL.visibleLayersCTE(viewer: "$1", now: "$2"))
                SELECT \(LayerColumns.selection) FROM layers l
                WHERE l.id IN (SELECT id FROM visible_layers) ORDER BY l.createdAt, l.id
                """)
        query.binds.append(viewer.rawValue)
        query.binds.append(date.storeValue)
        return try await layers(query)
    }

    public func childLayers(of id: LayerID) async throws -> [Layer] {
        try await layers(
            """
            SELECT \(unescaped: LayerColumns.selection) FROM layers l
            WHERE l.parentLayerID = \(id.rawValue) AND NOT l.isDeleted ORDER BY l.createdAt, l.id
            """)
    }

    public func descendantLayers(of id: LayerID) async throws -> [Layer] {
        try await layers(
            """
            WITH RECURSIVE below(id, depth) AS (
                SELECT id, 1 FROM layers WHERE parentLayerID = \(id.rawValue) AND NOT isDeleted
                UNION
                SELECT l.id, b.depth + 1 FROM layers l JOIN below b ON l.parentLayerID = b.id
                WHERE NOT l.isDeleted AND b.depth < \(LayerChain.maxDepth)
            )
            SELECT \(unescaped: LayerColumns.selection) FROM layers l
            WHERE l.id IN (SELECT id FROM below) ORDER BY l.createdAt, l.id
            """)
    }

    public func layerCount(ownedBy owner: UserID) async throws -> Int {
        try await read { connection in
            try await connection.rows(
                "SELECT count(*) FROM layers WHERE ownerID = \(owner.rawValue) AND NOT isDeleted AND id <> \(LayerID.defaultLayer(of: owner).rawValue)",
                logger: logger
            ) { try $0.decode(Int.self) }.first ?? 0
        }
    }

    /// The layers `query` selects (columns of `LayerColumns.selection`), with their grants.
    private func layers(_ query: PostgresQuery) async throws -> [Layer] {
        try await read { connection in
            let rows = try await connection.rows(query, logger: logger, LayerColumns.layer(from:))
            return try await PostgresAnnotationAssembler.complete(rows, on: connection, logger: logger)
        }
    }
}
