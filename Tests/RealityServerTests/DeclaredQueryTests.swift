import Foundation
import Hummingbird
import HummingbirdCore
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Handlers read the query through their route's declared parameters (``DeclaredQuery``): a read
/// of one the route does not declare fails in debug builds, and every route that declares a query
/// answers a request giving all of them without that failure.
@Suite struct DeclaredQueryTests {
    @Test func aDeclaredParameter_isRead_andAnUndeclaredOne_isRefusedInDebug() throws {
        let parameters = URI("/api/v1/annotations/recent?limit=5&scope=private&layerID=a,b&layerID=c").queryParameters
        let recent = DeclaredQuery(parameters: parameters, declared: APIRoute.recent.query)
        #expect(try recent(.limit) == "5")
        #expect(try recent(.cursor) == nil)
        #if DEBUG
            #expect(throws: UndeclaredQueryParameter.self) { try recent(.scope) }
            #expect(throws: UndeclaredQueryParameter.self) { try recent.all(.layerID) }
            // The same name declared differently is another parameter: the feed's limit is not a list's.
            #expect(throws: UndeclaredQueryParameter.self) { try recent(.changesLimit) }
        #endif
        let annotations = DeclaredQuery(parameters: parameters, declared: APIRoute.annotations.query)
        #expect(try annotations.all(.layerID) == ["a,b", "c"])
        let unchecked = DeclaredQuery(parameters: parameters, declared: nil)
        #expect(try unchecked(.scope) == "private", "without a declaration (no gateway) nothing is checked")
    }

    @Test func theGateway_givesEachRoute_itsDeclaredQuery() {
        for route in APIRoute.all {
            #expect(RoutePolicy(route).query == route.query, "\(route)")
        }
        #expect(RoutePolicy.undeclared.query.isEmpty)
    }

    /// Every route that declares query parameters, asked with a valid value for each (so that its
    /// handler reads all it reads on the way to a success), answers 200: a handler reading a
    /// parameter its route does not declare would answer 500 here.
    @Test(arguments: Backend.allCases) func everyRouteWithAQuery_readsOnlyWhatItDeclares(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let ann = try await api.register("Ann")
            let layer = try await api.createLayer(ann)
            let note = try await api.createNote(ann, in: layer.id)
            let challenge = try await SharedPhotoRouteTests.complete(
                api, ann, photo: try GeneratedMedia.png(width: 16, height: 16))
            let shared = try await api.send(
                .post, "/api/v1/social/photos", token: ann.token, json: SharePhotoRequest(challengeID: challenge)
            ).decode(SharedPhoto.self)
            let examples: [APIRoute.QueryParameter: String] = [
                .limit: "5", .layerID: layer.id.uuidString, .annotationType: AnnotationType.text.rawValue,
                .status: AnnotationStatus.open.rawValue, .creatorID: ann.id.uuidString, .near: "1,2,3",
                .radius: "5", .visibleAt: "2026-01-01T00:00:00Z", .q: "milk", .from: "2020-01-01T00:00:00Z",
                .to: "2100-01-01T00:00:00Z", .unread: "true", .scope: SyncScope.private.rawValue, .changesLimit: "5",
                .email: "ann%40example.com", .point: "1,2,3", .instant: "2026-01-01T00:00:00Z", .viewer: "1,2,3",
                .timeZone: "Europe/Berlin", .count: "5", .challengeLimit: "5", .before: "2030-01-01",
                .category: "food,nature", .maxTime: "long", .maxCost: "medium", .social: "solo", .minDifficulty: "1",
                .maxDifficulty: "5", .location: "home", .excludeCompleted: "true", .catalogSince: "0",
                .reportStatus: ContentReport.Status.open.rawValue, .socialLimit: "5", .imageSize: "original",
                .photoID: shared.id.uuidString,
            ]
            // Cursors and tokens are the server's own; a request without them reads them too.
            let absent: Set<APIRoute.QueryParameter> = [.cursor, .since]
            let routes = APIRoute.all.filter { !$0.query.isEmpty }
            #expect(routes.count >= 10)
            for route in routes where route == .appendUpload {
                // The one route with a query that is not a read: a part of an upload, at offset 0.
                let upload = try await api.send(
                    .post, "/api/v1/uploads", token: ann.token, json: CreateUploadRequest(size: 3)
                )
                .decode(UploadStatus.self)
                let part = try await api.send(
                    .patch, route.path(id: upload.id, query: [.offset: "0"]), token: ann.token, bytes: Data("abc".utf8))
                #expect(part.status == .ok, "\(route): \(String(decoding: part.body, as: UTF8.self))")
            }
            for route in routes where route != .appendUpload {
                #expect(route.method == .get, "\(route)")
                let id = route.path.hasPrefix("/api/v1/social/photos/") ? shared.id.uuidString : note.id.uuidString
                var path = route.path.replacingOccurrences(of: "{id}", with: id)
                var separator = "?"
                for parameter in route.query where !absent.contains(parameter) {
                    let value = try #require(examples[parameter], "no example value of \(parameter.name)")
                    path += separator + parameter.name + "=" + value
                    separator = "&"
                }
                // An administrator's route takes the admin token.
                let token = route.access == .admin ? TestServer.adminToken : ann.token
                let result = try await api.send(.get, path, token: token)
                #expect(result.status == .ok, "\(path): \(String(decoding: result.body, as: UTF8.self))")
            }
        }
    }
}
