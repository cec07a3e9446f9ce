import Foundation
import RealityAPI
import RealityCore
import Testing

/// Answers that broke the OpenAPI document's own schema in the schemathesis run
/// (`scripts/api-fuzz`, docs/fuzzing.md), on both backends.
@Suite("OpenAPI conformance")
struct OpenAPIConformanceTests {
    /// The 200 response the document gives for `method path`.
    static func success(_ method: String, _ path: String, in api: APIClient) async throws -> [String: Any] {
        let result = try await api.send(.get, "/api/v1/openapi.json")
        let document = try #require(try JSONSerialization.jsonObject(with: result.body) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let operation = try #require(paths[path]?[method] as? [String: Any])
        let responses = try #require(operation["responses"] as? [String: Any])
        return try #require(responses["200"] as? [String: Any])
    }

    @Test(arguments: Backend.allCases)
    func assetDownload_ofJSONBytes_isNotHeldToAStringSchema(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let upload = try await api.upload(Data("{}".utf8), token: ana.token, contentType: "application/json")
            let asset = try upload.decode(AssetResponse.self)
            let download = try await api.send(.get, "/api/v1/assets/\(asset.id)", token: ana.token)
            #expect(download.status == .ok)
            // The uploader's claim is not read; JSON that is not a glTF is bytes of no known format.
            #expect(download.headers[.contentType] == "application/octet-stream")
            #expect(download.body == Data("{}".utf8))
            // The bytes are described without a schema: they are whatever was uploaded, and a
            // schema of `type: string` would refuse this JSON object.
            let success = try await Self.success("get", "/api/v1/assets/{id}", in: api)
            let content = try #require(success["content"] as? [String: [String: Any]])
            #expect(content.keys.sorted() == ["*/*"])
            #expect(content["*/*"]?["schema"] == nil)
        }
    }
}
