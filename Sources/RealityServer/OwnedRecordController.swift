import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// The REST routes of every owned kind (``OwnedRecord``, ``APIRoute/owned(_:)``): a signed-in
/// user lists, reads, saves and deletes their own records, through the kind's service; anyone
/// else's record is not found.
struct OwnedRecordController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        for kind in RecordType.ownedKinds {
            addRoutes(of: kind, to: router)
        }
    }

    private func addRoutes<Record: OwnedRecord>(of kind: Record.Type, to router: some RouterMethods<APIRequestContext>)
    {
        let routes = APIRoute.owned(kind)
        let services = services
        router.on(routes.list) { request, context -> JSONResponse<Page<Record>> in
            let page = try PageRequest(context.query(of: request))
            let records = try await services.records(kind, context.requireUser()).list()
            let (items, next) = try OffsetCursor.page(records, page)
            return JSONResponse(Page(items: items, nextCursor: next))
        }
        router.on(routes.show) { _, context -> JSONResponse<Record> in
            let id: Identifier<Record> = try context.pathID()
            guard let record = try await services.records(kind, context.requireUser()).fetch(id: id) else {
                throw APIError.notFound
            }
            return JSONResponse(record)
        }
        router.on(routes.save) { request, context -> JSONResponse<Record> in
            let id: Identifier<Record> = try context.pathID()
            let record = try await request.decodeJSON(Record.self, limit: context.maxBodyBytes)
            guard record.id == id else { throw APIError.badParameter("id", "id must be the path's.") }
            return JSONResponse(try await services.records(kind, context.requireUser()).save(record))
        }
        router.on(routes.delete) { _, context -> Response in
            let id: Identifier<Record> = try context.pathID()
            try await services.records(kind, context.requireUser()).delete(id: id)
            return .noContent
        }
    }
}
