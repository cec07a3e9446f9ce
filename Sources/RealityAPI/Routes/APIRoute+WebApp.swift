extension APIRoute {
    /// `GET /`: the web app's page (issue 23), never cached, naming the files of this build.
    public static let webApp = APIRoute(
        .get, "/", summary: "The web app", tag: "web", access: .anonymous, isRateLimited: false, answer: .webApp)
    /// `GET /app/{version}/{file}`: one file of the web app (a JavaScript module, the style sheet),
    /// cached for a year: `version` is the hash of every file of the build, so a new build is a new
    /// path.
    public static let webAppFile = APIRoute(
        .get, "/app/{version}/{file}", summary: "A file of the web app", tag: "web", access: .anonymous,
        isRateLimited: false, answer: .webApp, textParameters: ["version", "file"])

    static let webAppRoutes = [webApp, webAppFile]
}
