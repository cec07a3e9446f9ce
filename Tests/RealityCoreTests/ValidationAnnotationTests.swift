import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationAnnotationTests {
    typealias Case = ValidationCase<Annotation>

    static let titleCases: [Case] = [
        .valid("no title") { $0.title = nil },
        .valid("title of exactly 100 characters") { $0.title = Fixture.text(100) },
        .valid("title of 100 multi-byte family emoji") { $0.title = Fixture.text(100, "👨‍👩‍👧") },
        .invalid("title of 101 characters", "title", .tooLong(limit: 100)) { $0.title = Fixture.text(101) },
        .invalid("title of 101 family emoji", "title", .tooLong(limit: 100)) { $0.title = Fixture.text(101, "👨‍👩‍👧") },
        .invalid("empty title", "title", .required) { $0.title = "" },
        .invalid("blank title", "title", .required) { $0.title = " \n\t" },
        .invalid("10 MB title", "title", .tooLong(limit: 100)) { $0.title = Fixture.huge() },
        .invalid("10 MB of white space", "title", .tooLong(limit: 100)) { $0.title = Fixture.text(10_000_000, " ") },
        .invalid("title of one 10 MB grapheme", "title", .tooLong(limit: 100)) { $0.title = Fixture.hugeGrapheme() },
    ]

    static let positionCases: [Case] =
        [
            .valid("position at +100 km") { $0.position = SIMD3(100_000, 100_000, 100_000) },
            .valid("position at -100 km") { $0.position = SIMD3(-100_000, -100_000, -100_000) },
            .invalid("x beyond 100 km", "position[0]", .outOfRange(minimum: -100_000, maximum: 100_000)) {
                $0.position.x = Float(100_000).nextUp
            },
            .invalid("z below -100 km", "position[2]", .outOfRange(minimum: -100_000, maximum: 100_000)) {
                $0.position.z = -200_000
            },
        ]
        + (0..<3).flatMap { index in
            Fixture.nonFinite.map { value in
                Case.invalid("position[\(index)] = \(value)", "position[\(index)]", .notFinite) {
                    $0.position[index] = value
                }
            }
        }

    static let orientationCases: [Case] =
        [
            .valid("a rotation about a tilted axis") {
                $0.orientation = Quaternion(angle: .pi / 3, axis: SIMD3(1, 1, 0))
            },
            .valid("length 1.0009, within tolerance") { $0.orientation = Quaternion(x: 0, y: 0, z: 0, w: 1.0009) },
            .invalid("length 1.002", "orientation", .notNormalized) {
                $0.orientation = Quaternion(x: 0, y: 0, z: 0, w: 1.002)
            },
            .invalid("zero quaternion", "orientation", .notNormalized) {
                $0.orientation = Quaternion(x: 0, y: 0, z: 0, w: 0)
            },
            .invalid("length 2", "orientation", .notNormalized) { $0.orientation = Quaternion(x: 0, y: 0, z: 0, w: 2) },
            .invalid("finite components whose length overflows", "orientation", .notNormalized) {
                $0.orientation = Quaternion(x: 1e30, y: 1e30, z: 1e30, w: 1e30)
            },
        ]
        + (0..<4).flatMap { index in
            Fixture.nonFinite.map { value in
                Case.invalid("orientation[\(index)] = \(value)", "orientation[\(index)]", .notFinite) {
                    var components = [$0.orientation.x, $0.orientation.y, $0.orientation.z, $0.orientation.w]
                    components[index] = value
                    $0.orientation = Quaternion(x: components[0], y: components[1], z: components[2], w: components[3])
                }
            }
        }

    static let scaleCases: [Case] =
        [
            .valid("scale 1000") { $0.scale = 1_000 },
            .valid("smallest positive scale") { $0.scale = .leastNonzeroMagnitude },
            .invalid("scale 0", "scale", .outOfRange(minimum: 0, maximum: 1_000)) { $0.scale = 0 },
            .invalid("negative scale", "scale", .outOfRange(minimum: 0, maximum: 1_000)) { $0.scale = -1 },
            .invalid("scale just over 1000", "scale", .outOfRange(minimum: 0, maximum: 1_000)) {
                $0.scale = Float(1_000).nextUp
            },
        ]
        + Fixture.nonFinite.map { value in
            Case.invalid("scale = \(value)", "scale", .notFinite) { $0.scale = value }
        }

    static let ownershipCases: [Case] = [
        .invalid("nil UUID owner", "ownerID", .required) { $0.ownerID = Fixture.nilUser },
        .valid("100 grants") { $0.permissions = (0..<100).map { _ in Fixture.permission(UserID()) } },
        .valid("a grantee who granted it to themselves") {
            $0.permissions = [
                Permission(userID: Fixture.friend, level: .viewer, grantedBy: Fixture.friend, grantedAt: Fixture.date)
            ]
        },
        .invalid("101 grants", "permissions", .tooMany(limit: 100)) {
            $0.permissions = (0..<101).map { _ in Fixture.permission(UserID()) }
        },
        .invalid("the owner as grantee", "permissions[0].userID", .notAllowed(detail: "the owner cannot be a grantee"))
        {
            $0.permissions = [Fixture.permission(Fixture.owner)]
        },
        .invalid("one user granted twice", "permissions[1].userID", .duplicate) {
            $0.permissions = [Fixture.permission(), Fixture.permission()]
        },
        .invalid(
            "a grant of the nested rule's path", "permissions[0].expiresAt",
            .notAllowed(detail: "must be after grantedAt")
        ) {
            $0.permissions = [Fixture.permission()]
            $0.permissions[0].expiresAt = Fixture.date
        },
    ]

    static let dateCases: [Case] = [
        .valid("updatedAt equal to createdAt") { $0.updatedAt = $0.createdAt },
        .valid("created at the first instant of 1970") {
            $0.createdAt = ValidationLimits.earliestDate
            $0.updatedAt = $0.createdAt
        },
        .valid("last synced at the last instant of 9999") { $0.lastSyncedAt = ValidationLimits.latestDate },
        .invalid("createdAt NaN", "createdAt", .notFinite) { $0.createdAt = Fixture.nanDate },
        .invalid("createdAt infinite", "createdAt", .notFinite) { $0.createdAt = Fixture.infiniteDate },
        .invalid("createdAt before 1970", "createdAt", Fixture.dateBounds) { $0.createdAt = Fixture.before1970 },
        .invalid("updatedAt after 9999", "updatedAt", Fixture.dateBounds) { $0.updatedAt = Fixture.after9999 },
        .invalid("updatedAt before createdAt", "updatedAt", .notAllowed(detail: "must not be before createdAt")) {
            $0.updatedAt = Fixture.earlier
        },
        .invalid("lastSyncedAt after 9999", "lastSyncedAt", Fixture.dateBounds) { $0.lastSyncedAt = Fixture.after9999 },
        .invalid(
            "visibility rule, with its full path", "visibilityRules.timeRules[0].recurrence.interval",
            .outOfRange(minimum: 1, maximum: 1_000)
        ) {
            $0.visibilityRules = Fixture.bedtime()
            $0.visibilityRules?.timeRules?[0].recurrence?.interval = 0
        },
    ]

    static let collaborationCases: [Case] = [
        .valid("1000 reactions") { $0.reactions = (0..<1_000).map { _ in Fixture.reaction(user: UserID()) } },
        .valid("one user with two different emoji") { $0.reactions = [Fixture.reaction("👍"), Fixture.reaction("❤️")] },
        .invalid("1001 reactions", "reactions", .tooMany(limit: 1_000)) {
            $0.reactions = (0..<1_001).map { _ in Fixture.reaction(user: UserID()) }
        },
        .invalid("one user with the same emoji twice", "reactions[1].emoji", .duplicate) {
            $0.reactions = [Fixture.reaction(), Fixture.reaction()]
        },
        .invalid("a reaction that is not an emoji", "reactions[0].emoji", .invalidFormat(expected: "a single emoji")) {
            $0.reactions = [Fixture.reaction("a")]
        },
        .valid("100,000 viewers") { $0.viewedBy = (0..<100_000).map { _ in UserID() } },
        .invalid("100,001 viewers", "viewedBy", .tooMany(limit: 100_000)) {
            $0.viewedBy = (0..<100_001).map { _ in UserID() }
        },
        .invalid("a viewer twice", "viewedBy[2]", .duplicate) {
            $0.viewedBy = [Fixture.friend, Fixture.owner, Fixture.friend]
        },
        .valid("view count 0") { $0.viewCount = 0 },
        .invalid("negative view count", "viewCount", .outOfRange(minimum: 0, maximum: Double(Int.max))) {
            $0.viewCount = -1
        },
        .valid("20 attachments") { $0.attachments = (0..<20).map { _ in Fixture.attachment() } },
        .invalid("21 attachments", "attachments", .tooMany(limit: 20)) {
            $0.attachments = (0..<21).map { _ in Fixture.attachment() }
        },
        .invalid("an attachment without a name", "attachments[1].fileName", .required) {
            $0.attachments = [Fixture.attachment(), Fixture.attachment()]
            $0.attachments[1].fileName = ""
        },
        .valid("an invalid comment, which is a record of its own") {
            var comment = Fixture.comment()
            comment.text = ""
            $0.comments = [comment]
        },
    ]

    @Test(arguments: titleCases + positionCases + orientationCases + scaleCases)
    func annotation_checksTitleAndPlacement(_ testCase: Case) {
        #expect(
            testCase.run(on: Fixture.annotation()) { a throws(ValidationError) in try a.validate() }
                == testCase.expected)
    }

    @Test(arguments: ownershipCases + dateCases + collaborationCases)
    func annotation_checksOwnershipDatesAndCollaboration(_ testCase: Case) {
        #expect(
            testCase.run(on: Fixture.annotation()) { a throws(ValidationError) in try a.validate() }
                == testCase.expected)
    }

    @Test func seedSampleAnnotation_isValid() {
        #expect(throws: Never.self) { try Fixture.annotation().validate() }
        var withBedtime = Fixture.annotation()
        withBedtime.visibilityRules = Fixture.bedtime()
        #expect(throws: Never.self) { try withBedtime.validate() }
    }

    @Test func firstFailureInDeclarationOrder_wins() {
        var annotation = Fixture.annotation()
        annotation.scale = 0
        annotation.title = Fixture.text(101)
        annotation.position.y = .nan
        #expect(throws: ValidationError(field: "title", reason: .tooLong(limit: 100))) { try annotation.validate() }
    }

    @Test func tenMegabyteTitle_isTooLong() {
        var annotation = Fixture.annotation()
        annotation.title = Fixture.hugeGrapheme()
        #expect(
            outcome { () throws(ValidationError) in try annotation.validate() }
                == ValidationError(field: "title", reason: .tooLong(limit: 100)))
    }
}
