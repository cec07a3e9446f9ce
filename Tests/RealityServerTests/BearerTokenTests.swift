import Testing
@testable import RealityServer

/// Reading `Authorization: Bearer TOKEN`.
@Suite struct BearerTokenTests {
    @Test(arguments: [
        ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER abc", "abc"), ("Bearer   abc  ", "abc"),
        ("Bearer\tabc", "abc"), ("Bearer y6gyY2BYaiI1C1IRSUNY1WAI-_stppGMy", "y6gyY2BYaiI1C1IRSUNY1WAI-_stppGMy"),
    ])
    func aBearerHeader_givesItsToken(header: String, token: String) {
        #expect(BearerToken.parse(header) == token)
    }

    @Test(arguments: [
        "", "Bearer", "Bearer ", "Bearer    ", "Basic abc", "Bearerabc", "Bearer a b", "Bearr abc", "Bearer\u{0}",
        "Bearer " + String(repeating: "x", count: BearerToken.maximumLength + 1), "Béarer abc", "bearer\nabc",
    ])
    func anythingElse_givesNoToken(header: String) {
        #expect(BearerToken.parse(header) == nil)
    }

    @Test func aTokenOfTheMaximumLength_isAccepted() {
        let token = String(repeating: "x", count: BearerToken.maximumLength)
        #expect(BearerToken.parse("Bearer " + token) == token)
    }
}
