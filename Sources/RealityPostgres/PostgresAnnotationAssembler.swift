import Foundation
import PostgresNIO
import RealityCore

/// Completes annotations read from their table with the parts kept in other tables — grants,
/// reactions, viewers, view counts and attachments — in one prepared query per table for the
/// whole batch, as the SQLite store's `AnnotationAssembler` does.
enum PostgresAnnotationAssembler {
    /// `annotations`, in order, each complete.
    static func complete(
        _ annotations: [Annotation], on connection: PostgresConnection, logger: Logger
    ) async throws -> [Annotation] {
        guard !annotations.isEmpty else { return [] }
        let ids = annotations.map(\.id.rawValue)
        var grants: [UUID: [Permission]] = [:]
        for (target, grant) in try await connection.rows(
            GrantsStatement(targetType: "annotation", ids: ids), logger: logger)
        {
            grants[target, default: []].append(grant)
        }
        var reactions: [UUID: [Reaction]] = [:]
        for (annotationID, reaction) in try await connection.rows(ReactionsStatement(ids: ids), logger: logger) {
            reactions[annotationID, default: []].append(reaction)
        }
        var viewers: [UUID: [UserID]] = [:]
        var viewCounts: [UUID: Int] = [:]
        for (annotationID, userID, count) in try await connection.rows(ViewsStatement(ids: ids), logger: logger) {
            viewers[annotationID, default: []].append(userID)
            viewCounts[annotationID, default: 0] += count
        }
        var attachments: [UUID: [Attachment]] = [:]
        for (annotationID, attachment) in try await connection.rows(AttachmentsStatement(ids: ids), logger: logger) {
            attachments[annotationID, default: []].append(attachment)
        }
        return annotations.map { annotation in
            var annotation = annotation
            let key = annotation.id.rawValue
            annotation.permissions = grants[key] ?? []
            annotation.reactions = reactions[key] ?? []
            annotation.viewedBy = viewers[key] ?? []
            annotation.viewCount = viewCounts[key] ?? 0
            annotation.attachments = attachments[key] ?? []
            return annotation
        }
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
