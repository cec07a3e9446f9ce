import Foundation
import GRDB
import RealityCore

extension SQLiteStore: AnnotationRepository {
    public func annotation(id: AnnotationID) async throws -> Annotation? {
        try readNow { db in try Self.annotation(id: id, in: db) }
    }

    /// One read transaction: the annotation, its chain and its comments come from one snapshot.
    /// On the server, answered from the ``AnnotationReadCache`` when nothing was committed since
    /// the same read.
    public func annotationWithLayerChain(
        id: AnnotationID, includingComments: Bool
    ) async throws -> (annotation: Annotation, chain: LayerChain)? {
        let key = AnnotationReadCache.Key(id: id, includingComments: includingComments)
        let (cached, generation) = annotationCache?.lookup(key) ?? (nil, 0)
        if let cached { return cached }
        let found: AnnotationReadCache.Value? = try readNow { db in
            guard let (stored, hasComments, layer) = try AnnotationAssembler.annotationWithLayer(id: id, in: db) else {
                return nil
            }
            var annotation = stored
            if includingComments, hasComments { annotation.comments = try Self.comments(on: id, in: db) }
            return (annotation, try Self.layerChain(startingAt: annotation.layerID, firstLink: layer, in: db))
        }
        if let found { annotationCache?.insert(found, for: key, generation: generation) }
        return found
    }

    /// The annotation with `id`, complete, read on `db`.
    static func annotation(id: AnnotationID, in db: Database) throws -> Annotation? {
        try AnnotationAssembler.annotation(id: id, in: db)?.annotation
    }

    public func annotations(matching query: AnnotationQuery) async throws -> [Annotation] {
        let limit = min(max(query.limit, 0), AnnotationQuery.maxLimit)
        if AnnotationQuerySQL.canRankFirst(query),
            let ranked = AnnotationQuerySQL(
                query, plan: .topRanked(candidates: limit * Self.rankedCandidatesPerResult))
        {
            let found = try await fetch(ranked)
            if found.count >= limit { return found }
        }
        guard let statement = AnnotationQuerySQL(query) else { return [] }
        return try await fetch(statement)
    }

    /// How many best-ranked text matches a relevance search joins per result it returns before it
    /// falls back to joining every match.
    static var rankedCandidatesPerResult: Int { 10 }

    private func fetch(_ statement: AnnotationQuerySQL) async throws -> [Annotation] {
        try await read { db in
            try AnnotationAssembler.annotations(
                selectedBy: statement.sql, arguments: StatementArguments(statement.arguments), in: db)
        }
    }

    /// The same answer as ``annotations(matching:)`` found without the spatial and text
    /// indexes, by scanning the table with the seed's lowercase-contains match: the benchmarks'
    /// baseline.
    @_spi(Benchmarks)
    public func scanAnnotations(matching query: AnnotationQuery) async throws -> [Annotation] {
        guard let statement = AnnotationQuerySQL(query, plan: .scan) else { return [] }
        return try await read { db in
            try AnnotationAssembler.annotations(
                selectedBy: statement.sql, arguments: StatementArguments(statement.arguments), in: db)
        }
    }

    public func annotationCount(ownedBy owner: UserID) async throws -> Int {
        try await read { db in
            try db.value(
                Int.self, sql: "SELECT count(*) FROM annotations WHERE ownerID = ? AND isDeleted = 0",
                arguments: [owner.uuidString]) ?? 0
        }
    }

    public func trashedRecords(deletedBefore cutoff: Date, limit: Int) async throws -> ExpiredRecords {
        try await read { db in
            // SQLite reads a negative LIMIT as "no limit"; clamp so that a negative one means none.
            let arguments: StatementArguments = ["cutoff": cutoff.storeValue, "limit": max(limit, 0)]
            let annotations = try db.values(
                String.self,
                sql: "SELECT id FROM annotations WHERE isDeleted = 1 AND updatedAt < :cutoff LIMIT :limit",
                arguments: arguments)
            let layers = try db.values(
                String.self,
                sql: """
                    SELECT id FROM layers l WHERE isDeleted = 1 AND updatedAt < :cutoff
                    AND NOT EXISTS (SELECT 1 FROM annotations a WHERE a.layerID = l.id AND a.isDeleted = 0)
                    LIMIT :limit
                    """,
                arguments: arguments)
            let comments = try db.values(
                String.self, sql: "SELECT id FROM comments WHERE isDeleted = 1 AND updatedAt < :cutoff LIMIT :limit",
                arguments: arguments)
            return ExpiredRecords(
                annotations: annotations.compactMap(AnnotationID.init(uuidString:)),
                layers: layers.compactMap(LayerID.init(uuidString:)),
                comments: comments.compactMap(CommentID.init(uuidString:)))
        }
    }

    public func expiringAnnotations(now: Date, limit: Int) async throws -> [AnnotationID] {
        try await read { db in
            // Each arm reads a partial index: layers with a rule, then their annotations by age;
            // annotations with an expiry date; annotations with a view limit.
            try db.values(
                String.self,
                sql: """
                    SELECT a.id FROM layers l JOIN annotations a ON a.layerID = l.id
                    WHERE l.autoExpireDays IS NOT NULL AND a.isDeleted = 0
                      AND a.createdAt < :now - l.autoExpireDays * 86400000
                    UNION
                    SELECT id FROM annotations WHERE visibleUntil IS NOT NULL AND isDeleted = 0 AND visibleUntil <= :now
                    UNION
                    SELECT a.id FROM annotations a WHERE a.viewLimit IS NOT NULL AND a.isDeleted = 0
                      AND a.viewLimit <= (SELECT coalesce(sum(v.count), 0) FROM views v WHERE v.annotationID = a.id)
                    LIMIT :limit
                    """,
                arguments: ["now": now.storeValue, "limit": max(limit, 0)]
            ).compactMap(AnnotationID.init(uuidString:))
        }
    }

    public func trash(of owner: UserID, limit: Int) async throws -> [TrashEntry] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT 'annotation' AS kind, id, coalesce(title, substr(text, 1, 100)) AS title, type, updatedAt FROM annotations
                    WHERE ownerID = :owner AND isDeleted = 1
                    UNION ALL
                    SELECT 'layer', id, name, NULL, updatedAt FROM layers WHERE ownerID = :owner AND isDeleted = 1
                    ORDER BY updatedAt DESC, id LIMIT :limit
                    """,
                arguments: ["owner": owner.uuidString, "limit": max(limit, 0)]
            ).compactMap { row in
                guard let kind = TrashEntry.Kind(rawValue: row["kind"]), let id = UUID(uuidString: row["id"]) else {
                    return nil
                }
                return TrashEntry(
                    kind: kind, id: id, title: row["title"],
                    type: (row["type"] as String?).flatMap(AnnotationType.init(rawValue:)),
                    deletedAt: Timestamp.date(milliseconds: row["updatedAt"]))
            }
        }
    }
}
