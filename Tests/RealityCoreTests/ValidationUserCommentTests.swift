import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationUserCommentTests {
    typealias UserCase = ValidationCase<User>
    static let emailFormat = ValidationError.Reason.invalidFormat(expected: "an email address such as name@example.com")
    static let zoneFormat = ValidationError.Reason.invalidFormat(
        expected: "an IANA time zone such as \"Europe/Berlin\"")
    static let distanceRange = ValidationError.Reason.outOfRange(minimum: 0.1, maximum: 1_000)

    static let profileCases: [UserCase] = [
        .valid("a new user as the seed makes one") { $0 = User(id: Fixture.owner, createdAt: Fixture.date) },
        .valid("display name of 64 characters") { $0.displayName = Fixture.text(64) },
        .invalid("display name of 65 characters", "displayName", .tooLong(limit: 64)) {
            $0.displayName = Fixture.text(65)
        },
        .invalid("10 MB display name", "displayName", .tooLong(limit: 64)) { $0.displayName = Fixture.huge() },
        .invalid("empty display name", "displayName", .required) { $0.displayName = "" },
        .invalid("blank display name", "displayName", .required) { $0.displayName = "  " },
        .valid("email of 254 characters") { $0.email = Fixture.text(242) + "@example.com" },
        .invalid("email of 255 characters", "email", .tooLong(limit: 254)) {
            $0.email = Fixture.text(243) + "@example.com"
        },
        .invalid("10 MB email", "email", .tooLong(limit: 254)) { $0.email = Fixture.huge() },
        .invalid("empty email", "email", .required) { $0.email = "" },
        .valid("email with plus and subdomain") { $0.email = "a.b+tag@mail.example.co.uk" },
        .invalid("email without @", "email", emailFormat) { $0.email = "alex.example.com" },
        .invalid("email without a dot in the domain", "email", emailFormat) { $0.email = "alex@localhost" },
        .invalid("email without local part", "email", emailFormat) { $0.email = "@example.com" },
        .invalid("email with two @", "email", emailFormat) { $0.email = "a@b@example.com" },
        .invalid("email with a space", "email", emailFormat) { $0.email = "alex smith@example.com" },
        .invalid("email with an empty label", "email", emailFormat) { $0.email = "alex@example..com" },
        .invalid("email with a trailing dot", "email", emailFormat) { $0.email = "alex@example.com." },
        .invalid("email with a newline", "email", emailFormat) { $0.email = "alex@example.com\nBcc: x@y.z" },
        .valid("avatar URL of 2048 bytes") { $0.avatarURL = Fixture.url(bytes: 2_048) },
        .invalid("avatar URL of 2049 bytes", "avatarURL", .tooLong(limit: 2_048)) {
            $0.avatarURL = Fixture.url(bytes: 2_049)
        },
        .invalid("subscription expiry NaN", "subscriptionExpiresAt", .notFinite) {
            $0.subscriptionExpiresAt = Fixture.nanDate
        },
        .invalid("subscription expiry after 9999", "subscriptionExpiresAt", Fixture.dateBounds) {
            $0.subscriptionExpiresAt = Fixture.after9999
        },
        .valid("zero counts") {
            $0.annotationCount = 0
            $0.layerCount = 0
        },
        .invalid("negative annotation count", "annotationCount", .outOfRange(minimum: 0, maximum: Double(Int.max))) {
            $0.annotationCount = -1
        },
        .invalid("negative layer count", "layerCount", .outOfRange(minimum: 0, maximum: Double(Int.max))) {
            $0.layerCount = -5
        },
        .invalid("createdAt -infinity", "createdAt", .notFinite) {
            $0.createdAt = Date(timeIntervalSince1970: -.infinity)
        },
        .invalid("lastActiveAt before createdAt", "lastActiveAt", .notAllowed(detail: "must not be before createdAt")) {
            $0.lastActiveAt = Fixture.earlier
        },
        .valid("lastActiveAt later") { $0.lastActiveAt = Fixture.later },
    ]

    static let preferenceCases: [UserCase] =
        [
            .valid("display distance 0.1 m") { $0.preferences.annotationDisplayDistance = 0.1 },
            .valid("display distance 1000 m") { $0.preferences.annotationDisplayDistance = 1_000 },
            .invalid("display distance just under 0.1 m", "preferences.annotationDisplayDistance", distanceRange) {
                $0.preferences.annotationDisplayDistance = Float(0.1).nextDown
            },
            .invalid("display distance 0", "preferences.annotationDisplayDistance", distanceRange) {
                $0.preferences.annotationDisplayDistance = 0
            },
            .invalid("display distance just over 1000 m", "preferences.annotationDisplayDistance", distanceRange) {
                $0.preferences.annotationDisplayDistance = Float(1_000).nextUp
            },
            .valid("zone America/New_York") { $0.preferences.timeZone = "America/New_York" },
            .invalid("unknown zone", "preferences.timeZone", zoneFormat) {
                $0.preferences.timeZone = "Atlantis/Capital"
            },
            .invalid("empty zone", "preferences.timeZone", zoneFormat) { $0.preferences.timeZone = "" },
        ]
        + Fixture.nonFinite.map { value in
            UserCase.invalid("display distance \(value)", "preferences.annotationDisplayDistance", .notFinite) {
                $0.preferences.annotationDisplayDistance = value
            }
        }

    @Test(arguments: profileCases + preferenceCases)
    func user_checksProfileCountsDatesAndPreferences(_ testCase: UserCase) {
        #expect(testCase.run(on: Fixture.user()) { u throws(ValidationError) in try u.validate() } == testCase.expected)
    }

    @Test func preferencesAlone_nameTheirOwnFields() {
        #expect(throws: Never.self) { try UserPreferences().validate() }
        #expect(throws: ValidationError(field: "timeZone", reason: Self.zoneFormat)) {
            try UserPreferences(timeZone: "Nowhere").validate()
        }
    }

    typealias CommentCase = ValidationCase<RealityCore.Comment>

    static let commentCases: [CommentCase] = [
        .valid("text of 5000 characters") { $0.text = Fixture.text(5_000) },
        .valid("a reply to another comment") { $0.parentCommentID = CommentID() },
        .invalid("empty text", "text", .required) { $0.text = "" },
        .invalid("blank text", "text", .required) { $0.text = " \n\t " },
        .invalid("text of 5001 characters", "text", .tooLong(limit: 5_000)) { $0.text = Fixture.text(5_001) },
        .invalid("10 MB text", "text", .tooLong(limit: 5_000)) { $0.text = Fixture.huge() },
        .invalid("text of one 10 MB grapheme", "text", .tooLong(limit: 5_000)) { $0.text = Fixture.hugeGrapheme() },
        .valid("no author name") { $0.authorName = nil },
        .valid("author name of 64 characters") { $0.authorName = Fixture.text(64) },
        .invalid("author name of 65 characters", "authorName", .tooLong(limit: 64)) {
            $0.authorName = Fixture.text(65)
        },
        .invalid("empty author name", "authorName", .required) { $0.authorName = "" },
        .invalid("a reply to itself", "parentCommentID", .notAllowed(detail: "a comment cannot reply to itself")) {
            $0.parentCommentID = $0.id
        },
        .invalid("createdAt NaN", "createdAt", .notFinite) { $0.createdAt = Fixture.nanDate },
        .invalid("updatedAt after 9999", "updatedAt", Fixture.dateBounds) { $0.updatedAt = Fixture.after9999 },
        .invalid("updatedAt before createdAt", "updatedAt", .notAllowed(detail: "must not be before createdAt")) {
            $0.updatedAt = Fixture.earlier
        },
        .valid("edited later") {
            $0.updatedAt = Fixture.later
            $0.isEdited = true
        },
    ]

    @Test(arguments: commentCases)
    func comment_checksTextAuthorThreadAndDates(_ testCase: CommentCase) {
        #expect(
            testCase.run(on: Fixture.comment()) { c throws(ValidationError) in try c.validate() } == testCase.expected)
    }
}
