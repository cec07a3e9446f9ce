import Foundation
import RealityAPI
import RealityCore
import Testing

@testable import RealityServer

/// Which passwords an account may have, and changing one.
@Suite("Passwords")
struct PasswordRuleTests {
    @Test(arguments: [
        "short", "nine char", "password123", "Password2024!", "  qwerty123456 ", "iloveyou!!!!", "aaaaaaaaaaaa",
        "abcabcabcabc", "abcdefghijkl", "9876543210", "1234567890", "qwertyuiop", "dragon1234", "ada@example.com",
    ])
    func aGuessablePassword_isRefused_namingTheField(_ password: String) {
        #expect(throws: RealityCore.ValidationError.self) {
            try PasswordPolicy.check(password, email: "ada@example.com")
        }
        do {
            try PasswordPolicy.check(password, email: "ada@example.com", field: "newPassword")
        } catch let error as RealityCore.ValidationError {
            #expect(error.field == "newPassword")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: ["correct horse", "long enough", "Tr0ub4dor&3x", "mauve lantern 88", "zwölf Äpfel!"])
    func aPasswordHardToGuess_isAccepted(_ password: String) throws {
        try PasswordPolicy.check(password, email: "ada@example.com")
    }

    @Test func theCommonList_isLowercase_andLong() {
        #expect(CommonPasswords.all.count >= 500)
        #expect(CommonPasswords.all.allSatisfy { $0 == $0.lowercased() })
    }

    @Test(arguments: Backend.allCases)
    func register_refusesACommonPassword_with400NamingPassword(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let answer = try await api.send(
                .post, "/api/v1/auth/register",
                json: RegisterRequest(email: "ada@example.com", password: "password123", displayName: "Ada"))
            #expect(answer.status == .badRequest && answer.errorField == "password")
            let login = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ada@example.com", password: "password123"))
            #expect(login.status == .unauthorized, "nothing was created")
        }
    }

    @Test(arguments: Backend.allCases)
    func changingThePassword_needsTheCurrentOne_andEndsEveryOtherSession(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ada = try await api.register("Ada")
            let tablet = try await api.login("ada@example.com")
            let bob = try await api.register("Bob")

            let wrong = try await api.send(
                .post, "/api/v1/me/password", token: ada.token,
                json: PasswordChangeRequest(currentPassword: "not the one", newPassword: "mauve lantern 88"))
            #expect(wrong.status == .forbidden && wrong.errorField == "currentPassword")
            let weak = try await api.send(
                .post, "/api/v1/me/password", token: ada.token,
                json: PasswordChangeRequest(currentPassword: "correct horse", newPassword: "qwerty12345"))
            #expect(weak.status == .badRequest && weak.errorField == "newPassword")
            #expect(try await api.send(.get, "/api/v1/me", token: tablet).status == .ok, "refusals change nothing")

            let changed = try await api.send(
                .post, "/api/v1/me/password", token: ada.token,
                json: PasswordChangeRequest(currentPassword: "correct horse", newPassword: "mauve lantern 88"))
            #expect(changed.status == .noContent)
            #expect(try await api.send(.get, "/api/v1/me", token: ada.token).status == .ok)
            #expect(try await api.send(.get, "/api/v1/me", token: tablet).status == .unauthorized)
            #expect(try await api.send(.get, "/api/v1/me", token: bob.token).status == .ok)
            let old = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ada@example.com", password: "correct horse"))
            #expect(old.status == .unauthorized)
            let new = try await api.send(
                .post, "/api/v1/auth/login", json: LoginRequest(email: "ada@example.com", password: "mauve lantern 88"))
            #expect(new.status == .ok)
        }
    }
}
