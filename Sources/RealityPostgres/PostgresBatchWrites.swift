import Foundation
import PostgresNIO
import RealityCore

extension PostgresWrites {
    /// Applies `changes` in order. Runs of annotation saves and of activities (a run of creates
    /// pushed by a device brings hundreds of each) go in multi-row statements, one round trip per
    /// chunk instead of one per record; everything else goes one change at a time.
    func apply(_ changes: [Change]) async throws {
        var index = changes.startIndex
        while index < changes.endIndex {
            var annotations: [Annotation] = []
            while index < changes.endIndex, case .saveAnnotation(let annotation) = changes[index] {
                annotations.append(annotation)
                index += 1
            }
            if !annotations.isEmpty {
                for chunk in annotations.chunked(into: Self.rowsPerStatement) { try await saveAnnotations(Array(chunk)) }
                continue
            }
            var activities: [Activity] = []
            while index < changes.endIndex, case .addActivity(let activity) = changes[index] {
                activities.append(activity)
                index += 1
            }
            if activities.count > 1 {
                for chunk in activities.chunked(into: Self.rowsPerStatement) { try await saveActivities(Array(chunk)) }
                continue
            }
            if let activity = activities.first {
                try await apply(.addActivity(activity))
                continue
            }
            try await apply(changes[index])
            index += 1
        }
    }

    /// Rows per multi-row statement: well under PostgreSQL's 65,535 binds at 27 per annotation.
    static var rowsPerStatement: Int { 500 }

    /// Upserts annotations' own fields and search vectors (their words, weight A, then their live
    /// comments', weight D; none while deleted, as SQLite keeps deleted rows out of FTS5), and
    /// replaces their attachments; at most ``rowsPerStatement`` at a time.
    func saveAnnotations(_ annotations: [Annotation]) async throws {
        var query = PostgresQueryBuilder()
        var rows: [String] = []
        rows.reserveCapacity(annotations.count)
        for annotation in annotations {
            let content = annotation.content
            let (p, q) = (annotation.position, annotation.orientation)
            let rules = try annotation.visibilityRules.map(ColumnJSON.encode)
            let key = query.bind(annotation.id.rawValue)
            let deleted = query.bind(annotation.isDeleted)
            let values = [
                key, query.bind(annotation.type.rawValue), query.bind(annotation.status.rawValue),
                try query.bindOptional(annotation.title), try query.bindOptional(content.text),
                try query.bindOptional(content.drawingData), try query.bindOptional(content.mediaURL?.absoluteString),
                try query.bindOptional(content.cloudAssetID), try query.bindOptional(content.richTextData),
                query.bind(Double(p.x)), query.bind(Double(p.y)), query.bind(Double(p.z)),
                query.bind(Double(q.x)), query.bind(Double(q.y)), query.bind(Double(q.z)), query.bind(Double(q.w)),
                query.bind(Double(annotation.scale)), query.bind(annotation.anchorID.rawValue),
                query.bind(annotation.layerID.rawValue), query.bind(annotation.ownerID.rawValue),
                try query.bindOptional(rules) + "::jsonb", try query.bindOptional(annotation.visibilityRules?.expiresAt?.storeValue),
                query.bind(annotation.createdAt.storeValue), query.bind(annotation.updatedAt.storeValue), deleted,
                try query.bindOptional(annotation.lastSyncedAt?.storeValue),
                try query.bindOptional(annotation.fieldStamps.map(ColumnJSON.encode)) + "::jsonb",
                """
                CASE WHEN \(deleted) THEN NULL
                ELSE setweight(\(query.bind(SearchText.vectorLiteral(annotation.title, content.text)))::tsvector, 'A')
                    || coalesce((SELECT reality_tsvector_agg(c.search ORDER BY c.createdAt, c.id) FROM comments c
                                 WHERE c.annotationID = \(key) AND NOT c.isDeleted), ''::tsvector)
                END
                """,
            ]
            rows.append("(" + values.joined(separator: ", ") + ")")
        }
        let ids = query.bind(annotations.map(\.id.rawValue))
        try await connection.query(query.query("""
            WITH old_attachments AS (DELETE FROM attachments WHERE annotationID = ANY(\(ids)))
            INSERT INTO annotations (
                id, type, status, title, text, drawingData, mediaURL, cloudAssetID, richTextData,
                x, y, z, qx, qy, qz, qw, scale, anchorID, layerID, ownerID,
                visibilityRules, visibleUntil, createdAt, updatedAt, isDeleted, lastSyncedAt, fieldStamps, search
            ) VALUES \(rows.joined(separator: ",\n"))
            ON CONFLICT (id) DO UPDATE SET
                type = EXCLUDED.type, status = EXCLUDED.status, title = EXCLUDED.title, text = EXCLUDED.text,
                drawingData = EXCLUDED.drawingData, mediaURL = EXCLUDED.mediaURL, cloudAssetID = EXCLUDED.cloudAssetID,
                richTextData = EXCLUDED.richTextData, x = EXCLUDED.x, y = EXCLUDED.y, z = EXCLUDED.z,
                qx = EXCLUDED.qx, qy = EXCLUDED.qy, qz = EXCLUDED.qz, qw = EXCLUDED.qw, scale = EXCLUDED.scale,
                anchorID = EXCLUDED.anchorID, layerID = EXCLUDED.layerID, ownerID = EXCLUDED.ownerID,
                visibilityRules = EXCLUDED.visibilityRules, visibleUntil = EXCLUDED.visibleUntil,
                createdAt = EXCLUDED.createdAt, updatedAt = EXCLUDED.updatedAt, isDeleted = EXCLUDED.isDeleted,
                lastSyncedAt = EXCLUDED.lastSyncedAt, fieldStamps = EXCLUDED.fieldStamps, search = EXCLUDED.search
            """), logger: logger)
        try await insertAttachments(of: annotations)
    }

