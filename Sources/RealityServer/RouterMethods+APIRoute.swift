import Hummingbird
import RealityAPI

extension RouterMethods {
    /// Registers `handler` for `route`, by its declaration: its method and path template come
    /// from ``APIRoute``, so that no controller writes a path.
    @discardableResult
    func on(
        _ route: APIRoute,
        use handler: @Sendable @escaping (Request, Context) async throws -> some ResponseGenerator
    ) -> Self {
        on(RouterPath(route.path), method: route.method, use: handler)
    }
}
