import Foundation
import RealityAPI
import RealityCore

/// The trash (issue 20), for `reality trash` and `reality restore`.
extension SyncTransport {
    /// `GET /api/v1/trash`: what this account deleted and can still restore.
    public func trash(limit: Int) async throws -> [TrashEntry] {
        let page: Page<TrashEntry> = try await send(.trash, APIRoute.trash.path(query: [.limit: String(limit)]))
        return page.items
    }

    /// `POST /api/v1/annotations/{id}/restore`.
    public func restoreAnnotation(_ id: AnnotationID) async throws -> Annotation {
        try await send(.restoreAnnotation, APIRoute.restoreAnnotation.path(id: id))
    }

    /// `POST /api/v1/layers/{id}/restore`.
    public func restoreLayer(_ id: LayerID) async throws -> Layer {
        try await send(.restoreLayer, APIRoute.restoreLayer.path(id: id))
    }
}
