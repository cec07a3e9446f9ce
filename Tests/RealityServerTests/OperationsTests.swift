import Foundation
import Testing
import RealityAPI
import RealityCore

@Suite("Health, metrics, rate limit, admin")
struct OperationsTests {
    @Test(arguments: Backend.allCases) func health_andMetrics_needNoToken(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let health = try await api.send(.get, "/health")
            #expect(health.status == .ok)
            let text = String(decoding: health.body, as: UTF8.self)
            #expect(text.contains(#""status":"healthy""#))
            _ = try await api.send(.get, "/api/v1/me")
            let metrics = try await api.send(.get, "/metrics")
            #expect(metrics.status == .ok)
            let exposition = String(decoding: metrics.body, as: UTF8.self)
            #expect(exposition.contains("http_requests_total"))
            #expect(exposition.contains("http_request_duration_seconds"))
            #expect(exposition.contains("store_up 1"))
            // The database pool: its size and the operations using it, by kind of connection.
            // (The test server's SQLite store is in memory: one connection, which reads too; a
            // file's readers are counted in StorePoolUsageTests.)
            let kinds = backend == .sqlite ? ["writer"] : ["connection"]
            for kind in kinds {
                let size = Self.value(of: "store_pool_connections{kind=\"\(kind)\"}", in: exposition)
                #expect(size ?? 0 >= 1, "\(kind) pool size")
                #expect(Self.value(of: "store_pool_in_flight{kind=\"\(kind)\"}", in: exposition) != nil)
            }
        }
    }

    /// The value of the sample named `series` (name and labels) in a Prometheus exposition.
    static func value(of series: String, in exposition: String) -> Double? {
        exposition.split(separator: "\n").lazy
            .first { $0.hasPrefix(series + " ") }
            .flatMap { $0.split(separator: " ").last.flatMap { Double($0) } }
    }

    @Test(arguments: Backend.allCases) func rateLimit_answers429WithRetryAfter(_ backend: Backend) async throws {
        try await TestServer.run(backend, { $0.rateLimitBurst = 3; $0.rateLimitPerSecond = 0.01 }) { api in
            let ada = try await api.register("Ada")
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await api.send(.get, "/api/v1/me", token: ada.token).status.code) }
            #expect(statuses.contains(429))
            let limited = try await api.send(.get, "/api/v1/me", token: ada.token)
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(limited.errorCode == "rate_limited")
        }
    }

    @Test(arguments: Backend.allCases) func admin_needsAdminToken(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let path = "/api/v1/admin/users/\(ada.id)/tier"
            #expect(try await api.send(.put, path, token: ada.token, json: TierRequest(tier: .pro)).status == .unauthorized)
            #expect(try await api.send(.put, path, json: TierRequest(tier: .pro)).status == .unauthorized)
            let ok = try await api.send(.put, path, token: TestServer.adminToken, json: TierRequest(tier: .pro))
            #expect(ok.status == .ok)
            #expect(try ok.decode(User.self).subscriptionTier == .pro)
            let bad = try await api.send(.put, path, token: TestServer.adminToken, raw: #"{"tier":"platinum"}"#)
            #expect(bad.status == .badRequest)
            let nobody = try await api.send(
                .put, "/api/v1/admin/users/\(UserID())/tier", token: TestServer.adminToken, json: TierRequest(tier: .pro))
            #expect(nobody.status == .notFound)
        }
    }
}
