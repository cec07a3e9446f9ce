import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RealityAPI
import RealityCore
import Testing

extension APIClient {
    /// Creates a layer for `session`; fails the test set-up unless it is created.
    func createLayer(_ session: Session, name: String = "Home") async throws -> Layer {
        let result = try await send(.post, "/api/v1/layers", token: session.token, json: CreateLayerRequest(name: name))
        guard result.status == .created else {
            throw TestFailure("createLayer: \(result.status) \(String(decoding: result.body, as: UTF8.self))")
        }
        return try result.decode(Layer.self)
    }

    /// Creates a text note in `layer`.
    func createNote(_ session: Session, in layer: LayerID, text: String = "Milk", title: String? = "Fridge")
        async throws -> Annotation
    {
        let result = try await send(
            .post, "/api/v1/annotations", token: session.token,
            json: CreateAnnotationRequest(
                type: .text, content: AnnotationContent(text: text), title: title, position: [1, 2, 3], layerID: layer))
        guard result.status == .created else {
            throw TestFailure("createNote: \(result.status) \(String(decoding: result.body, as: UTF8.self))")
        }
        return try result.decode(Annotation.self)
    }
}

extension APIClient {
    /// Grants `grantee` a level on `layer` as `owner`; fails the set-up unless it is granted.
    func share(
        _ layer: LayerID, by owner: Session, with grantee: Session, as level: PermissionLevel,
        expiresAt: Date? = nil
    ) async throws {
        let result = try await send(
            .post, "/api/v1/layers/\(layer)/permissions", token: owner.token,
            json: GrantRequest(userID: grantee.id, level: level, expiresAt: expiresAt))
        guard result.status == .created else { throw TestFailure("share: \(result.status)") }
    }

    /// Uploads raw bytes as an asset.
    func upload(_ data: Data, token: String?, contentType: String = "image/png") async throws -> APIResult {
        var headers: HTTPFields = [.contentType: contentType]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let response = try await client.execute(
            uri: "/api/v1/assets", method: .post, headers: headers, body: ByteBuffer(bytes: data))
        return APIResult(status: response.status, headers: response.headers, body: Data(buffer: response.body))
    }

    /// Sends `bytes` as a raw body (an upload's part) and checks the answer against the document.
    func send(_ method: HTTPRequest.Method, _ path: String, token: String?, bytes: Data) async throws -> APIResult {
        var headers: HTTPFields = [.contentType: "application/octet-stream"]
        if let token { headers[.authorization] = "Bearer \(token)" }
        let response = try await client.execute(
            uri: path, method: method, headers: headers, body: ByteBuffer(bytes: bytes))
        let result = APIResult(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        for violation in SchemaConformance.violations(
            method: method, path: path, status: result.status.code, contentType: result.headers[.contentType],
            body: result.body)
        {
            Issue.record("The answer breaks the OpenAPI document: \(violation)")
        }
        return result
    }

    /// The caller's notifications.
    func notifications(_ session: Session) async throws -> [AppNotification] {
        let result = try await send(.get, "/api/v1/notifications", token: session.token)
        guard result.status == .ok else { throw TestFailure("notifications: \(result.status)") }
        return try result.decode(Page<AppNotification>.self).items
    }

    /// Posts a comment as `session`.
    func comment(_ session: Session, on note: AnnotationID, _ text: String, replyTo parent: CommentID? = nil)
        async throws -> APIResult
    {
        try await send(
            .post, "/api/v1/annotations/\(note)/comments", token: session.token,
            json: CommentRequest(text: text, parentCommentID: parent))
    }
}
