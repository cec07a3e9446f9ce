import Foundation

extension AnnotationContent {
    /// Most characters of plain text in an annotation: 10,000, a long note (about four pages).
    public static let maxTextLength = 10_000

    /// Most bytes of serialised drawing strokes: 1 MiB, far beyond a hand-drawn sketch.
    public static let maxDrawingDataBytes = 1 << 20

    /// Most bytes of rich text: 1 MiB. Images belong in attachments, not inside the text.
    public static let maxRichTextDataBytes = 1 << 20

    /// Checks content for an annotation of `type` (seed 001 §6.1 "content must not be empty",
    /// made aware of the type).
    ///
    /// In order, first failure wins:
    /// 1. The parts in declaration order: text ≤ ``maxTextLength`` characters, drawing data ≤
    ///    ``maxDrawingDataBytes``, media URL ≤ ``ValidationLimits/maxURLBytes``, cloud asset a
    ///    SHA-256 digest, rich text ≤ ``maxRichTextDataBytes``. Sizes come first so that a huge
    ///    text is refused before anything reads it to see whether it is blank.
    /// 2. Not empty (field `content`, `required`). For the media types an attachment counts as
    ///    content, so a photo whose file is an attachment may leave the content empty.
    /// 3. What the type needs (`required`): `.text` non-blank text or rich text (`content.text`);
    ///    `.drawing` drawing data (`content.drawingData`); photo, voice memo, video and 3D object a
    ///    media URL or cloud asset (`content.mediaURL`), unless `hasAttachments`.
    ///
    /// Parts a type does not use may still be present (a photo with a caption in `text`).
    /// - Parameters:
    ///   - type: the annotation's type.
    ///   - fieldPrefix: the path of the content in its record.
    ///   - hasAttachments: whether the annotation carries at least one attachment.
    public func validate(
        for type: AnnotationType, fieldPrefix: String = "content", hasAttachments: Bool = false
    ) throws(ValidationError) {
        if let text {
            try FieldCheck.length(text, field: FieldCheck.path(fieldPrefix, "text"), limit: Self.maxTextLength)
        }
        try FieldCheck.data(
            drawingData, field: FieldCheck.path(fieldPrefix, "drawingData"), limit: Self.maxDrawingDataBytes)
        try FieldCheck.url(mediaURL, field: FieldCheck.path(fieldPrefix, "mediaURL"), schemes: .webOrDeviceFile)
        try FieldCheck.assetID(cloudAssetID, field: FieldCheck.path(fieldPrefix, "cloudAssetID"))
        try FieldCheck.data(
            richTextData, field: FieldCheck.path(fieldPrefix, "richTextData"), limit: Self.maxRichTextDataBytes)
        let mediaInAttachments = type.isMedia && hasAttachments
        if isEmpty, !mediaInAttachments {
            throw ValidationError(field: fieldPrefix, reason: .required)
        }
        switch type {
        case .text:
            guard hasText || richTextData?.isEmpty == false else {
                throw ValidationError(field: FieldCheck.path(fieldPrefix, "text"), reason: .required)
            }
        case .drawing:
            guard drawingData?.isEmpty == false else {
                throw ValidationError(field: FieldCheck.path(fieldPrefix, "drawingData"), reason: .required)
            }
        case .photo, .voiceMemo, .video, .object3D:
            guard hasMedia || mediaInAttachments else {
                throw ValidationError(field: FieldCheck.path(fieldPrefix, "mediaURL"), reason: .required)
            }
        }
    }
}
