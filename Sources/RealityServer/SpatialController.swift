import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// "What is around me, now" over HTTP (issue 20), by the same service calls the device's
/// `reality nearby` and `reality visible` make: nearest first with distances, and every
/// visibility rule (time windows, recurrence, proximity to the viewer, expiry) applied.
struct SpatialController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.nearby, use: nearby)
        router.on(.visible, use: visible)
    }

    @Sendable func nearby(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Page<NearbyAnnotation>
    > {
        let query = context.query(of: request)
        guard let text = try query(.point), let point = Self.point(text) else {
            throw APIError.badParameter(.point, "at must be three finite numbers: x,y,z.")
        }
        guard let radiusText = try query(.radius), let radius = Float(radiusText) else {
            throw APIError.badParameter(.radius, "radius must be a number of metres.")
        }
        let limit = try query.pageSize(.limit)
        let found = try await services.annotations(context.requireUser()).fetchNearby(position: point, radius: radius)
        return JSONResponse(
            Page(
                items: found.prefix(limit).map {
                    NearbyAnnotation(distance: Float($0.position.distance(to: point)), annotation: $0)
                }))
    }

    @Sendable func visible(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<
        Page<Annotation>
    > {
        let query = context.query(of: request)
        var date = Timestamp.now()
        if let text = try query(.instant) {
            guard let parsed = Timestamp.parse(text) else {
                throw APIError.badParameter(.instant, "at must be an ISO 8601 date.")
            }
            date = parsed
        }
        var viewer: SIMD3<Float>?
        if let text = try query(.viewer) {
            guard let point = Self.point(text) else {
                throw APIError.badParameter(.viewer, "viewer must be three finite numbers: x,y,z.")
            }
            viewer = point
        }
        let limit = try query.pageSize(.limit)
        let shown = try await services.annotations(context.requireUser()).fetchVisible(at: date, viewerPosition: viewer)
        return JSONResponse(Page(items: Array(shown.prefix(limit))))
    }

    /// Three finite numbers `x,y,z`.
    private static func point(_ text: String) -> SIMD3<Float>? {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Float(String($0)) }
        guard numbers.count == 3, let x = numbers[0], let y = numbers[1], let z = numbers[2],
            x.isFinite, y.isFinite, z.isFinite
        else { return nil }
        return SIMD3(x, y, z)
    }
}
