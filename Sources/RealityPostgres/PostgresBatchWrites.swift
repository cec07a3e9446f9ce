import Foundation
import PostgresNIO
import RealityCore

extension PostgresWrites {
    /// Applies `changes` in order. Runs of annotation saves and of activities (a run of creates
    /// pushed by a device brings hundreds of each) go in statements of one array per column
    /// (``PostgresColumnArray``), one round trip per chunk instead of one per record; everything
    /// else goes one change at a time.
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

    /// Rows per statement: bounds the size of one statement's arrays (a push brings at most 400).
    static var rowsPerStatement: Int { 500 }

    /// Upserts annotations' own fields and search vectors and replaces their attachments; at most
    /// ``rowsPerStatement`` at a time (``SaveAnnotationsStatement``).
    func saveAnnotations(_ annotations: [Annotation]) async throws {
        _ = try await connection.rows(try SaveAnnotationsStatement(annotations), logger: logger)
        try await insertAttachments(of: annotations)
    }

    /// Writes the attachments of `annotations` (upserts by the attachment's ID; what a note no
    /// longer holds is deleted by its save).
    func insertAttachments(of annotations: [Annotation]) async throws {
        let rows = annotations.flatMap { annotation in
            annotation.attachments.enumerated().map { (annotation.id, Int64($0.offset), $0.element) }
        }
        guard !rows.isEmpty else { return }
        var query = PostgresQueryBuilder()
        let columns = try [
            query.bind(column: .init(.uuid, rows) { .uuid($0.2.id) }),
            query.bind(column: .init(.uuid, rows) { .uuid($0.0.rawValue) }),
            query.bind(column: .init(.integer, rows) { .integer($0.1) }),
            query.bind(column: .init(.text, rows) { .text($0.2.fileName) }),
            query.bind(column: .init(.text, rows) { .text($0.2.fileType) }),
            query.bind(column: .init(.integer, rows) { .integer($0.2.fileSize) }),
            query.bind(column: .init(.text, rows) { $0.2.localURL.map { .text($0.absoluteString) } ?? .null }),
            query.bind(column: .init(.text, rows) { $0.2.cloudAssetID.map(StoredValue.text) ?? .null }),
            query.bind(column: .init(.text, rows) { $0.2.thumbnailURL.map { .text($0.absoluteString) } ?? .null }),
            query.bind(column: .init(.integer, rows) { $0.2.uploadedAt.map { .integer($0.storeValue) } ?? .null }),
        ]
        try await connection.query(
            query.query(
                """
                INSERT INTO attachments (
                    id, annotationID, position, fileName, fileType, fileSize, localURL, cloudAssetID, thumbnailURL, uploadedAt
                ) SELECT * FROM unnest(\(columns.joined(separator: ", ")))
                ON CONFLICT (id) DO UPDATE SET
                    annotationID = EXCLUDED.annotationID, position = EXCLUDED.position, fileName = EXCLUDED.fileName,
                    fileType = EXCLUDED.fileType, fileSize = EXCLUDED.fileSize, localURL = EXCLUDED.localURL,
                    cloudAssetID = EXCLUDED.cloudAssetID, thumbnailURL = EXCLUDED.thumbnailURL,
                    uploadedAt = EXCLUDED.uploadedAt
                """), logger: logger)
    }

    private func saveActivities(_ activities: [Activity]) async throws {
        var query = PostgresQueryBuilder()
        let columns = try [
            query.bind(column: .init(.uuid, activities) { .uuid($0.id) }),
            query.bind(column: .init(.text, activities) { .text($0.kind.rawValue) }),
            query.bind(column: .init(.uuid, activities) { .uuid($0.actorID.rawValue) }),
            query.bind(column: .init(.uuid, activities) { $0.annotationID.map { .uuid($0.rawValue) } ?? .null }),
            query.bind(column: .init(.uuid, activities) { $0.layerID.map { .uuid($0.rawValue) } ?? .null }),
            query.bind(column: .init(.uuid, activities) { $0.commentID.map { .uuid($0.rawValue) } ?? .null }),
            query.bind(column: .init(.text, activities) { .text($0.summary) }),
            query.bind(column: .init(.integer, activities) { .integer($0.createdAt.storeValue) }),
        ]
        try await connection.query(
            query.query(
                """
                INSERT INTO activities (id, kind, actorID, annotationID, layerID, commentID, summary, createdAt)
                SELECT * FROM unnest(\(columns.joined(separator: ", ")))
                ON CONFLICT (id) DO UPDATE SET
                    kind = EXCLUDED.kind, actorID = EXCLUDED.actorID, annotationID = EXCLUDED.annotationID,
                    layerID = EXCLUDED.layerID, commentID = EXCLUDED.commentID, summary = EXCLUDED.summary,
                    createdAt = EXCLUDED.createdAt
                """), logger: logger)
    }
}

extension Array {
    /// The array in consecutive slices of at most `size` elements.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
