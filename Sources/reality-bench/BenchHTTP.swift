import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RealityAPI
import RealityCore

/// A small JSON client for setting up benchmark data over HTTP.
struct BenchHTTP {
    let base: String

    /// Sends `body` (encoded in the platform's JSON dialect) to `route`, at `path` (the route's
    /// template filled in; its bare path when nil), and returns the status and body.
    func send(
        _ route: APIRoute, _ path: String? = nil, token: String? = nil, body: (some Encodable)? = Optional<String>.none
    ) async throws -> (status: Int, body: Data) {
        precondition(path.map(route.matches) ?? true, "\(path ?? "") is not a path of \(route)")
        return try await send(
            HTTPMethod(rawValue: route.method.rawValue), path ?? route.path(), token: token,
            body: try body.map { try RealityJSON.encode($0) })
    }

    private func send(_ method: HTTPMethod, _ path: String, token: String?, body: Data?) async throws
        -> (status: Int, body: Data)
    {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        return (Int(response.status.code), Data(buffer: bytes))
    }

    /// Polls `GET path` (``APIRoute/health``'s unless given) until it answers 200, or throws after
    /// `deadline`.
    func waitForOK(_ path: String = APIRoute.health.path(), deadline: ContinuousClock.Instant) async throws {
        while ContinuousClock.now < deadline {
            if let (status, _) = try? await send(.GET, path, token: nil, body: nil), status == 200 { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw BenchError("\(base)\(path) did not answer 200 in time")
    }
}

/// A benchmark that could not run.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
