import RealityCore

extension APIRoute {
    /// `GET /api/v1/trash`.
    public static let trash = APIRoute(
        .get, "/api/v1/trash", summary: "What the user deleted, restorable until it is purged", tag: "trash",
        query: [.limit], answer: .page(TrashEntry.self))
    /// `POST /api/v1/annotations/{id}/restore`.
    public static let restoreAnnotation = APIRoute(
        .post, "/api/v1/annotations/{id}/restore", summary: "Bring back a deleted annotation", tag: "trash",
        answer: .json(Annotation.self))
    /// `POST /api/v1/layers/{id}/restore`.
    public static let restoreLayer = APIRoute(
        .post, "/api/v1/layers/{id}/restore", summary: "Bring back a deleted layer", tag: "trash",
        answer: .json(Layer.self))

    static let trashRoutes = [trash, restoreAnnotation, restoreLayer]
}
