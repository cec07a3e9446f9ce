import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/health` (the services' health, aggregated) and `/metrics` (Prometheus text) (SPEC C8).
struct OperationsController<Store: ServerStore>: Sendable {
    let services: Services<Store>
    let metrics: ServerMetrics

    /// The aggregated report.
    struct HealthReport: Codable, Sendable {
        var status: ServiceHealth.Status
        var services: [ServiceHealth]
    }

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.health, use: health)
        router.on(.metrics, use: prometheus)
    }

    @Sendable func health(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<HealthReport> {
        var reports: [ServiceHealth] = []
        for service in services.all() { reports.append(await service.healthCheck()) }
        let status: ServiceHealth.Status =
            if reports.contains(where: { $0.status == .unhealthy }) { .unhealthy }
            else if reports.contains(where: { $0.status == .degraded }) { .degraded }
            else { .healthy }
        return JSONResponse(
            HealthReport(status: status, services: reports), status: status == .unhealthy ? .serviceUnavailable : .ok)
    }

    @Sendable func prometheus(_ request: Request, context: APIRequestContext) async throws -> Response {
        metrics.setStoreUp(await services.store.ping())
        metrics.setStorePool(services.store.poolUsage)
        metrics.setStoreCaches(services.store.cacheUsage)
        var buffer: [UInt8] = []
        metrics.registry.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
