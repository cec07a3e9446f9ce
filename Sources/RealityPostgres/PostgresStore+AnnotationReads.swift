import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: AnnotationRepository {
    public func annotation(id: AnnotationID) async throws -> Annotation? {
        try await read { connection in
            try await connection.rows(AnnotationByIDStatement(id: id.rawValue), logger: logger).first
        }
    }

    /// One connection, two or three round trips: the annotation complete, the chain above the
    /// layer its row names (with the layers' grants), then its comments when asked for. Under read
    /// committed each statement sees its own snapshot, as separate calls do.
    /// Answered from the ``AnnotationReadCache`` while the store hears every instance's commits
    /// (``PostgresReadCaches``): every annotation route asks.
    public func annotationWithLayerChain(
        id: AnnotationID, includingComments: Bool
    ) async throws -> (annotation: Annotation, chain: LayerChain)? {
        let key = AnnotationReadCache.Key(id: id, includingComments: includingComments)
        return try await caches.answer(
            lookup: { caches.annotations.lookup(key) },
            read: { try await readAnnotationWithLayerChain(id: id, includingComments: includingComments) },
            keep: { caches.annotations.insert($0, for: key, generation: $1) })
    }

    private func readAnnotationWithLayerChain(
        id: AnnotationID, includingComments: Bool
    ) async throws -> (annotation: Annotation, chain: LayerChain)? {
        try await read { connection in
            guard
                var annotation = try await connection.rows(AnnotationByIDStatement(id: id.rawValue), logger: logger)
                    .first
            else { return nil }
            let chain = LayerChain(
                try await connection.rows(LayerChainStatement(id: annotation.layerID.rawValue), logger: logger))
            if includingComments {
                annotation.comments = try await connection.rows(
                    CommentsStatement(annotationID: id.rawValue), logger: logger)
            }
            return (annotation, chain)
        }
    }

    public func annotations(matching query: AnnotationQuery) async throws -> [Annotation] {
        try await annotations(matching: query, spatial: .index)
    }

    /// The same answer as ``annotations(matching:)`` found without the position index, by computing
    /// every live row's distance: the baseline the nearby measurements compare against.
    @_spi(Benchmarks)
    public func scanAnnotations(matching query: AnnotationQuery) async throws -> [Annotation] {
        try await annotations(matching: query, spatial: .scan)
    }

    private func annotations(
        matching query: AnnotationQuery, spatial: PostgresAnnotationQuery.SpatialPlan
    ) async throws -> [Annotation] {
        guard let statement = PostgresAnnotationQuery(query, spatial: spatial) else { return [] }
        return try await read { connection in
            let rows = try await PreparedAnnotationQueries.rows(of: statement, on: connection, logger: logger)
            return try await PostgresAnnotationAssembler.complete(rows, on: connection, logger: logger)
        }
    }

    public func annotationCount(ownedBy owner: UserID) async throws -> Int {
        try await read { connection in
            try await connection.rows(
                "SELECT count(*) FROM annotations WHERE ownerID = \(owner.rawValue) AND NOT isDeleted", logger: logger
            ) { try $0.decode(Int.self) }.first ?? 0
        }
    }

    public func trashedRecords(deletedBefore cutoff: Date, limit: Int) async throws -> ExpiredRecords {
        let (cutoff, limit) = (cutoff.storeValue, max(limit, 0))
        return try await read { connection in
            let annotations = try await connection.rows(
                "SELECT id FROM annotations WHERE isDeleted AND updatedAt < \(cutoff) LIMIT \(limit)", logger: logger
            ) { AnnotationID(try $0.decode(UUID.self)) }
            let layers = try await connection.rows(
                """
                SELECT id FROM layers l WHERE isDeleted AND updatedAt < \(cutoff)
                AND NOT EXISTS (SELECT 1 FROM annotations a WHERE a.layerID = l.id AND NOT a.isDeleted)
                LIMIT \(limit)
                """, logger: logger
            ) { LayerID(try $0.decode(UUID.self)) }
            let comments = try await connection.rows(
                "SELECT id FROM comments WHERE isDeleted AND updatedAt < \(cutoff) LIMIT \(limit)", logger: logger
            ) { CommentID(try $0.decode(UUID.self)) }
            return ExpiredRecords(annotations: annotations, layers: layers, comments: comments)
        }
    }

    public func expiringAnnotations(now: Date, limit: Int) async throws -> [AnnotationID] {
        let (now, limit) = (now.storeValue, max(limit, 0))
        return try await read { connection in
            try await connection.rows(
                """
                SELECT a.id FROM layers l JOIN annotations a ON a.layerID = l.id
                WHERE l.autoExpireDays IS NOT NULL AND NOT a.isDeleted
                  AND a.createdAt < \(now) - l.autoExpireDays * 86400000
                UNION
                SELECT id FROM annotations WHERE visibleUntil IS NOT NULL AND NOT isDeleted AND visibleUntil <= \(now)
                UNION
                SELECT a.id FROM annotations a WHERE a.viewLimit IS NOT NULL AND NOT a.isDeleted
                  AND a.viewLimit <= (SELECT coalesce(sum(v.count), 0) FROM views v WHERE v.annotationID = a.id)
                LIMIT \(limit)
                """, logger: logger
            ) { AnnotationID(try $0.decode(UUID.self)) }
        }
    }

    public func trash(of owner: UserID, limit: Int) async throws -> [TrashEntry] {
        try await read { connection in
            try await connection.rows(
                """
                SELECT 'annotation' AS kind, id, coalesce(title, left(text, 100)) AS title, type, updatedAt FROM annotations
                WHERE ownerID = \(owner.rawValue) AND isDeleted
                UNION ALL
                SELECT 'layer', id, name, NULL, updatedAt FROM layers WHERE ownerID = \(owner.rawValue) AND isDeleted
                ORDER BY updatedAt DESC, id LIMIT \(max(limit, 0))
                """, logger: logger
            ) { row in
                let (kind, id, title, type, deletedAt) = try row.decode((String, UUID, String?, String?, Int64).self)
                return TrashEntry(
                    kind: TrashEntry.Kind(rawValue: kind) ?? .annotation, id: id, title: title,
                    type: type.flatMap(AnnotationType.init(rawValue:)),
                    deletedAt: Timestamp.date(milliseconds: deletedAt))
            }
        }
    }
}
