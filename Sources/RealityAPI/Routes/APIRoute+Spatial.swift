import RealityCore

extension APIRoute {
    /// `GET /api/v1/annotations/nearby?at=X,Y,Z&radius=R[&limit=N]`.
    public static let nearby = APIRoute(
        .get, "/api/v1/annotations/nearby", summary: "Annotations near a point, nearest first, with distances",
        tag: "annotations", query: [.point, .radius, .limit], answer: .page(NearbyAnnotation.self))
    /// `GET /api/v1/annotations/visible?at=DATE&viewer=X,Y,Z`.
    public static let visible = APIRoute(
        .get, "/api/v1/annotations/visible",
        summary: "Annotations whose visibility rules show them at an instant, to a viewer at a point",
        tag: "annotations", query: [.instant, .viewer, .limit], answer: .page(Annotation.self))

    static let spatialRoutes = [nearby, visible]
}
