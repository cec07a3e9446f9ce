import Foundation
import Hummingbird
import RealityAPI
import Testing

@testable import RealityServer

/// The route declarations build the paths clients send (typed parameters, percent-encoded, query
/// names the route declares), and the gateway finds each declaration by the template Hummingbird
/// matched, with deny by default for what none declares.
@Suite struct APIRouteTests {
    @Test func paths_areFilledFromTheTemplate_percentEncoded() {
        let id = UUID()
        let other = UUID()
        #expect(APIRoute.me.path() == "/api/v1/me")
        #expect(APIRoute.annotation.path(id: id) == "/api/v1/annotations/\(id.uuidString)")
        #expect(
            APIRoute.revokeOnLayer.path(id: id, userID: other)
                == "/api/v1/layers/\(id.uuidString)/permissions/\(other.uuidString)")
        let reactions = "/api/v1/annotations/\(id.uuidString)/reactions/"
        #expect(APIRoute.unreact.path(id: id, emoji: "👍") == reactions + "%F0%9F%91%8D")
        #expect(APIRoute.unreact.path(id: id, emoji: "a/b?") == reactions + "a%2Fb%3F")
        #expect(APIRoute.asset.path(id: "ab12") == "/api/v1/assets/ab12")
        #expect(APIRoute.setTier.path(id: id) == "/api/v1/admin/users/\(id.uuidString)/tier")
    }

    @Test func aFilledPath_matchesItsRoute_andNoOther() {
        let id = UUID()
        for route in APIRoute.all {
            let values = Dictionary(uniqueKeysWithValues: route.pathParameters.map { ($0, "x\($0)") })
            var path = route.path
            for (name, value) in values { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
            #expect(route.matches(path), "\(route)")
            #expect(route.matches(path + "?limit=1"), "\(route) with a query")
        }
        #expect(APIRoute.annotation.matches(APIRoute.annotation.path(id: id)))
        #expect(!APIRoute.annotation.matches(APIRoute.comments.path(id: id)))
        #expect(!APIRoute.annotation.matches("/api/v1/annotations"))
        #expect(!APIRoute.layers.matches("/api/v1/annotations"))
    }

    @Test func queries_keepTheirOrder_skipNil_andEncodeValues() {
        #expect(
            APIRoute.syncChanges.path(query: [.scope: "private", .changesLimit: "200", .since: nil])
                == "/api/v1/sync/changes?scope=private&limit=200")
        #expect(
            APIRoute.syncChanges.path(query: [.scope: "shared", .changesLimit: "5", .since: "a+b=c&d"])
                == "/api/v1/sync/changes?scope=shared&limit=5&since=a%2Bb%3Dc%26d")
        #expect(APIRoute.annotations.path(query: [.limit: nil, .cursor: nil]) == "/api/v1/annotations")
    }

    @Test func declarations_areWellFormed() {
        for route in APIRoute.all {
            #expect(route.path.hasPrefix("/"), "\(route)")
            #expect(route.textParameters.isSubset(of: route.pathParameters), "\(route): text parameters in the path")
            #expect(Set(route.query.map(\.name)).count == route.query.count, "\(route): a query parameter twice")
            if route.body == nil { #expect(route.bodyLimit == .json, "\(route): a limit for no body") }
        }
        // The web app's files are served from memory, like health and metrics never refused.
        let outside = ["/", "/app/{version}/{file}", "/health", "/metrics"]
        #expect(APIRoute.all.filter { !$0.isRateLimited }.map(\.path).sorted() == outside)
        #expect(
            APIRoute.all.filter { !$0.path.hasPrefix(APIRoute.versionPrefix + "/") }.map(\.path).sorted() == outside,
            "the versioned API holds every other route")
        #expect(APIRoute.all.filter { $0.bodyLimit == .asset } == [.uploadAsset, .appendUpload])
        #expect(APIRoute.all.filter { $0.bodyLimit == .syncPush } == [.syncPush])
        #expect(APIRoute.all.filter { $0.access == .admin }.allSatisfy { $0.path.hasPrefix("/api/v1/admin/") })
    }

    @Test func theGateway_findsEachRoutesPolicy_byTheTemplateHummingbirdMatched() {
        for route in APIRoute.all {
            let found = RoutePolicy.of(route.method, endpointPath: RouterPath(route.path).description)
            #expect(found == RoutePolicy(route), "\(route)")
        }
        #expect(RoutePolicy.of(.get, endpointPath: nil) == .undeclared)
        #expect(RoutePolicy.of(.put, endpointPath: "/api/v1/auth/login") == .undeclared, "another method")
        #expect(RoutePolicy.undeclared.access == .user && RoutePolicy.undeclared.isRateLimited)
    }
}
