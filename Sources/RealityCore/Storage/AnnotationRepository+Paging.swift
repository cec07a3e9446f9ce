extension AnnotationRepository {
    /// Every annotation matching `query`, newest first, read page by page with a cursor so that no
    /// single read is unbounded (the query's own `limit`, `order` and `after` are replaced).
    public func allAnnotations(matching query: AnnotationQuery) async throws -> [Annotation] {
        var page = query
        page.order = .newestFirst
        page.limit = AnnotationQuery.maxLimit
        page.after = nil
        var result: [Annotation] = []
        while true {
            let batch = try await annotations(matching: page)
            result += batch
            guard batch.count == page.limit, let last = batch.last else { return result }
            page.after = AnnotationQuery.Cursor(createdAt: last.createdAt, id: last.id)
        }
    }
}
