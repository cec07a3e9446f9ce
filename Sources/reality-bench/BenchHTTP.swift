import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RealityCore

/// A small JSON client for setting up benchmark data over HTTP.
struct BenchHTTP {
    let base: String

    /// Sends `body` (encoded in the platform's JSON dialect) and returns the status and body.
    func send(
        _ method: HTTPMethod, _ path: String, token: String? = nil, body: (some Encodable)? = Optional<String>.none
    ) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(data: try RealityJSON.encode(body)))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        return (Int(response.status.code), Data(buffer: bytes))
    }

    /// Polls `path` until it answers 200, or throws after `deadline`.
    func waitForOK(_ path: String, deadline: ContinuousClock.Instant) async throws {
        while ContinuousClock.now < deadline {
            if let (status, _) = try? await send(.GET, path), status == 200 { return }
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
