import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationReactionAttachmentTests {
    static let notEmoji = ValidationError.Reason.invalidFormat(expected: "a single emoji")

    @Test(arguments: ["👍", "❤️", "👨‍👩‍👧", "🇩🇪", "👍🏽", "1️⃣", "#️⃣", "©️", "☝🏽", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "👩🏽‍❤️‍💋‍👨🏻"])
    func emoji_singleGraphemeEmojiIsAccepted(_ emoji: String) {
        #expect(Reaction.isEmoji(emoji))
        #expect(throws: Never.self) { try Fixture.reaction(emoji).validate() }
    }

    @Test(
        arguments: [
            ("a", notEmoji), ("1", notEmoji), ("#", notEmoji), ("*", notEmoji), ("©", notEmoji), ("1️", notEmoji),
            ("👍👍", notEmoji), ("👍 ", notEmoji), ("ab", notEmoji), ("é", notEmoji), ("", .required), (" ", .required),
            ("\n\t", .required),
        ] as [(String, ValidationError.Reason)])
    func emoji_anythingElseIsRefused(_ emoji: String, _ reason: ValidationError.Reason) {
        #expect(!Reaction.isEmoji(emoji))
        #expect(throws: ValidationError(field: "emoji", reason: reason)) { try Fixture.reaction(emoji).validate() }
    }

    @Test func emoji_hugeInputsFailFast() {
        #expect(throws: ValidationError(field: "emoji", reason: Self.notEmoji)) {
            try Fixture.reaction(Fixture.huge()).validate()
        }
        #expect(throws: ValidationError(field: "emoji", reason: Self.notEmoji)) {
            try Fixture.reaction(Fixture.hugeGrapheme()).validate()
        }
        #expect(throws: ValidationError(field: "emoji", reason: Self.notEmoji)) {
            try Fixture.reaction(Fixture.text(5_000_000, " ")).validate()
        }
    }

    @Test func reaction_createdAtMustBeARealDate() {
        var reaction = Fixture.reaction()
        reaction.createdAt = Fixture.nanDate
        #expect(throws: ValidationError(field: "createdAt", reason: .notFinite)) { try reaction.validate() }
        reaction.createdAt = Fixture.after9999
        #expect(throws: ValidationError(field: "reactions[4].createdAt", reason: Fixture.dateBounds)) {
            try reaction.validate(fieldPrefix: "reactions[4]")
        }
    }

    typealias Case = ValidationCase<RealityCore.Attachment>
    static let fileNameFormat = ValidationError.Reason.invalidFormat(expected: "a file name without '/', '\\' or NUL")
    static let mimeFormat = ValidationError.Reason.invalidFormat(expected: "a MIME type such as \"image/jpeg\"")
    static let fiveGiB: Int64 = 5 * 1_073_741_824

    static let fileNameCases: [Case] = [
        .valid("name of 255 characters") { $0.fileName = Fixture.text(255) },
        .valid("name with spaces and dots") { $0.fileName = "Kitchen plan v2.final.pdf" },
        .invalid("empty name", "fileName", .required) { $0.fileName = "" },
        .invalid("blank name", "fileName", .required) { $0.fileName = "   " },
        .invalid("name of 256 characters", "fileName", .tooLong(limit: 255)) { $0.fileName = Fixture.text(256) },
        .invalid("10 MB name", "fileName", .tooLong(limit: 255)) { $0.fileName = Fixture.huge() },
        .invalid("name with a slash", "fileName", fileNameFormat) { $0.fileName = "../../etc/passwd" },
        .invalid("name with a backslash", "fileName", fileNameFormat) { $0.fileName = "C:\\photo.jpg" },
        .invalid("name with NUL", "fileName", .invalidFormat(expected: "text without NUL characters")) {
            $0.fileName = "photo\u{0}.jpg"
        },
        .invalid("name ..", "fileName", fileNameFormat) { $0.fileName = ".." },
        .invalid("name .", "fileName", fileNameFormat) { $0.fileName = "." },
    ]

    static let fileTypeCases: [Case] = [
        .valid("image/jpeg") { $0.fileType = "image/jpeg" },
        .valid("upper case") { $0.fileType = "IMAGE/HEIC" },
        .valid("structured suffix") { $0.fileType = "application/vnd.api+json" },
        .valid("names of 127 characters") { $0.fileType = Fixture.text(127) + "/" + Fixture.text(127) },
        .invalid("empty type", "fileType", .required) { $0.fileType = "" },
        .invalid("type without subtype", "fileType", mimeFormat) { $0.fileType = "image" },
        .invalid("empty subtype", "fileType", mimeFormat) { $0.fileType = "image/" },
        .invalid("empty type part", "fileType", mimeFormat) { $0.fileType = "/jpeg" },
        .invalid("two slashes", "fileType", mimeFormat) { $0.fileType = "image/jpeg/x" },
        .invalid("parameters", "fileType", mimeFormat) { $0.fileType = "text/plain; charset=utf-8" },
        .invalid("a space", "fileType", mimeFormat) { $0.fileType = "image /jpeg" },
        .invalid("subtype starting with a symbol", "fileType", mimeFormat) { $0.fileType = "image/+jpeg" },
        .invalid("name of 128 characters", "fileType", mimeFormat) { $0.fileType = Fixture.text(128) + "/x" },
        .invalid("10 MB type", "fileType", mimeFormat) { $0.fileType = Fixture.huge() },
    ]

    static let otherCases: [Case] = [
        .valid("empty file") { $0.fileSize = 0 },
        .valid("5 GiB") { $0.fileSize = fiveGiB },
        .invalid("negative size", "fileSize", .outOfRange(minimum: 0, maximum: Double(fiveGiB))) { $0.fileSize = -1 },
        .invalid("5 GiB + 1", "fileSize", .outOfRange(minimum: 0, maximum: Double(fiveGiB))) {
            $0.fileSize = fiveGiB + 1
        },
        .valid("local URL of 2048 bytes") { $0.localURL = Fixture.url(bytes: 2_048) },
        .invalid("local URL of 2049 bytes", "localURL", .tooLong(limit: 2_048)) {
            $0.localURL = Fixture.url(bytes: 2_049)
        },
        .invalid("cloud asset not a digest", "cloudAssetID", .invalidFormat(expected: FieldCheck.assetIDFormat)) {
            $0.cloudAssetID = "CKAsset-123"
        },
        .valid("thumbnail URL of 2048 bytes") { $0.thumbnailURL = Fixture.url(bytes: 2_048) },
        .invalid("thumbnail URL of 2049 bytes", "thumbnailURL", .tooLong(limit: 2_048)) {
            $0.thumbnailURL = Fixture.url(bytes: 2_049)
        },
        .valid("not uploaded yet") { $0.uploadedAt = nil },
        .invalid("uploadedAt infinite", "uploadedAt", .notFinite) { $0.uploadedAt = Fixture.infiniteDate },
        .invalid("uploadedAt before 1970", "uploadedAt", Fixture.dateBounds) { $0.uploadedAt = Fixture.before1970 },
    ]

    @Test(arguments: fileNameCases + fileTypeCases + otherCases)
    func attachment_checksEveryField(_ testCase: Case) {
        #expect(
            testCase.run(on: Fixture.attachment()) { a throws(ValidationError) in try a.validate() }
                == testCase.expected)
    }

    typealias GrantCase = ValidationCase<Permission>

    static let grantCases: [GrantCase] = [
        .valid("a grant without expiry") { $0.expiresAt = nil },
        .valid("a grant expiring later") { $0.expiresAt = Fixture.later },
        .invalid("expiring when granted", "expiresAt", .notAllowed(detail: "must be after grantedAt")) {
            $0.expiresAt = Fixture.date
        },
        .invalid("expiring before granted", "expiresAt", .notAllowed(detail: "must be after grantedAt")) {
            $0.expiresAt = Fixture.earlier
        },
        .invalid("grantedAt NaN", "grantedAt", .notFinite) { $0.grantedAt = Fixture.nanDate },
        .invalid("grantedAt before 1970", "grantedAt", Fixture.dateBounds) { $0.grantedAt = Fixture.before1970 },
        .invalid("expiresAt infinite", "expiresAt", .notFinite) { $0.expiresAt = Fixture.infiniteDate },
    ]

    @Test(arguments: grantCases)
    func permission_checksItsDates(_ testCase: GrantCase) {
        #expect(
            testCase.run(on: Fixture.permission()) { p throws(ValidationError) in try p.validate() }
                == testCase.expected)
    }
}
