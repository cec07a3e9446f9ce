import RealityCore

extension APIRoute {
    /// `GET /api/v1/annotations`.
    public static let annotations = APIRoute(
        .get, "/api/v1/annotations", summary: "Annotations matching filters", tag: "annotations",
        query: [.layerID, .annotationType, .status, .creatorID, .near, .radius, .visibleAt] + QueryParameter.paging,
        answer: .page(Annotation.self))
    /// `POST /api/v1/annotations`.
    public static let createAnnotation = APIRoute(
        .post, "/api/v1/annotations", summary: "Create an annotation", tag: "annotations",
        body: .json(CreateAnnotationRequest.self), status: 201, answer: .json(Annotation.self))
    /// `GET /api/v1/annotations/{id}`.
    public static let annotation = APIRoute(
        .get, "/api/v1/annotations/{id}", summary: "One annotation with its comments", tag: "annotations",
        answer: .json(Annotation.self))
    /// `PATCH /api/v1/annotations/{id}`.
    public static let updateAnnotation = APIRoute(
        .patch, "/api/v1/annotations/{id}", summary: "Change an annotation", tag: "annotations",
        body: .json(AnnotationPatch.self), answer: .json(Annotation.self))
    /// `DELETE /api/v1/annotations/{id}`.
    public static let deleteAnnotation = APIRoute(
        .delete, "/api/v1/annotations/{id}", summary: "Delete an annotation", tag: "annotations", status: 204,
        answer: .empty)
    /// `POST /api/v1/annotations/{id}/move`.
    public static let moveAnnotation = APIRoute(
        .post, "/api/v1/annotations/{id}/move", summary: "Move to another layer", tag: "annotations",
        body: .json(MoveRequest.self), answer: .json(Annotation.self))
    /// `GET /api/v1/annotations/{id}/permissions`.
    public static let annotationGrants = APIRoute(
        .get, "/api/v1/annotations/{id}/permissions", summary: "Grants on an annotation", tag: "permissions",
        answer: .page(Permission.self))
    /// `POST /api/v1/annotations/{id}/permissions`.
    public static let grantOnAnnotation = APIRoute(
        .post, "/api/v1/annotations/{id}/permissions", summary: "Grant on an annotation", tag: "permissions",
        body: .json(GrantRequest.self), status: 201, answer: .json(Permission.self))
    /// `DELETE /api/v1/annotations/{id}/permissions/{userID}`.
    public static let revokeOnAnnotation = APIRoute(
        .delete, "/api/v1/annotations/{id}/permissions/{userID}", summary: "Revoke on an annotation",
        tag: "permissions", status: 204, answer: .empty)

    static let annotationRoutes = [
        annotations, createAnnotation, annotation, updateAnnotation, deleteAnnotation, moveAnnotation,
        annotationGrants, grantOnAnnotation, revokeOnAnnotation,
    ]
}
