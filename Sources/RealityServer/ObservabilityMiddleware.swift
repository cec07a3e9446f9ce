import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives each request an ID, logs it once when it ends (dotted metadata keys) and counts it in
/// the metrics by route template; errors thrown inside have already become responses.
struct ObservabilityMiddleware: RouterMiddleware {
    typealias Context = APIRequestContext
    let metrics: ServerMetrics
    let requestIDs = RequestIDGenerator()

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let requestID = request.headers[.requestID].flatMap { (1...64).contains($0.count) ? $0 : nil }
            ?? requestIDs.next()
        // Hummingbird's own ID for the request is replaced, so that a line carries one ID and it
        // is the one the caller sees.
        context.logger[metadataKey: "hb.request.id"] = .string(requestID)
        let clock = ContinuousClock()
        let start = clock.now
        let inFlight = metrics.inFlight
        inFlight.increment()
        defer { inFlight.decrement() }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as SyncBatchTooLarge {
            response = try error.response(from: request, context: context)
        } catch {
            response = try APIError(error).response(from: request, context: context)
        }
        response.headers[.requestID] = requestID
        let duration = clock.now - start
        let route = context.endpointPath ?? "unmatched"
        metrics.recordRequest(
            method: request.method.rawValue, route: route, status: response.status.code, duration: duration)
        context.logger.info(
            "request",
            metadata: [
                "http.method": .string(request.method.rawValue),
                "http.path": .string(request.uri.path),
                "http.route": .string(route),
                "http.status": .string(String(response.status.code)),
                "http.duration_ms": .string(Self.milliseconds(duration)),
            ])
        return response
    }

    /// `duration` in milliseconds with three decimals, `0.590`: exact, and cheaper to write than
    /// a `Double`'s shortest form.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        let fraction = microseconds % 1000
        return "\(microseconds / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + String(fraction)
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`, echoed back so that a client can quote it.
    static let requestID = HTTPField.Name("X-Request-ID")!
}
