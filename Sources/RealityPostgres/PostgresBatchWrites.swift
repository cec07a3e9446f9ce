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
                for chunk in annotations.chunked(into: Self.rowsPerStatement) {
                    try await saveAnnotations(Array(chunk))
                }
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

    /// Rows per multi-row statement: well under PostgreSQL's 65,535 binds at one per column and
    /// one for the search vector per annotation.
    static var rowsPerStatement: Int { 500 }

    /// Where the ID's and the deletion flag's placeholders are among an annotation's, for the
    /// search vector, which uses both.
    private static let idColumn = AnnotationColumns.table.position(of: "id")
    private static let deletedColumn = AnnotationColumns.table.position(of: "isDeleted")

    /// Upserts annotations' own fields and search vectors (their words, weight A, then their live
    /// comments', weight D; none while deleted, as SQLite keeps deleted rows out of FTS5), and
    /// replaces their attachments; at most ``rowsPerStatement`` at a time.
    func saveAnnotations(_ annotations: [Annotation]) async throws {
        var query = PostgresQueryBuilder()
        var rows: [String] = []
        rows.reserveCapacity(annotations.count)
        let table = AnnotationColumns.table
        for annotation in annotations {
            var values = try table.bind(annotation, into: &query)
            let (key, deleted) = (values[Self.idColumn], values[Self.deletedColumn])
            values.append(
                """
                CASE WHEN \(deleted) THEN NULL
                ELSE setweight(\(query.bind(SearchText.vectorLiteral(annotation.title, annotation.content.text)))::tsvector, 'A')
                    || coalesce((SELECT reality_tsvector_agg(c.search ORDER BY c.createdAt, c.id) FROM comments c
                                 WHERE c.annotationID = \(key) AND NOT c.isDeleted), ''::tsvector)
                END
                """)
            rows.append("(" + values.joined(separator: ", ") + ")")
        }
        let ids = query.bind(annotations.map(\.id.rawValue))
        try await connection.query(
            query.query(
                """
                WITH old_attachments AS (DELETE FROM attachments WHERE annotationID = ANY(\(ids)))
                INSERT INTO annotations (\(table.columnList), search)
                VALUES \(rows.joined(separator: ",\n"))
                ON CONFLICT (id) DO UPDATE SET \(table.updateAssignments), search = EXCLUDED.search
                """), logger: logger)
        try await insertAttachments(of: annotations)
    }

    private func insertAttachments(of annotations: [Annotation]) async throws {
        var query = PostgresQueryBuilder()
        var rows: [String] = []
        for annotation in annotations {
            for (index, attachment) in annotation.attachments.enumerated() {
                rows.append(
                    "("
                        + [
                            query.bind(attachment.id), query.bind(annotation.id.rawValue), query.bind(Int64(index)),
                            query.bind(attachment.fileName), query.bind(attachment.fileType),
                            query.bind(attachment.fileSize),
                            try query.bindOptional(attachment.localURL?.absoluteString),
                            try query.bindOptional(attachment.cloudAssetID),
                            try query.bindOptional(attachment.thumbnailURL?.absoluteString),
                            try query.bindOptional(attachment.uploadedAt?.storeValue),
                        ].joined(separator: ", ") + ")")
            }
        }
        guard !rows.isEmpty else { return }
        try await connection.query(
            query.query(
                """
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
            "("
                + [
                    query.bind(activity.id), query.bind(activity.kind.rawValue), query.bind(activity.actorID.rawValue),
                    try query.bindOptional(activity.annotationID?.rawValue),
                    try query.bindOptional(activity.layerID?.rawValue),
                    try query.bindOptional(activity.commentID?.rawValue), query.bind(activity.summary),
                    query.bind(activity.createdAt.storeValue),
                ].joined(separator: ", ") + ")"
        }
        try await connection.query(
            query.query(
                """
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
