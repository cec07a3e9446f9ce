extension APIRoute {
    /// Every route the server answers, in the order it registers them: the source of the router's
    /// table, the gateway's access rules and body limits, and `/api/v1/openapi.json`. A test holds
    /// it equal to the routes the server registers, so a route declared without a handler, or a
    /// handler registered for an undeclared route, fails.
    public static let all: [APIRoute] =
        operationRoutes + accountRoutes + layerRoutes + annotationRoutes + collaborationRoutes + inboxRoutes
        + assetAndMapRoutes + syncRoutes + peopleRoutes + spatialRoutes + trashRoutes + outOfBoxRoutes
        + socialRoutes + ownedRecordRoutes + webAppRoutes
}
