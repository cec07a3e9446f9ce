import Foundation

/// ``SearchService`` over a ``DataStore``: full-text, filters and lists answered by the store's
/// indexes (the seed's versions fetched every annotation and filtered in memory).
public struct DefaultSearchService<Store: DataStore>: SearchService, StoreBackedService {
    /// The store the service reads and writes.
    public let store: Store
    let context: ServiceContext
    private var access: AccessControl<Store> { AccessControl(store: store, context: context) }

    /// A service acting for `context.userID`.
    public init(store: Store, context: ServiceContext) {
        self.store = store
        self.context = context
    }

    public var serviceIdentifier: String { "search" }

    public func search(query: String) async throws -> [Annotation] {
        try await search(query: query, layerIDs: nil, types: nil, dateRange: nil, creatorID: nil)
    }

    public func search(
        query: String?, layerIDs: [LayerID]?, types: [AnnotationType]?, dateRange: DateInterval?, creatorID: UserID?
    ) async throws -> [Annotation] {
        if let query, query.utf8.count > Self.maxQueryLength {
            throw ValidationError(field: "query", reason: .tooLong(limit: Self.maxQueryLength))
        }
        let text = query.flatMap { $0.contains { !$0.isWhitespace } ? $0 : nil }
        // DateInterval.contains includes both ends; dates are whole milliseconds, so "at or before
        // end" is "before the next millisecond".
        let createdBefore = dateRange.map {
            Timestamp.date(milliseconds: Int64(($0.end.timeIntervalSince1970 * 1000).rounded(.down)) + 1)
        }
        let search = AnnotationQuery(
            viewer: context.userID, at: context.now, layerIDs: layerIDs, types: types, creatorID: creatorID,
            createdFrom: dateRange?.start, createdBefore: createdBefore, text: text,
            order: text == nil ? .newestFirst : .relevance, limit: Self.resultLimit)
        return try await access.disclosingGrants(store.annotations(matching: search))
    }

    public func getRecent(limit: Int) async throws -> [Annotation] {
        try await list(limit: limit)
    }

    public func getUnread() async throws -> [Annotation] {
        try await list(limit: Self.resultLimit) { $0.unreadOnly = true }
    }

    public func getStarred() async throws -> [Annotation] {
        try await list(limit: Self.resultLimit) { $0.starredOnly = true }
    }

    public func markAsRead(_ annotationID: AnnotationID) async throws {
        _ = try await access.visibleAnnotation(annotationID)
        try await store.commit(
            ChangeSet(changes: [
                .markRead(annotationID: annotationID, userID: context.userID, at: context.now)
            ]), applying: context.pushing)
    }

    public func setStarred(_ annotationID: AnnotationID, starred: Bool) async throws {
        _ = try await access.visibleAnnotation(annotationID)
        try await store.commit(
            ChangeSet(changes: [
                .setStarred(annotationID: annotationID, userID: context.userID, starred: starred, at: context.now)
            ]), applying: context.pushing)
    }

    private func list(limit: Int, _ adjust: (inout AnnotationQuery) -> Void = { _ in }) async throws -> [Annotation] {
        guard limit >= 1 else { throw ValidationError(field: "limit", reason: .outOfRange(minimum: 1, maximum: 1000)) }
        var query = AnnotationQuery(
            viewer: context.userID, at: context.now, limit: min(limit, AnnotationQuery.maxLimit))
        adjust(&query)
        return try await access.disclosingGrants(store.annotations(matching: query))
    }

    /// The most results one search returns.
    public static var resultLimit: Int { 100 }
    /// The longest search text accepted, in UTF-8 bytes.
    public static var maxQueryLength: Int { ValidationLimits.maxSearchQueryBytes }
}
