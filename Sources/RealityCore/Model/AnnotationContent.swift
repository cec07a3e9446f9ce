import Foundation

/// The substance of an annotation: its text, strokes, media or rich text (seed 001 §2.1).
public struct AnnotationContent: Codable, Hashable, Sendable {
    /// Plain text.
    public var text: String?
    /// Serialised drawing strokes (PencilKit's `PKDrawing` data on Apple platforms).
    public var drawingData: Data?
    /// Where the media lives on the device that made it.
    public var mediaURL: URL?
    /// The content-addressed asset (SHA-256, lowercase hex) holding the media in the cloud.
    public var cloudAssetID: String?
    /// Rich text (an archived attributed string).
    public var richTextData: Data?

    /// Content with the given parts; all are optional.
    public init(
        text: String? = nil,
        drawingData: Data? = nil,
        mediaURL: URL? = nil,
        cloudAssetID: String? = nil,
        richTextData: Data? = nil
    ) {
        self.text = text
        self.drawingData = drawingData
        self.mediaURL = mediaURL
        self.cloudAssetID = cloudAssetID
        self.richTextData = richTextData
    }

    /// True when the content carries nothing at all.
    ///
    /// The seed's version ignored `cloudAssetID` and `richTextData`, so content that lived only in
    /// the cloud counted as empty, and treated whitespace-only text as content. Here every part
    /// counts and text must hold something other than white space.
    public var isEmpty: Bool {
        !hasText && drawingData?.isEmpty != false && !hasMedia && richTextData?.isEmpty != false
    }

    /// True when the text holds something other than white space.
    public var hasText: Bool {
        guard let text else { return false }
        return text.contains { !$0.isWhitespace }
    }

    /// True when a media file is referenced, locally or in the cloud.
    public var hasMedia: Bool { mediaURL != nil || cloudAssetID != nil }
}
