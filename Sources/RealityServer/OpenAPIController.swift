import Foundation
import Hummingbird
import NIOCore
import RealityAPI

/// `GET /api/v1/openapi.json`, public: clients read it before they have an account (SPEC C4).
struct OpenAPIController: Sendable {
    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.openAPIDocument, use: document)
    }

    @Sendable func document(_ request: Request, context: APIRequestContext) async throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.json)))
    }
}
