import Foundation
import RealityAPI
import RealityCore

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
