import Foundation
import RealityAPI
import RealityCore
import Testing

@Suite("Auth and /me over HTTP")
struct AuthRouteTests {
    @Test(arguments: Backend.allCases) func register_login_me_logout(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let me = try await api.send(.get, "/api/v1/me", token: ada.token)
            #expect(me.status == .ok)
            #expect(try me.decode(User.self).id == ada.id)

            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ADA@example.com", password: "correct horse"))
            #expect(login.status == .ok)
            let second = try login.decode(AuthResponse.self)
            #expect(second.user.id == ada.id)

            #expect(try await api.send(.post, "/api/v1/auth/logout", token: ada.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/me", token: second.token).status == .ok)
        }
    }

    @Test(arguments: Backend.allCases) func missingOrBadToken_is401(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let none = try await api.send(.get, "/api/v1/me")
            #expect(none.status == .unauthorized)
            #expect(none.errorCode == "unauthorized")
            #expect(try await api.send(.get, "/api/v1/me", token: "nonsense").status == .unauthorized)
            #expect(
                try await api.send(.get, "/api/v1/layers", raw: nil, headers: [.authorization: "Basic abc"]).status
                    == .unauthorized)
        }
    }
}
