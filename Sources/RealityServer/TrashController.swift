import Hummingbird
import RealityAPI
import RealityCore

/// The trash over HTTP (issue 20): what the caller deleted, and bringing it back within the 30
/// days before the retention sweep purges it.
struct TrashController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.trash, use: trash)
        router.on(.restoreAnnotation, use: restoreAnnotation)
        router.on(.restoreLayer, use: restoreLayer)
    }

    @Sendable func trash(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Page<TrashEntry>>
    {
        let limit = try context.query(of: request).pageSize(.limit)
        return JSONResponse(Page(items: try await services.trash(context.requireUser()).trash(limit: limit)))
    }

    @Sendable func restoreAnnotation(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Annotation
    > {
        let id: AnnotationID = try context.pathID()
        var annotation = try await services.trash(context.requireUser()).restoreAnnotation(id: id)
        annotation.myPermission = .owner  // only its owner restores it
        return JSONResponse(annotation)
    }

    @Sendable func restoreLayer(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<Layer> {
        let id: LayerID = try context.pathID()
        var layer = try await services.trash(context.requireUser()).restoreLayer(id: id)
        layer.myPermission = .owner  // only its owner restores it
        return JSONResponse(layer)
    }
}
