import Foundation
import HTTPTypes
import RealityAPI
import Testing

@testable import RealityServer

/// Deny by default: every operation of the OpenAPI document, called without a token, answers
/// 401, except the few declared public ones, which answer without asking for one.
@Suite struct AccessPolicyTests {
    @Test(arguments: Backend.allCases) func everyOperation_withoutAToken_is401_butThePublicOnes(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend, { $0.rateLimitBurst = 10_000 }) { api in
            let document = try await api.send(.get, "/api/v1/openapi.json")
            #expect(document.status == .ok)
            let json = try #require(try JSONSerialization.jsonObject(with: document.body) as? [String: Any])
            let paths = try #require(json["paths"] as? [String: [String: Any]])
            var checked = 0
            for (template, operations) in paths {
                // Any ID will do: nobody may learn whether it exists without signing in.
                let path = template.replacing(#/\{[^}]+\}/#, with: UUID().uuidString)
                for method in operations.keys.compactMap({ HTTPRequest.Method($0.uppercased()) }) {
                    let status = try await api.send(method, path, raw: method == .get ? nil : "{}").status
                    let route = try #require(APIRoute.all.first { $0.method == method && $0.path == template })
                    if route.access == .anonymous {
                        #expect(status != .unauthorized, "\(method) \(template)")
                    } else {
                        #expect(status == .unauthorized, "\(method) \(template)")
                    }
                    checked += 1
                }
            }
            #expect(checked >= 50, "the document lists every route")
            let anonymous = APIRoute.all.filter { $0.access == .anonymous }.map(\.path)
            #expect(
                Set(anonymous) == [
                    "/health", "/metrics", "/api/v1/openapi.json", "/api/v1/auth/register",
                    "/api/v1/auth/login", "/api/v1/app/configuration", "/", "/app/{version}/{file}",
                ], "only these routes are public (the web app's files hold no one's data)")
        }
    }

    @Test(arguments: Backend.allCases) func unknownPaths_withoutAToken_are401_andWithOne_404(
        _ backend: Backend
    ) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            #expect(try await api.send(.get, "/api/v1/nothing-here").status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/nothing-here", token: ada.token).status == .notFound)
            // Under the admin routes' prefix, and a public path with another method, alike.
            #expect(try await api.send(.get, "/api/v1/admin/nothing-here").status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/admin/nothing-here", token: ada.token).status == .notFound)
            #expect(try await api.send(.put, "/api/v1/auth/login", raw: "{}").status == .unauthorized)
            #expect(try await api.send(.put, "/api/v1/auth/login", token: ada.token, raw: "{}").status == .notFound)
            #expect(try await api.send(.get, "/api/v1/me", token: "not-a-session").status == .unauthorized)
        }
    }

    /// A token sent twice is not one token: 401, even when both are the same valid token.
    @Test(arguments: Backend.allCases) func twoAuthorizationHeaders_are401(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            var headers = HTTPFields()
            headers.append(HTTPField(name: .authorization, value: "Bearer \(ada.token)"))
            #expect(try await api.send(.get, "/api/v1/me", headers: headers).status == .ok)
            headers.append(HTTPField(name: .authorization, value: "Bearer \(ada.token)"))
            #expect(try await api.send(.get, "/api/v1/me", headers: headers).status == .unauthorized)
        }
    }
}
