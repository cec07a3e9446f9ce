import Foundation
import HTTPTypes
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

@Suite("Health, metrics, rate limit, admin")
struct OperationsTests {
    @Test(arguments: Backend.allCases) func health_andMetrics_needNoToken(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let health = try await api.send(.get, "/health")
            #expect(health.status == .ok)
            let text = String(decoding: health.body, as: UTF8.self)
            #expect(text.contains(#""status":"healthy""#))
            // Each service by what it depends on: the core's over the store, sign-in over the
            // store and the hashing threads, live events over the hub.
            let report = try JSONSerialization.jsonObject(with: health.body) as? [String: Any]
            let services = (report?["services"] as? [[String: Any]])?.compactMap { $0["service"] as? String }
            #expect(
                services
                    == [
                        "annotations", "layers", "users", "permissions", "search", "collaboration", "notifications",
                        "anchors", "trash",
                    ] + RecordType.ownedKinds.map { $0.routePath } + ["assets", "auth", "events"])
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

    /// On SQLite, the caches of sessions and annotations report their entries, hits and misses;
    /// on PostgreSQL they stay unused without the relay that hears the other instances. The entries outlive the test however slowly it runs (under a
    /// sanitizer, on a loaded machine), so that every count is the requests' alone.
    @Test(arguments: Backend.allCases) func storeCaches_reportTheirHitsAndMisses(_ backend: Backend) async throws {
        try await TestServer.run(backend, storeCacheLifetime: .seconds(3600)) { api in
            let ada = try await api.register("Ada")
            let layer = try await api.createLayer(ada)
            let note = try await api.createNote(ada, in: layer.id)
            // Every commit empties the SQLite store's cache, the retention sweep queued at start
            // too: on a loaded machine it may run between the reads below unless it has run.
            try await Self.waitForRun(of: .retention, on: api)
            for _ in 0..<3 {
                #expect(try await api.send(.get, "/api/v1/annotations/\(note.id)", token: ada.token).status == .ok)
            }
            var expositions: [String] = []
            for _ in 0..<2 {
                expositions.append(String(decoding: try await api.send(.get, "/metrics").body, as: UTF8.self))
            }
            for exposition in expositions {
                guard backend == .sqlite else {
                    // Trusted only while the store hears the other instances (PostgresReadCacheTests);
                    // a store given to the server without its relay answers every read from the database.
                    #expect(Self.value(of: #"store_cache_hits_total{cache="sessions"}"#, in: exposition) ?? 0 == 0)
                    #expect(Self.value(of: #"store_cache_entries{cache="annotations"}"#, in: exposition) ?? 0 == 0)
                    continue
                }
                // The first GET reads the database, the next two are answered from memory: a
                // second scrape reports the same totals, not twice them.
                let annotations = #"{cache="annotations"}"#
                #expect(Self.value(of: "store_cache_misses_total" + annotations, in: exposition) == 1, "\(exposition)")
                #expect(Self.value(of: "store_cache_hits_total" + annotations, in: exposition) == 2)
                #expect(Self.value(of: "store_cache_entries" + annotations, in: exposition) == 1)
                let sessions = #"{cache="sessions"}"#
                #expect(Self.value(of: "store_cache_hits_total" + sessions, in: exposition) ?? 0 >= 3)
                #expect(Self.value(of: "store_cache_entries" + sessions, in: exposition) == 1)
            }
        }
    }

