import Foundation
import PostgresNIO
import RealityCore

/// Completes annotations read from their table with the parts kept in other tables — grants,
/// reactions, viewers, view counts and attachments — in one prepared query for the whole batch
/// (``AnnotationPartsStatement``), as the SQLite store's `AnnotationAssembler` does.
enum PostgresAnnotationAssembler {
    /// `annotations`, in order, each complete.
    static func complete(
        _ annotations: [Annotation], on connection: PostgresConnection, logger: Logger
    ) async throws -> [Annotation] {
        guard !annotations.isEmpty else { return [] }
        var index: [UUID: Int] = [:]
        for (position, annotation) in annotations.enumerated() { index[annotation.id.rawValue] = position }
        var complete = annotations
        for (id, row) in try await connection.rows(
            AnnotationPartsStatement(ids: Array(index.keys)), logger: logger)
        {
            guard let position = index[id] else { continue }
            var cells = ColumnReader(row, from: 1)
            try AnnotationPartsSQL.read(&cells, into: &complete[position])
        }
        return complete
    }

    /// `layers` with their grants attached.
    static func complete(_ layers: [Layer], on connection: PostgresConnection, logger: Logger) async throws -> [Layer] {
        guard !layers.isEmpty else { return [] }
        var grants: [UUID: [Permission]] = [:]
        let statement = GrantsStatement(targetType: "layer", ids: layers.map(\.id.rawValue))
        for (target, grant) in try await connection.rows(statement, logger: logger) {
            grants[target, default: []].append(grant)
        }
        return layers.map { layer in
            var layer = layer
            layer.permissions = grants[layer.id.rawValue] ?? []
            return layer
        }
    }
}
