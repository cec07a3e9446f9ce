import HTTPTypes
import Hummingbird
import RealityAPI

/// Serves the web app (issue 23): `GET /` answers the page, never cached, and
/// `GET /app/{version}/{file}` its files, cached for a year under this build's version. Every
/// answer carries the headers of ``WebAppHeaders``: a strict Content-Security-Policy (scripts
/// and styles from this origin only, no inline script, no eval, no framing).
struct WebAppController: Sendable {
    let build: WebAppBuild

    init(build: WebAppBuild = .current) {
        self.build = build
    }

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.webApp, use: page)
        router.on(.webAppFile, use: file)
    }

    @Sendable func page(_ request: Request, context: APIRequestContext) async throws -> Response {
        respond(build.page, cache: "no-cache")
    }

    @Sendable func file(_ request: Request, context: APIRequestContext) async throws -> Response {
        let version = try context.parameters.require("version")
        let name = try context.parameters.require("file")
        // An older build's file is not served as this one's: its page must be loaded again.
        guard version == build.version, let file = build.files[name] else {
            throw APIError(.notFound, code: "not_found", message: "No such file of the web app.")
        }
        return respond(file, cache: "public, max-age=31536000, immutable")
    }

    private func respond(_ file: WebAppBuild.File, cache: String) -> Response {
        var headers = WebAppHeaders.fields
        headers[.contentType] = file.contentType
        headers[.cacheControl] = cache
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.body))
    }
}

/// The headers every answer of the web app carries.
enum WebAppHeaders {
    /// Scripts, styles, images, media and connections from this origin only (images and media also
    /// from `blob:` URLs the app makes of what it fetched with the person's token); no inline
    /// script or style, no eval, no plugins, no `<base>`, no form posts, never inside a frame.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
        + "media-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
        + "frame-ancestors 'none'"

    static let fields: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy,
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
    ]
}
