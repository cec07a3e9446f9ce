import Testing

@testable import RealityServer

/// Reading `Authorization: Bearer TOKEN`, and the digest a token is stored and looked up by.
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

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("é", "4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c"),
    ])
    func aTokensDigest_isTheLowercaseHexSHA256OfItsUTF8(token: String, digest: String) {
        #expect(TokenDigest.sha256(token) == digest)
    }
}
