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
        context.logger[metadataKey: "request.id"] = .string(requestID)
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
                "http.status": .stringConvertible(response.status.code),
                "http.duration_ms": .stringConvertible(Double(duration.components.attoseconds) / 1e15
                    + Double(duration.components.seconds) * 1000),
            ])
        return response
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`, echoed back so that a client can quote it.
    static let requestID = HTTPField.Name("X-Request-ID")!
}
