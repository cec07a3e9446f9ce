import RealityCore

extension APIRoute {
    /// `GET /api/v1/layers`.
    public static let layers = APIRoute(
        .get, "/api/v1/layers", summary: "Layers the user may see", tag: "layers", query: QueryParameter.paging,
        answer: .page(Layer.self))
    /// `POST /api/v1/layers`.
    public static let createLayer = APIRoute(
        .post, "/api/v1/layers", summary: "Create a layer", tag: "layers", body: .json(CreateLayerRequest.self),
        status: 201, answer: .json(Layer.self))
    /// `GET /api/v1/layers/{id}`.
    public static let layer = APIRoute(
        .get, "/api/v1/layers/{id}", summary: "One layer", tag: "layers", answer: .json(Layer.self))
    /// `PATCH /api/v1/layers/{id}`.
    public static let updateLayer = APIRoute(
        .patch, "/api/v1/layers/{id}", summary: "Change a layer", tag: "layers", body: .json(LayerPatch.self),
        answer: .json(Layer.self))
    /// `DELETE /api/v1/layers/{id}`.
    public static let deleteLayer = APIRoute(
        .delete, "/api/v1/layers/{id}", summary: "Delete a layer", tag: "layers", status: 204, answer: .empty)
    /// `GET /api/v1/layers/{id}/permissions`.
    public static let layerGrants = APIRoute(
        .get, "/api/v1/layers/{id}/permissions", summary: "Grants on a layer", tag: "permissions",
        answer: .page(Permission.self))
    /// `POST /api/v1/layers/{id}/permissions`.
    public static let grantOnLayer = APIRoute(
        .post, "/api/v1/layers/{id}/permissions", summary: "Grant on a layer", tag: "permissions",
        body: .json(GrantRequest.self), status: 201, answer: .json(Permission.self))
    /// `DELETE /api/v1/layers/{id}/permissions/{userID}`.
    public static let revokeOnLayer = APIRoute(
        .delete, "/api/v1/layers/{id}/permissions/{userID}", summary: "Revoke on a layer", tag: "permissions",
        status: 204, answer: .empty)

    static let layerRoutes = [
        layers, createLayer, layer, updateLayer, deleteLayer, layerGrants, grantOnLayer, revokeOnLayer,
    ]
}
