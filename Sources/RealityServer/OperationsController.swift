import Foundation
import Hummingbird
import RealityAPI
import RealityCore

/// `/health` (each service's health by what it depends on, aggregated: ``ServiceContainer/healthCheck()``)
/// and `/metrics` (Prometheus text) (SPEC C8).
struct OperationsController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>
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
        let reports = await services.healthCheck()
        let status: ServiceHealth.Status =
            if reports.contains(where: { $0.status == .unhealthy }) {
                .unhealthy
            } else if reports.contains(where: { $0.status == .degraded }) { .degraded } else { .healthy }
        return JSONResponse(
            HealthReport(status: status, services: reports), status: status == .unhealthy ? .serviceUnavailable : .ok)
    }

    @Sendable func prometheus(_ request: Request, context: APIRequestContext) async throws -> Response {
        // Store, not a service: the metrics describe the store itself (answers, pool, caches), not a service.
        metrics.setStoreUp(await services.store.ping())
        metrics.setStorePool(services.store.poolUsage)
        metrics.setStoreCaches(services.store.cacheUsage)
        if let jobs = try? await services.store.jobCounts() { metrics.setJobs(jobs) }
        var buffer: [UInt8] = []
        metrics.registry.emit(into: &buffer)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
    }
}