    /// Waits until the server has run a job of `kind` to the end (`jobs_runs_total`).
    private static func waitForRun(of kind: JobKind, on api: APIClient) async throws {
        let series = #"jobs_runs_total{kind="\#(kind.rawValue)",outcome="done"}"#
        let deadline = ContinuousClock.now + .seconds(60)
        while value(of: series, in: String(decoding: try await api.send(.get, "/metrics").body, as: UTF8.self)) == nil {
            guard ContinuousClock.now < deadline else { throw TestFailure("no \(kind.rawValue) job ran") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// The value of the sample named `series` (name and labels) in a Prometheus exposition.
    static func value(of series: String, in exposition: String) -> Double? {
        exposition.split(separator: "\n").lazy
            .first { $0.hasPrefix(series + " ") }
            .flatMap { $0.split(separator: " ").last.flatMap { Double($0) } }
    }

    @Test(arguments: Backend.allCases) func rateLimit_answers429WithRetryAfter(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            {
                $0.rateLimitBurst = 3
                $0.rateLimitPerSecond = 0.01
            }
        ) { api in
            let ada = try await api.register("Ada")
            var statuses: [Int] = []
            for _ in 0..<4 { statuses.append(try await api.send(.get, "/api/v1/me", token: ada.token).status.code) }
            #expect(statuses == [200, 200, 200, 429])
            let limited = try await api.send(.get, "/api/v1/me", token: ada.token)
            #expect(limited.status == .tooManyRequests)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 >= 1)
            #expect(limited.errorCode == "rate_limited")
            // Each user has a bucket of their own, and monitoring is never refused.
            let ben = try await api.register("Ben")
            #expect(try await api.send(.get, "/api/v1/me", token: ben.token).status == .ok)
            for _ in 0..<5 { #expect(try await api.send(.get, "/health").status == .ok) }
        }
    }

    @Test(arguments: Backend.allCases) func requests_countedByMethodRouteAndStatus(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            for _ in 0..<3 { _ = try await api.send(.get, "/api/v1/me", token: ada.token) }
            for _ in 0..<2 { _ = try await api.send(.get, "/api/v1/me") }
            _ = try await api.send(.get, "/api/v1/layers/\(UUID())", token: ada.token)
            let exposition = String(decoding: try await api.send(.get, "/metrics").body, as: UTF8.self)
            let series = #"http_requests_total{method="GET",route="/api/v1/me",status="#
            #expect(Self.value(of: series + #""200"}"#, in: exposition) == 3, "\(exposition)")
            #expect(Self.value(of: series + #""401"}"#, in: exposition) == 2)
            #expect(
                Self.value(
                    of: #"http_requests_total{method="GET",route="/api/v1/layers/{id}",status="404"}"#,
                    in: exposition) == 1)
            #expect(
                Self.value(
                    of: #"http_request_duration_seconds_count{method="GET",route="/api/v1/me"}"#,
                    in: exposition) == 5)
        }
    }

    /// Every response carries `X-Request-ID`: the caller's own when it sends a usable one (1 to
    /// 64 characters), else a new one, never the same twice.
    @Test(arguments: Backend.allCases) func requestIDs_areEchoedOrMade_andUnique(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var seen: Set<String> = []
            for _ in 0..<20 {
                let id = try #require(try await api.send(.get, "/health").headers[.requestID])
                #expect(!id.isEmpty && id.count <= 64)
                seen.insert(id)
            }
            #expect(seen.count == 20)
            let mine = try await api.send(.get, "/health", headers: [.requestID: "client-trace-7"])
            #expect(mine.headers[.requestID] == "client-trace-7")
            for unusable in ["", String(repeating: "x", count: 65)] {
                let made = try await api.send(.get, "/health", headers: [.requestID: unusable])
                let id = try #require(made.headers[.requestID])
                #expect(id != unusable && !id.isEmpty && !seen.contains(id))
            }
            var twice = HTTPFields()
            twice.append(HTTPField(name: .requestID, value: "a"))
            twice.append(HTTPField(name: .requestID, value: "b"))
            let made = try #require(try await api.send(.get, "/health", headers: twice).headers[.requestID])
            #expect(!["a", "b", "a, b"].contains(made) && !seen.contains(made), "two IDs sent: a new one is made")
        }
    }

    @Test(arguments: Backend.allCases) func admin_needsAdminToken(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let path = "/api/v1/admin/users/\(ada.id)/tier"
            #expect(
                try await api.send(.put, path, token: ada.token, json: TierRequest(tier: .pro)).status == .unauthorized)
            #expect(try await api.send(.put, path, json: TierRequest(tier: .pro)).status == .unauthorized)
            let ok = try await api.send(.put, path, token: TestServer.adminToken, json: TierRequest(tier: .pro))
            #expect(ok.status == .ok)
            #expect(try ok.decode(User.self).subscriptionTier == .pro)
            let bad = try await api.send(.put, path, token: TestServer.adminToken, raw: #"{"tier":"platinum"}"#)
            #expect(bad.status == .badRequest)
            let nobody = try await api.send(
                .put, "/api/v1/admin/users/\(UserID())/tier", token: TestServer.adminToken,
                json: TierRequest(tier: .pro))
            #expect(nobody.status == .notFound)
        }
    }
}
