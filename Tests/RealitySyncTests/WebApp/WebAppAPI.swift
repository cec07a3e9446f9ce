import AsyncHTTPClient
import Foundation
import NIOCore
import RealityTestSupport

/// A person's REST calls that set up what another person's browser then meets (the browser
/// tests' second person), as loose JSON.
struct WebAppAPI: Sendable {
    let harness: SyncTestServer
    let token: String

    /// `POST path` with `body`; answers the JSON object, or fails on a status that is not 2xx.
    func post(_ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: harness.url + path)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        let response = try await harness.client.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(Int(response.status.code)),
            let object = try JSONSerialization.jsonObject(with: Data(buffer: bytes)) as? [String: Any]
        else { throw SyncTestFailure("POST \(path): \(response.status) \(String(buffer: bytes))") }
        return object
    }
}
