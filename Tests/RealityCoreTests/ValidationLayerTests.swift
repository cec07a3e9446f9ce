import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationLayerTests {
    typealias Case = ValidationCase<Layer>

    static let nameCases: [Case] = [
        .valid("name of exactly 50 characters") { $0.name = Fixture.text(50) },
        .valid("50 characters inside white space") { $0.name = "  " + Fixture.text(50) + "\n" },
        .valid("one character") { $0.name = "x" },
        .invalid("empty name", "name", .required) { $0.name = "" },
        .invalid("blank name", "name", .required) { $0.name = " \t\n\u{3000}" },
        .invalid("51 characters", "name", .tooLong(limit: 50)) { $0.name = Fixture.text(51) },
        .invalid("51 emoji", "name", .tooLong(limit: 50)) { $0.name = Fixture.text(51, "🇩🇪") },
        .invalid("10 MB name", "name", .tooLong(limit: 50)) { $0.name = Fixture.huge() },
        .invalid("10 MB of white space, refused unread", "name", .tooLong(limit: 50)) {
            $0.name = Fixture.text(10_000_000, " ")
        },
        .invalid("3,200 bytes of white space, trimmed", "name", .required) { $0.name = Fixture.text(3_200, " ") },
    ]

    static let iconCases: [Case] = [
        .valid("the default icon") { $0.icon = Layer.defaultIcon },
        .valid("icon of 64 characters") { $0.icon = Fixture.text(64, "a") },
        .invalid("empty icon", "icon", .required) { $0.icon = "" },
        .invalid("icon of 65 characters", "icon", .tooLong(limit: 64)) { $0.icon = Fixture.text(65, "a") },
        .invalid("10 MB icon", "icon", .tooLong(limit: 64)) { $0.icon = Fixture.huge() },
        .invalid("icon with a space", "icon", .invalidFormat(expected: "an SF Symbol name of letters, digits and dots"))
        {
            $0.icon = "person 3"
        },
        .invalid("icon with a slash", "icon", .invalidFormat(expected: "an SF Symbol name of letters, digits and dots"))
        {
            $0.icon = "../etc"
        },
        .invalid(
            "icon with a non-ASCII letter", "icon",
            .invalidFormat(expected: "an SF Symbol name of letters, digits and dots")
        ) {
            $0.icon = "häuser"
        },
        .invalid("blank icon", "icon", .invalidFormat(expected: "an SF Symbol name of letters, digits and dots")) {
            $0.icon = " "
        },
    ]

    static let settingCases: [Case] = [
        .valid("another layer as parent") { $0.parentLayerID = LayerID() },
        .invalid("itself as parent", "parentLayerID", .notAllowed(detail: "a layer cannot be its own parent")) {
            $0.parentLayerID = $0.id
        },
        .invalid("nil UUID owner", "ownerID", .required) { $0.ownerID = Fixture.nilUser },
        .valid("a grant to a friend") { $0.permissions = [Fixture.permission()] },
        .invalid("the owner as grantee", "permissions[0].userID", .notAllowed(detail: "the owner cannot be a grantee"))
        {
            $0.permissions = [Fixture.permission(Fixture.owner)]
        },
        .invalid("a friend granted twice", "permissions[2].userID", .duplicate) {
            $0.permissions = [Fixture.permission(), Fixture.permission(UserID()), Fixture.permission()]
        },
        .invalid("101 grants", "permissions", .tooMany(limit: 100)) {
            $0.permissions = (0..<101).map { _ in Fixture.permission(UserID()) }
        },
        .valid("expire after 1 day") { $0.autoExpireDays = 1 },
        .valid("expire after 3650 days") { $0.autoExpireDays = 3_650 },
        .invalid("expire after 0 days", "autoExpireDays", .outOfRange(minimum: 1, maximum: 3_650)) {
            $0.autoExpireDays = 0
        },
        .invalid("expire after 3651 days", "autoExpireDays", .outOfRange(minimum: 1, maximum: 3_650)) {
            $0.autoExpireDays = 3_651
        },
        .invalid("expire after Int.min days", "autoExpireDays", .outOfRange(minimum: 1, maximum: 3_650)) {
            $0.autoExpireDays = .min
        },
        .invalid("createdAt NaN", "createdAt", .notFinite) { $0.createdAt = Fixture.nanDate },
        .invalid("createdAt -infinity", "createdAt", .notFinite) {
            $0.createdAt = Date(timeIntervalSince1970: -.infinity)
        },
        .invalid("createdAt before 1970", "createdAt", Fixture.dateBounds) { $0.createdAt = Fixture.before1970 },
        .invalid("updatedAt before createdAt", "updatedAt", .notAllowed(detail: "must not be before createdAt")) {
            $0.updatedAt = Fixture.earlier
        },
        .valid("updatedAt after createdAt") { $0.updatedAt = Fixture.later },
    ]

    @Test(arguments: nameCases + iconCases + settingCases)
    func layer_checksEveryField(_ testCase: Case) {
        #expect(
            testCase.run(on: Fixture.layer()) { l throws(ValidationError) in try l.validate() } == testCase.expected)
    }

    @Test func seedSampleLayer_isValid() {
        #expect(throws: Never.self) { try Fixture.layer().validate() }
        #expect(throws: Never.self) { try Layer(name: "Work", ownerID: Fixture.owner).validate() }
    }

    @Test func seedLayerRules_emptyAndOverFiftyFail() {
        #expect(throws: ValidationError(field: "name", reason: .required)) {
            try Layer(name: "", ownerID: Fixture.owner, createdAt: Fixture.date).validate()
        }
        #expect(throws: ValidationError(field: "name", reason: .tooLong(limit: Layer.maxNameLength))) {
            try Layer(name: Fixture.text(51), ownerID: Fixture.owner, createdAt: Fixture.date).validate()
        }
    }
}
