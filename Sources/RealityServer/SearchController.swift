import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// Finding annotations again: `/api/v1/search` and the `recent`, `unread` and `starred` lists
/// (SPEC S4). Its routes are added before `/annotations/{id}` so that nobody reads "recent" as an ID.
struct SearchController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.search, use: search)
        router.on(.recent, use: recent)
        router.on(.unread, use: unread)
        router.on(.starred, use: starred)
    }

    /// `q` (words, as prefixes), `layerID` and `type` (repeated or comma-separated), one
    /// `creatorID`, and `from`/`to` (ISO 8601, inclusive) on the creation date.
    @Sendable func search(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Annotation>>
    {
        let parameters = context.query(of: request)
        let page = try PageRequest(parameters)
        let layerIDs = try AnnotationListQuery.list(parameters, .layerID) { LayerID(uuidString: $0) }
        let types = try AnnotationListQuery.list(parameters, .annotationType) { AnnotationType(rawValue: $0) }
        var creatorID: UserID?
        if let creators = try AnnotationListQuery.list(parameters, .creatorID, { UserID(uuidString: $0) }) {
            guard creators.count == 1 else { throw APIError.badParameter(.creatorID, "Give one creatorID.") }
            creatorID = creators[0]
        }
        let from = try date(parameters, .from)
        let to = try date(parameters, .to)
        var range: DateInterval?
        if from != nil || to != nil {
            let start = from ?? ValidationLimits.earliestDate
            let end = to ?? ValidationLimits.latestDate
            guard start <= end else { throw APIError.badParameter(.to, "to must not be before from.") }
            range = DateInterval(start: start, end: end)
        }
        let results = try await services.search(context.requireUser()).search(
            query: parameters(.q), layerIDs: layerIDs, types: types, dateRange: range, creatorID: creatorID)
        let (items, next) = try OffsetCursor.page(results, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func recent(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Annotation>>
    {
        let page = try PageRequest(context.query(of: request))
        let rows = try await services.search(context.requireUser()).getRecent(
            limit: DefaultSearchService<Store>.resultLimit)
        let (items, next) = try OffsetCursor.page(rows, page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func unread(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<Annotation>>
    {
        let page = try PageRequest(context.query(of: request))
        let (items, next) = try OffsetCursor.page(try await services.search(context.requireUser()).getUnread(), page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    @Sendable func starred(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Page<Annotation>
    > {
        let page = try PageRequest(context.query(of: request))
        let (items, next) = try OffsetCursor.page(try await services.search(context.requireUser()).getStarred(), page)
        return JSONResponse(Page(items: items, nextCursor: next))
    }

    private func date(_ parameters: DeclaredQuery, _ parameter: APIRoute.QueryParameter) throws -> Date? {
        let name = parameter.name
        guard let text = try parameters(parameter) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw APIError.badParameter(name, "\(name) must be an ISO 8601 date.")
        }
        return date
    }
}
