import Foundation
import Prometheus
import RealityCore
import Synchronization

/// What a request's metrics are kept by.
struct RequestSeriesKey: Hashable, Sendable {
    var method: String
    var route: String
    var status: Int
}

/// The request series made so far, shared by the copies of a ``ServerMetrics``.
final class RequestSeriesTable: Sendable {
    let entries = Mutex<[RequestSeriesKey: RequestSeries]>([:])
}

/// Totals already added to counters, by counter name and labels, shared by the copies of a
/// ``ServerMetrics``: a store reports its totals, the counters take what is new.
final class ReportedTotals: Sendable {
    let values = Mutex<[String: Int]>([:])
}

/// A request series' counter and latency histogram.
struct RequestSeries: Sendable {
    var count: Counter
    var latency: DurationHistogram
}

/// The server's Prometheus metrics, in a registry of its own (no process-wide bootstrap, so that
/// tests can run several servers in one process).
public struct ServerMetrics: Sendable {
    /// The registry `/metrics` prints.
    public let registry: PrometheusCollectorRegistry

    /// Request latency buckets, seconds: 1 ms to 5 s.
    static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]

    /// Requests being handled now.
    let inFlight: Gauge
    /// Connections, request heads the server answers itself, and live-event sockets.
    let connections: ConnectionMetrics
    /// The counter and histogram of each method, route and status seen so far.
    private let series = RequestSeriesTable()
    /// The hits and misses of each store cache already added to its counters.
    private let reportedLookups = ReportedTotals()

    /// A new, empty set of metrics.
    public init() {
        registry = PrometheusCollectorRegistry()
        inFlight = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "http_requests_in_flight", unitName: "", helpText: "Requests being handled"))
        connections = ConnectionMetrics(registry: registry)
    }

    /// Counts one request and its latency by method, route template and status.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let key = RequestSeriesKey(method: method, route: route, status: status)
        let found = series.entries.withLock { $0[key] }
        let handles = found ?? makeSeries(key)
        handles.count.increment()
        handles.latency.record(duration)
    }

    /// The registry's counter and histogram for `key`, remembered so that later requests need
    /// not build their names and labels again.
    private func makeSeries(_ key: RequestSeriesKey) -> RequestSeries {
        let made = RequestSeries(
            count: registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    metricName: "http_requests", unitName: "total", helpText: "HTTP requests"),
                labels: [("method", key.method), ("route", key.route), ("status", String(key.status))]),
            latency: registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(
                    metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency"),
                labels: [("method", key.method), ("route", key.route)], buckets: Self.buckets))
        series.entries.withLock { $0[key] = made }
        return made
    }

    /// Sets whether the store answered its last health check.
    func setStoreUp(_ up: Bool) {
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "store_up", unitName: "", helpText: "1 when the database answers")
        )
        .set(up ? 1.0 : 0.0)
    }

    /// Sets the database pool gauges from `usage`: its size and the operations holding or
    /// waiting for a connection, by kind of connection.
    func setStorePool(_ usage: [StorePoolUsage]) {
        for entry in usage {
            let labels = [("kind", entry.kind.rawValue)]
            registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    metricName: "store_pool_connections", unitName: "",
                    helpText: "Database connections the pool may hold"),
                labels: labels
            ).set(Double(entry.size))
            registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    metricName: "store_pool_in_flight", unitName: "",
                    helpText: "Database operations holding or waiting for a pooled connection"),
                labels: labels
            ).set(Double(entry.inFlight))
        }
    }

    /// Sets the store cache metrics from `usage`: the entries each holds now, and its lookups
    /// answered from memory (hits) or from the database (misses) as counters.
    func setStoreCaches(_ usage: [StoreCacheUsage]) {
        for cache in usage {
            let labels = [("cache", cache.name)]
            registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    metricName: "store_cache_entries", unitName: "", helpText: "Entries a store cache holds"),
                labels: labels
            ).set(Double(cache.entries))
            for (name, total, help) in [
                ("store_cache_hits", cache.hits, "Lookups a store cache answered"),
                ("store_cache_misses", cache.misses, "Lookups a store cache sent to the database"),
            ] {
                let key = name + "/" + cache.name
                let added = reportedLookups.values.withLock { reported in
                    defer { reported[key] = total }
                    return total - (reported[key] ?? 0)
                }
                guard added > 0 else { continue }
                registry.makeCounter(
                    descriptor: MetricNameDescriptor(metricName: name, unitName: "total", helpText: help),
                    labels: labels
                ).increment(by: Int64(added))
            }
        }
    }

    /// Sets the job queue gauges from `counts` (the database's, so every instance reports the same).
    func setJobs(_ counts: JobCounts) {
        for (name, value, help) in [
            ("jobs_queued", counts.queued, "Background jobs waiting or running"),
            ("jobs_failed", counts.failed, "Background jobs that failed every attempt (kept with their error)"),
        ] {
            registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help))
                .set(Double(value))
        }
    }

    /// Counts one run of a job of `kind` by this server, by how it ended: `done`, `retry` (it failed
    /// and waits for another attempt) or `failed` (for good).
    func recordJobRun(kind: JobKind, outcome: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "jobs_runs", unitName: "total", helpText: "Background job runs by this server"),
            labels: [("kind", kind.rawValue), ("outcome", outcome)]
        ).increment()
    }
}
