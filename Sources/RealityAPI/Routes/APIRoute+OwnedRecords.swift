import RealityCore

extension APIRoute {
    /// The four routes every owned kind (``OwnedRecord``) has, derived from its declaration:
    /// `GET /api/v1/{path}` (the caller's, paged), `GET`, `PUT` (create or replace, the whole
    /// record) and `DELETE` of `/api/v1/{path}/{id}`.
    public struct OwnedRoutes: Sendable {
        /// `GET /api/v1/{path}`.
        public let list: APIRoute
        /// `GET /api/v1/{path}/{id}`.
        public let show: APIRoute
        /// `PUT /api/v1/{path}/{id}`.
        public let save: APIRoute
        /// `DELETE /api/v1/{path}/{id}`.
        public let delete: APIRoute

        /// The four, in the order the server registers them.
        public var all: [APIRoute] { [list, show, save, delete] }

        init(_ kind: any OwnedRecord.Type) {
            let path = "\(APIRoute.versionPrefix)/\(kind.routePath)"
            let (one, many) = kind.displayName
            let schema = SchemaName(stringLiteral: kind.schemaName)
            list = APIRoute(
                .get, path, summary: "Your \(many), oldest first", tag: kind.routePath,
                query: QueryParameter.paging, answer: .page(schema))
            show = APIRoute(
                .get, path + "/{id}", summary: "One of your \(many)", tag: kind.routePath, answer: .json(schema))
            save = APIRoute(
                .put, path + "/{id}",
                summary: "Save a \(one) (the whole record; yours, at most \(kind.limitPerOwner))", tag: kind.routePath,
                body: .json(schema), answer: .json(schema))
            delete = APIRoute(
                .delete, path + "/{id}", summary: "Delete one of your \(many)", tag: kind.routePath, status: 204,
                answer: .empty)
        }
    }

    /// The routes of the owned kind `kind`.
    public static func owned(_ kind: any OwnedRecord.Type) -> OwnedRoutes {
        OwnedRoutes(kind)
    }

    static let ownedRecordRoutes = RecordType.ownedKinds.flatMap { OwnedRoutes($0).all }
}
