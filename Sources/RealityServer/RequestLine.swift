import Logging

/// What a request's log line says about it, besides what its logger carries (the request ID, the
/// signed-in user): ``GatewayMiddleware`` logs one for every request, at `info`.
///
/// Through a ``LineLogHandler`` (what `reality serve` logs with) the line is written straight
/// from these fields, with no metadata dictionary built for it and the numbers written as digits;
/// through any other handler, as `logger.info("request", metadata:)` with ``metadata``. Both give
/// the same line.
struct RequestLine {
    var method: String
    var path: String
    var route: String
    var status: Int
    var duration: Duration

    /// The line's message.
    static let message = "request"
    /// The module the line is logged from.
    static let source = "RealityServer"

    /// Adds the request's fields to a line's.
    func addFields(to fields: inout LogFields) {
        fields.add("http.duration_ms", value: .milliseconds(duration))
        fields.add("http.method", value: .metadata(.string(method)))
        fields.add("http.path", value: .metadata(.string(path)))
        fields.add("http.route", value: .metadata(.string(route)))
        fields.add("http.status", value: .integer(status))
    }

    /// The request's fields as swift-log metadata.
    var metadata: Logger.Metadata {
        [
            "http.duration_ms": .string(LogLine.milliseconds(duration)),
            "http.method": .string(method),
            "http.path": .string(path),
            "http.route": .string(route),
            "http.status": .string(String(status)),
        ]
    }

    /// Logs the line through `logger`, if it logs `info`.
    func log(to logger: Logger) {
        guard logger.logLevel <= .info else { return }
        if let lines = logger.handler as? LineLogHandler {
            lines.log(self)
        } else {
            logger.info("\(Self.message)", metadata: metadata, source: Self.source)
        }
    }
}
