import Foundation
import Testing

@testable import RealityCore

@Suite struct ValidationContentTests {
    /// A content check: the annotation type, whether attachments exist, the content, the outcome.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let type: AnnotationType
        let hasAttachments: Bool
        let content: @Sendable () -> AnnotationContent
        let expected: ValidationError?
        var testDescription: String { name }

        init(
            _ name: String, _ type: AnnotationType, attachments: Bool = false, _ expected: ValidationError? = nil,
            _ content: @escaping @Sendable () -> AnnotationContent
        ) {
            self.name = name
            self.type = type
            self.hasAttachments = attachments
            self.content = content
            self.expected = expected
        }
    }

    static func error(_ field: String, _ reason: ValidationError.Reason) -> ValidationError {
        ValidationError(field: field, reason: reason)
    }

    static let mebibyte = 1 << 20
    static let media = URL(string: "file:///var/media/photo.heic")

    static let emptiness: [Case] = [
        Case("empty text annotation", .text, error("content", .required)) { AnnotationContent() },
        Case("blank text only", .text, error("content", .required)) { AnnotationContent(text: " \n ") },
        Case("empty drawing", .drawing, error("content", .required)) { AnnotationContent(drawingData: Data()) },
        Case("empty photo", .photo, error("content", .required)) { AnnotationContent() },
        Case("empty text with attachments", .text, attachments: true, error("content", .required)) {
            AnnotationContent()
        },
        Case("empty photo with attachments", .photo, attachments: true) { AnnotationContent() },
        Case("empty video with attachments", .video, attachments: true) { AnnotationContent() },
    ]

    static let byType: [Case] =
        [
            Case("text with text", .text) { AnnotationContent(text: "Remember to buy milk") },
            Case("text with rich text only", .text) { AnnotationContent(richTextData: Data([1, 2, 3])) },
            Case("text with only a drawing", .text, error("content.text", .required)) {
                AnnotationContent(drawingData: Data([1]))
            },
            Case("drawing with strokes", .drawing) { AnnotationContent(drawingData: Data([1])) },
            Case("drawing with only text", .drawing, error("content.drawingData", .required)) {
                AnnotationContent(text: "a")
            },
            Case("drawing with empty strokes and text", .drawing, error("content.drawingData", .required)) {
                AnnotationContent(text: "a", drawingData: Data())
            },
            Case("photo with a media URL", .photo) { AnnotationContent(mediaURL: media) },
            Case("photo with a cloud asset", .photo) { AnnotationContent(cloudAssetID: Fixture.assetID) },
            Case("photo with a caption and attachments", .photo, attachments: true) { AnnotationContent(text: "Look") },
            Case(
                "drawing with attachments but no strokes", .drawing, attachments: true,
                error("content.drawingData", .required)
            ) {
                AnnotationContent(text: "a")
            },
        ]
        + [AnnotationType.photo, .voiceMemo, .video, .object3D].map { type in
            Case("\(type) with only a caption", type, error("content.mediaURL", .required)) {
                AnnotationContent(text: "Look")
            }
        }

    static let sizes: [Case] = [
        Case("text of 10,000 characters", .text) { AnnotationContent(text: Fixture.text(10_000)) },
        Case("text of 10,001 characters", .text, error("content.text", .tooLong(limit: 10_000))) {
            AnnotationContent(text: Fixture.text(10_001))
        },
        Case("text of 10 MB", .text, error("content.text", .tooLong(limit: 10_000))) {
            AnnotationContent(text: Fixture.huge())
        },
        Case("caption of 10 MB on a photo", .photo, error("content.text", .tooLong(limit: 10_000))) {
            AnnotationContent(text: Fixture.huge(), mediaURL: media)
        },
        Case("text of one 10 MB grapheme", .text, error("content.text", .tooLong(limit: 10_000))) {
            AnnotationContent(text: Fixture.hugeGrapheme())
        },
        Case("oversized strokes before missing text", .text, error("content.drawingData", .tooLong(limit: mebibyte))) {
            AnnotationContent(drawingData: Data(count: mebibyte + 1))
        },
        Case("drawing of 1 MiB", .drawing) { AnnotationContent(drawingData: Data(count: mebibyte)) },
        Case("drawing of 1 MiB + 1", .drawing, error("content.drawingData", .tooLong(limit: mebibyte))) {
            AnnotationContent(drawingData: Data(count: mebibyte + 1))
        },
        Case("rich text of 1 MiB", .text) { AnnotationContent(richTextData: Data(count: mebibyte)) },
        Case("rich text of 1 MiB + 1", .text, error("content.richTextData", .tooLong(limit: mebibyte))) {
            AnnotationContent(richTextData: Data(count: mebibyte + 1))
        },
        Case("media URL of 2048 bytes", .photo) { AnnotationContent(mediaURL: Fixture.url(bytes: 2_048)) },
        Case("media URL of 2049 bytes", .photo, error("content.mediaURL", .tooLong(limit: 2_048))) {
            AnnotationContent(mediaURL: Fixture.url(bytes: 2_049))
        },
    ]

    static let assetIDs: [Case] = [
        ("uppercase", Fixture.assetID.uppercased()),
        ("63 characters", String(Fixture.assetID.dropLast())),
        ("65 characters", Fixture.assetID + "0"),
        ("empty", ""),
        ("not hex", Fixture.text(64, "g")),
        ("10 MB", Fixture.text(10_000_000, "a")),
    ].map { name, id in
        Case(
            "cloud asset \(name)", .photo,
            error("content.cloudAssetID", .invalidFormat(expected: FieldCheck.assetIDFormat))
        ) {
            AnnotationContent(cloudAssetID: id)
        }
    }

    @Test(arguments: emptiness + byType + sizes + assetIDs)
    func content_isCheckedForItsType(_ testCase: Case) {
        let content = testCase.content()
        let result = outcome { () throws(ValidationError) in
            try content.validate(for: testCase.type, hasAttachments: testCase.hasAttachments)
        }
        #expect(result == testCase.expected)
    }

    @Test func photoWhoseFileIsAnAttachment_validatesAsAnnotation() {
        var annotation = Fixture.annotation()
        annotation.type = .photo
        annotation.content = AnnotationContent()
        annotation.attachments = [Fixture.attachment()]
        #expect(throws: Never.self) { try annotation.validate() }
        annotation.attachments = []
        #expect(throws: ValidationError(field: "content", reason: .required)) { try annotation.validate() }
    }

    @Test func contentErrors_useTheGivenPrefix() {
        #expect(throws: ValidationError(field: "draft.content.text", reason: .required)) {
            try AnnotationContent(drawingData: Data([1])).validate(for: .text, fieldPrefix: "draft.content")
        }
    }
}
