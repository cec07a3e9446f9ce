import Foundation
import Prometheus
import RealityCore

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

    /// A new, empty set of metrics.
    public init() {
        registry = PrometheusCollectorRegistry()
    }

    /// Counts one request and its latency by method, route template and status.
    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        registry.makeCounter(
            descriptor: MetricNameDescriptor(metricName: "http_requests", unitName: "total", helpText: "HTTP requests"),
            labels: labels
        ).increment()
        registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request latency"),
            labels: [("method", method), ("route", route)], buckets: Self.buckets
        ).record(duration)
    }

    /// Requests being handled now.
    var inFlight: Gauge {
        registry.makeGauge(
            descriptor: MetricNameDescriptor(metricName: "http_requests_in_flight", unitName: "", helpText: "Requests being handled"))
    }

    /// Sets whether the store answered its last health check.
    func setStoreUp(_ up: Bool) {
        registry.makeGauge(descriptor: MetricNameDescriptor(metricName: "store_up", unitName: "", helpText: "1 when the database answers"))
            .set(up ? 1.0 : 0.0)
    }

    /// Sets the database pool gauges from `usage`: its size and the operations holding or
    /// waiting for a connection, by kind of connection.
    func setStorePool(_ usage: [StorePoolUsage]) {
        for entry in usage {
            let labels = [("kind", entry.kind.rawValue)]
            registry.makeGauge(
                descriptor: MetricNameDescriptor(
                    metricName: "store_pool_connections", unitName: "", helpText: "Database connections the pool may hold"),
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
}
