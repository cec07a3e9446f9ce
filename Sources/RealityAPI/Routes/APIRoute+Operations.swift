import RealityCore

extension APIRoute {
    /// `GET /health`: the services' health, aggregated.
    public static let health = APIRoute(
        .get, "/health", summary: "Aggregated service health", tag: "operations", access: .anonymous,
        isRateLimited: false, answer: .json("HealthReport"))
    /// `GET /metrics`: Prometheus text.
    public static let metrics = APIRoute(
        .get, "/metrics", summary: "Prometheus metrics", tag: "operations", access: .anonymous, isRateLimited: false,
        answer: .text)
    /// `GET /api/v1/openapi.json`: the OpenAPI document, public so that clients read it first.
    public static let openAPIDocument = APIRoute(
        .get, "/api/v1/openapi.json", summary: "This document", tag: "operations", access: .anonymous,
        answer: .json("OpenAPIDocument"))
    /// `POST /api/v1/auth/register`.
    public static let register = APIRoute(
        .post, "/api/v1/auth/register", summary: "Create an account", tag: "auth", access: .anonymous,
        body: .json(RegisterRequest.self), status: 201, answer: .json(AuthResponse.self))
    /// `POST /api/v1/auth/login`.
    public static let login = APIRoute(
        .post, "/api/v1/auth/login", summary: "Sign in", tag: "auth", access: .anonymous,
        body: .json(LoginRequest.self), answer: .json(AuthResponse.self))
    /// `POST /api/v1/auth/logout`: ends the caller's session.
    public static let logout = APIRoute(
        .post, "/api/v1/auth/logout", summary: "Revoke this token", tag: "auth", status: 204, answer: .empty)
    /// `PUT /api/v1/admin/users/{id}/tier`, with the admin token.
    public static let setTier = APIRoute(
        .put, "/api/v1/admin/users/{id}/tier", summary: "Put a user on a plan", tag: "admin", access: .admin,
        body: .json(TierRequest.self), answer: .json(User.self))

    static let operationRoutes = [health, metrics, openAPIDocument, register, login, logout, setTier]
}
