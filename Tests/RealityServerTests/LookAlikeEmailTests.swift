import Foundation
import RealityAPI
import RealityCore
import Testing

/// Emails that look alike are one account: composed and decomposed letters, full-width letters,
/// zero-width characters, case and surrounding spaces.
@Suite("Look-alike emails")
struct LookAlikeEmailTests {
    static let lookAlikes = [
        "jose\u{301}@example.com",  // decomposed é
        "ＪＯＳÉ@ＥＸＡＭＰＬＥ.ＣＯＭ",  // full-width letters
        "jo\u{200B}sé@example.com",  // a zero-width space
        "\u{FEFF}josé@exam\u{00AD}ple.com",  // a byte-order mark and a soft hyphen
        "  JOSÉ@Example.com ",
    ]

    @Test(arguments: lookAlikes)
    func aLookAlike_normalizesToTheComposedLowercaseForm(_ email: String) {
        #expect(EmailAddress.normalized(email) == "jos\u{E9}@example.com")
    }

    @Test(arguments: Backend.allCases)
    func aLookAlike_cannotRegisterASecondAccount_andSignsInToTheFirst(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let first = try await api.send(
                .post, "/api/v1/auth/register",
                json: RegisterRequest(email: "jos\u{E9}@example.com", password: "correct horse", displayName: "José"))
            #expect(first.status == .created)
            let jose = try first.decode(AuthResponse.self).user
            for email in Self.lookAlikes {
                let again = try await api.send(
                    .post, "/api/v1/auth/register",
                    json: RegisterRequest(email: email, password: "correct horse", displayName: "Not José"))
                #expect(again.status == .conflict, "\(email.unicodeScalars.map { String($0.value, radix: 16) })")
                let login = try await api.send(
                    .post, "/api/v1/auth/login", json: LoginRequest(email: email, password: "correct horse"))
                #expect(login.status == .ok)
                #expect(try login.decode(AuthResponse.self).user.id == jose.id)
            }
        }
    }
}
