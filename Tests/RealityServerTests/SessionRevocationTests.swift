import Foundation
import RealityAPI
import RealityCore
import Testing

/// The SQLite server remembers live sessions between requests; a revoked token must still stop at
/// once, whichever backend, however often it was used before.
@Suite("Session revocation")
struct SessionRevocationTests {
    @Test(arguments: Backend.allCases)
    func logout_refusesTheWarmToken_onTheNextRequest_andKeepsTheOtherSession(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ada@example.com", password: "correct horse"))
            let second = try login.decode(AuthResponse.self).token
            for _ in 0..<3 {
                #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .ok)
                #expect(try await api.send(.get, "/api/v1/me", token: second).status == .ok)
            }
            #expect(try await api.send(.post, "/api/v1/auth/logout", token: ada.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/layers", token: ada.token).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/me", token: second).status == .ok)
        }
    }

    @Test(arguments: Backend.allCases)
    func deletingTheAccount_refusesEveryWarmTokenOfIt_andNoOtherUsers(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let bob = try await api.register("Bob")
            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ada@example.com", password: "correct horse"))
            let second = try login.decode(AuthResponse.self).token
            for token in [ada.token, second, bob.token] {
                #expect(try await api.send(.get, "/api/v1/me", token: token).status == .ok)
            }
            #expect(try await api.send(.delete, "/api/v1/me", token: ada.token).status == .noContent)
            #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/me", token: second).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/me", token: bob.token).status == .ok)
        }
    }
}
