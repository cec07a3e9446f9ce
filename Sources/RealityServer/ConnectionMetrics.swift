import Prometheus

/// Why a connection or a request's head was turned away, as its metric labels it.
enum ConnectionRefusal: String, Sendable, CaseIterable {
    /// Its address already held ``ConnectionLimits/maxConnectionsPerAddress`` connections.
    case perAddress = "per_address"
    /// The server already held ``ConnectionLimits/maxConnections`` connections.
    case total
}

/// A request head the server answered itself, before any route: too slow, too large or unreadable.
enum RejectedHead: String, Sendable, CaseIterable {
    /// The head did not arrive within ``ConnectionLimits/headerTimeout`` (408).
    case timeout
    /// The request line was over the decoder's limit (414).
    case uriTooLong = "uri_too_long"
    /// The headers were over the decoder's limit (431).
    case headersTooLarge = "headers_too_large"
    /// The head could not be parsed (400).
    case malformed
}

/// The counters and gauges of connections and live-event sockets, made once with the server's
/// metrics so that `/metrics` shows them (at zero) from the start.
struct ConnectionMetrics: Sendable {
    /// `http_connections_open`: connections held now.
    let open: Gauge
    /// `http_connections_refused_total{reason}`: connections closed as they arrived.
    private let refused: [ConnectionRefusal: Counter]
    /// `http_header_timeouts_total`: requests whose head took longer than the header timeout.
    let headerTimeouts: Counter
    /// `http_request_heads_rejected_total{reason}`: heads answered 400, 414 or 431 before any route.
    private let rejectedHeads: [RejectedHead: Counter]
    /// `live_event_sockets_open`: live-event sockets held now.
    let liveSockets: Gauge
    /// `live_event_sockets_refused_total`: upgrades refused for the per-user cap.
    let liveSocketsRefused: Counter

    init(registry: PrometheusCollectorRegistry) {
        open = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "http_connections_open", unitName: "", helpText: "HTTP connections open"))
        refused = Dictionary(
            uniqueKeysWithValues: ConnectionRefusal.allCases.map { reason in
                (
                    reason,
                    registry.makeCounter(
                        descriptor: MetricNameDescriptor(
                            metricName: "http_connections_refused", unitName: "total",
                            helpText: "Connections closed on arrival by a connection cap"),
                        labels: [("reason", reason.rawValue)])
                )
            })
        headerTimeouts = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "http_header_timeouts", unitName: "total",
                helpText: "Requests whose head did not arrive within the header timeout"))
        rejectedHeads = Dictionary(
            uniqueKeysWithValues: RejectedHead.allCases.filter { $0 != .timeout }.map { reason in
                (
                    reason,
                    registry.makeCounter(
                        descriptor: MetricNameDescriptor(
                            metricName: "http_request_heads_rejected", unitName: "total",
                            helpText: "Request heads answered 400, 414 or 431 before any route"),
                        labels: [("reason", reason.rawValue)])
                )
            })
        liveSockets = registry.makeGauge(
            descriptor: MetricNameDescriptor(
                metricName: "live_event_sockets_open", unitName: "", helpText: "Live-event sockets open"))
        liveSocketsRefused = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                metricName: "live_event_sockets_refused", unitName: "total",
                helpText: "Live-event upgrades refused for the per-user socket cap"))
    }

    /// Counts a connection closed on arrival.
    func countRefused(_ reason: ConnectionRefusal) {
        refused[reason]?.increment()
    }

    /// Counts a head the server answered itself.
    func countRejected(_ head: RejectedHead) {
        if head == .timeout {
            headerTimeouts.increment()
        } else {
            rejectedHeads[head]?.increment()
        }
    }
}