    private func insertAttachments(of annotations: [Annotation]) async throws {
        var query = PostgresQueryBuilder()
        var rows: [String] = []
        for annotation in annotations {
            for (index, attachment) in annotation.attachments.enumerated() {
                rows.append("(" + [
                    query.bind(attachment.id), query.bind(annotation.id.rawValue), query.bind(Int64(index)),
                    query.bind(attachment.fileName), query.bind(attachment.fileType), query.bind(attachment.fileSize),
                    try query.bindOptional(attachment.localURL?.absoluteString),
                    try query.bindOptional(attachment.cloudAssetID),
                    try query.bindOptional(attachment.thumbnailURL?.absoluteString),
                    try query.bindOptional(attachment.uploadedAt?.storeValue),
                ].joined(separator: ", ") + ")")
            }
        }
        guard !rows.isEmpty else { return }
        try await connection.query(query.query("""
            INSERT INTO attachments (
                id, annotationID, position, fileName, fileType, fileSize, localURL, cloudAssetID, thumbnailURL, uploadedAt
            ) VALUES \(rows.joined(separator: ",\n"))
            ON CONFLICT (id) DO UPDATE SET
                annotationID = EXCLUDED.annotationID, position = EXCLUDED.position, fileName = EXCLUDED.fileName,
                fileType = EXCLUDED.fileType, fileSize = EXCLUDED.fileSize, localURL = EXCLUDED.localURL,
                cloudAssetID = EXCLUDED.cloudAssetID, thumbnailURL = EXCLUDED.thumbnailURL,
                uploadedAt = EXCLUDED.uploadedAt
            """), logger: logger)
    }

    private func saveActivities(_ activities: [Activity]) async throws {
        var query = PostgresQueryBuilder()
        let rows = try activities.map { activity in
            "(" + [
                query.bind(activity.id), query.bind(activity.kind.rawValue), query.bind(activity.actorID.rawValue),
                try query.bindOptional(activity.annotationID?.rawValue), try query.bindOptional(activity.layerID?.rawValue),
                try query.bindOptional(activity.commentID?.rawValue), query.bind(activity.summary),
                query.bind(activity.createdAt.storeValue),
            ].joined(separator: ", ") + ")"
        }
        try await connection.query(query.query("""
            INSERT INTO activities (id, kind, actorID, annotationID, layerID, commentID, summary, createdAt)
            VALUES \(rows.joined(separator: ",\n"))
            ON CONFLICT (id) DO UPDATE SET
                kind = EXCLUDED.kind, actorID = EXCLUDED.actorID, annotationID = EXCLUDED.annotationID,
                layerID = EXCLUDED.layerID, commentID = EXCLUDED.commentID, summary = EXCLUDED.summary,
                createdAt = EXCLUDED.createdAt
            """), logger: logger)
    }
}

extension PostgresQueryBuilder {
    /// Binds `value`, or NULL, and answers its placeholder.
    mutating func bindOptional(_ value: (some PostgresThrowingDynamicTypeEncodable)?) throws -> String {
        guard let value else { return bindNull() }
        return try bindThrowing(value)
    }
}

extension Array {
    /// The array in consecutive slices of at most `size` elements.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
